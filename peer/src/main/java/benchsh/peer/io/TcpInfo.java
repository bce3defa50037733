package benchsh.peer.io;

/**
 * One reading of a TCP connection's state as the kernel keeps it ({@code getsockopt(TCP_INFO)}, {@code struct tcp_info}
 * in linux/tcp.h), as read by {@link TcpInfoSampler}. A field the kernel's struct does not reach (an older kernel
 * returns a shorter one) is -1. Immutable.
 *
 * @param sndMssBytes         the MSS the connection sends with (tcpi_snd_mss)
 * @param unackedPackets      segments sent and not yet acknowledged (tcpi_unacked)
 * @param sackedPackets       of those, selectively acknowledged (tcpi_sacked)
 * @param lostPackets         of those, taken for lost (tcpi_lost)
 * @param retransPackets      of those, retransmitted and not yet acknowledged (tcpi_retrans)
 * @param srttMicros          smoothed round-trip time (tcpi_rtt), µs
 * @param rttvarMicros        its mean deviation (tcpi_rttvar), µs
 * @param sndCwndPackets      congestion window (tcpi_snd_cwnd), segments
 * @param totalRetrans        segments retransmitted over the connection's life (tcpi_total_retrans)
 * @param pacingRateBytesPerS the pacing rate (tcpi_pacing_rate, Linux 3.15), -1 when unlimited
 * @param minRttMicros        the smallest RTT seen (tcpi_min_rtt, Linux 4.6), µs
 * @param deliveryRateBytesPerS the delivery-rate estimate (tcpi_delivery_rate, Linux 4.9)
 * @param bytesRetrans        bytes retransmitted over the connection's life (tcpi_bytes_retrans, Linux 4.19)
 */
public record TcpInfo(long sndMssBytes, long unackedPackets, long sackedPackets, long lostPackets, long retransPackets, long srttMicros,
                      long rttvarMicros, long sndCwndPackets, long totalRetrans, long pacingRateBytesPerS, long minRttMicros,
                      long deliveryRateBytesPerS, long bytesRetrans) {
    /**
     * Segments in flight, as the kernel counts them for its congestion window (tcp_packets_in_flight): unacknowledged,
     * less those the receiver holds (SACKed) or that are taken for lost, plus their retransmissions.
     */
    public long inFlightPackets() {
        return Math.max(0, unackedPackets - sackedPackets - lostPackets + retransPackets);
    }

    /** {@link #inFlightPackets} in bytes, at the MSS the connection sends with: an estimate to within a segment each. */
    public long inFlightBytes() {
        return inFlightPackets() * sndMssBytes;
    }

    /** The congestion window in bytes: segments × the MSS the connection sends with. */
    public long cwndBytes() {
        return sndCwndPackets * sndMssBytes;
    }
}
