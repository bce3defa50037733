package benchsh.peer.io;

import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;

/**
 * What TCP did on a sender's connections over a whole test ({@link TcpInfoSampler}): their retransmissions (over the
 * connections' lives, the warm-up included, as a count of udp's is), the range of the smoothed round-trip times read at
 * the intervals' ends and at the end, and what the kernel settled on: the MSS and the congestion control. A report's
 * part, for any workload that streams over TCP. Absent figures are NaN or null. Immutable.
 */
public record TcpSummary(
        @Metric(unit = Unit.COUNT, means = "tcp: segments the sender retransmitted, all connections, the whole test (tcpi_total_retrans;"
                + " iperf3's Retr)") long retransmits,
        @Metric(unit = Unit.BYTES, means = "tcp: bytes the sender retransmitted (tcpi_bytes_retrans, Linux 4.19+)") @OrNull Long retransmittedBytes,
        @Metric(unit = Unit.MICROSECONDS, means = "tcp: the smallest smoothed round-trip time read (at each interval's end and the"
                + " end, any connection)") double srttMinUs,
        @Metric(unit = Unit.MICROSECONDS, means = "tcp: the largest") double srttMaxUs,
        @Metric(unit = Unit.MICROSECONDS, means = "tcp: the smallest round trip the sender's kernel saw (tcpi_min_rtt, Linux 4.6+)")
        double minRttUs,
        @Metric(unit = Unit.BYTES, means = "tcp: the largest congestion window read on one connection (tcpi_snd_cwnd × tcpi_snd_mss)")
        long cwndMaxBytes,
        @Metric(unit = Unit.BYTES, means = "tcp: the MSS the sender sends with (tcpi_snd_mss: the route's, or mss: as the handshake"
                + " settled it)") long mssBytes,
        @Metric(unit = Unit.TEXT, means = "tcp: the congestion control the sender's kernel runs (TCP_CONGESTION, read back)")
        @OrNull String congestionControl) {
}
