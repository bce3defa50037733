package benchsh.shell.limit;

import benchsh.peer.metric.Headline;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;

/**
 * The figures of a {@code limit} search (RFC 2544 throughput by binary search of udp trials): the highest offered rate
 * whose loss met the target, as payload, frames and wire rate, the loss there and the one allowed, how the search went,
 * and the frame it counted in. Immutable.
 *
 * @param limitLossPct NaN when no trial passed
 */
@Headline("limit_bps")
public record LimitFigures(
        @Metric(unit = Unit.BITS_PER_SECOND, means = "limit: the highest offered payload rate whose loss met the target") double limitBps,
        @Metric(unit = Unit.PER_SECOND, means = "limit: that rate in datagrams (Ethernet frames) per second") double limitFramesPerS,
        @Metric(unit = Unit.BITS_PER_SECOND, means = "limit: that rate on the wire: frames with Ethernet, IP, UDP headers, FCS, preamble and gap")
        double limitWireBps,
        @Metric(unit = Unit.PERCENT, means = "limit: the loss of the trial at the limit") double limitLossPct,
        @Metric(unit = Unit.PERCENT, means = "limit: the loss allowed") double targetLossPct,
        @Metric(unit = Unit.BITS_PER_SECOND, means = "limit: the high bound searched from (max:, or what the unpaced first trial sent)") double highBps,
        @Metric(unit = Unit.BITS_PER_SECOND, means = "limit: the final distance between the highest pass and the lowest failure") double searchGapBps,
        @Metric(unit = Unit.BYTES, means = "limit: the Ethernet frame per datagram, header to FCS, padded to 64 bytes") long frameBytes,
        @Metric(unit = Unit.BYTES, means = "limit: what a frame occupies on the wire, with 8 bytes preamble and 12 bytes gap") long wireFrameBytes,
        @Metric(unit = Unit.COUNT, means = "limit: the udp trials the search ran") long trials,
        @Metric(unit = Unit.TEXT, means = "limit: converged, or why the search stopped short") String limitVerdict) {
}
