package benchsh.peer.io;

import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;

/**
 * What TCP did on a sender's connections in one interval, as iperf3 shows it per interval (Retr, Cwnd) and {@code ss -ti}
 * more: the kernel's TCP_INFO read at the interval's end ({@link TcpInfoSampler}), the connections' figures added up
 * (their round-trip times averaged). An interval sample's part, for any workload that streams over TCP. Absent figures
 * are NaN. Immutable.
 */
public record TcpInternals(
        @Metric(unit = Unit.COUNT, means = "tcp: segments the sender retransmitted in the interval (tcpi_total_retrans), all connections")
        long retransmits,
        @Metric(unit = Unit.BYTES, means = "tcp: the sender's congestion window at the interval's end, tcpi_snd_cwnd × tcpi_snd_mss, all"
                + " connections added") long cwndBytes,
        @Metric(unit = Unit.MICROSECONDS, means = "tcp: the sender's smoothed round-trip time at the interval's end (tcpi_rtt; the mean of"
                + " the connections')") double srttUs,
        @Metric(unit = Unit.MICROSECONDS, means = "tcp: its mean deviation (tcpi_rttvar; the mean of the connections')") double rttvarUs,
        @Metric(unit = Unit.BITS_PER_SECOND, means = "tcp: the kernel's estimate of the rate data was delivered at (tcpi_delivery_rate × 8,"
                + " Linux 4.9+), all connections added") double deliveryRateBps,
        @Metric(unit = Unit.BITS_PER_SECOND, means = "tcp: the rate the sender's kernel paces at (tcpi_pacing_rate × 8), all connections"
                + " added; absent while one is unlimited") double pacingRateBps,
        @Metric(unit = Unit.BYTES, means = "tcp: bytes in flight at the interval's end: segments unacknowledged, less SACKed and lost,"
                + " plus retransmitted (the kernel's tcp_packets_in_flight), × tcpi_snd_mss, all connections added") long inFlightBytes) {
}
