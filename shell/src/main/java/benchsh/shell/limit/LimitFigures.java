package benchsh.shell.limit;

import benchsh.peer.metric.Each;
import benchsh.peer.metric.Headline;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;
import java.util.Map;

/**
 * The figures of one loss target of a {@code limit} search (RFC 2544 throughput; NDR and PDR from one search): the
 * highest offered rate whose loss met the target, as payload, frames and wire rate, the loss there and the one allowed,
 * the final bracket (that rate and the lowest one that failed), the sender's line rate, how the search went and the frame
 * it counted in; with {@code confirm:} the repeats at the limit, with {@code latency:} the round trips beside a stream at
 * 10, 50, 90 and 100 % of it. Immutable.
 *
 * @param limitLossPct NaN when no trial passed
 * @param firstFailBps NaN when no trial failed (the first trial passed)
 * @param lineRateBps  NaN when the sender's line rate is unknown
 * @param confirm      null without {@code confirm:} or without a limit
 * @param latency      by load in % of the limit ("10", "50", "90", "100"); null without {@code latency:} or without a limit
 */
@Headline("limit_bps")
public record LimitFigures(
        @Metric(unit = Unit.BITS_PER_SECOND, means = "limit: the highest offered payload rate whose loss met the target (the bracket's bottom)")
        double limitBps,
        @Metric(unit = Unit.PER_SECOND, means = "limit: that rate in datagrams (Ethernet frames) per second") double limitFramesPerS,
        @Metric(unit = Unit.BITS_PER_SECOND, means = "limit: that rate on the wire: frames with Ethernet, IP, UDP headers, FCS, preamble and gap")
        double limitWireBps,
        @Metric(unit = Unit.PERCENT, means = "limit: the loss of the trial at the limit") double limitLossPct,
        @Metric(unit = Unit.PERCENT, means = "limit: the loss allowed (one row per loss: target)") double targetLossPct,
        @Metric(unit = Unit.BITS_PER_SECOND, means = "limit: the lowest offered payload rate that lost more than the target (the bracket's top)")
        double firstFailBps,
        @Metric(unit = Unit.BITS_PER_SECOND, means = "limit: the high bound searched from (max:, or what the unpaced first trial sent)") double highBps,
        @Metric(unit = Unit.BITS_PER_SECOND, means = "limit: the sender's line rate: the slowest of link:, its interface's speed and its root tbf's"
                + " rate, in bits/s as that one counts them") double lineRateBps,
        @Metric(unit = Unit.PERCENT, means = "limit: the sender's peer process in the first trial (its full speed), CPU in % of one core")
        double senderCorePct,
        @Metric(unit = Unit.BYTES, means = "limit: the Ethernet frame per datagram, header to FCS, padded to 64 bytes") long frameBytes,
        @Metric(unit = Unit.BYTES, means = "limit: what a frame occupies on the wire, with 8 bytes preamble and 12 bytes gap") long wireFrameBytes,
        @Metric(unit = Unit.COUNT, means = "limit: the udp trials the search ran (all loss targets share them)") long trials,
        @Metric(unit = Unit.TEXT, means = "limit: converged, line rate, or why the search stopped short") String limitVerdict,
        @OrNull Confirmed confirm,
        @Each("load") @OrNull Map<String, Probed> latency) {

    /**
     * {@code confirm: N}: the trials repeated at the limit, how many met the target, and the spread of their loss and of
     * the rate the receiver got.
     */
    public record Confirmed(@Metric(unit = Unit.COUNT, means = "limit confirm: the trials repeated at the limit") long confirmRepeats,
                            @Metric(unit = Unit.COUNT, means = "limit confirm: the repeats whose loss met the target") long confirmPassed,
                            @Metric(unit = Unit.PERCENT, means = "limit confirm: the least loss of a repeat") double confirmLossMinPct,
                            @Metric(unit = Unit.PERCENT, means = "limit confirm: the most loss of a repeat") double confirmLossMaxPct,
                            @Metric(unit = Unit.BITS_PER_SECOND, means = "limit confirm: the least payload rate the receiver got in a repeat")
                            double confirmReceivedMinBps,
                            @Metric(unit = Unit.BITS_PER_SECOND, means = "limit confirm: the most payload rate the receiver got in a repeat")
                            double confirmReceivedMaxBps) {
    }

    /**
     * {@code latency: true}: round trips of udp_rr probes beside a udp stream at a share of the limit (RFC 2544 §26.2 at
     * 100 %; test labs add 10, 50 and 90 %), with the stream's loss meanwhile and the probes' own rate.
     */
    public record Probed(@Metric(unit = Unit.MICROSECONDS, name = "latency_{load}pct_p50_us", means = "limit latency: round trip, median, beside"
                                 + " a stream at {load} % of the limit") double p50Us,
                         @Metric(unit = Unit.MICROSECONDS, name = "latency_{load}pct_p90_us", means = "limit latency: round trip, 90th percentile")
                         double p90Us,
                         @Metric(unit = Unit.MICROSECONDS, name = "latency_{load}pct_p99_us", means = "limit latency: round trip, 99th percentile")
                         double p99Us,
                         @Metric(unit = Unit.MICROSECONDS, name = "latency_{load}pct_max_us", means = "limit latency: round trip, slowest") double maxUs,
                         @Metric(unit = Unit.PER_SECOND, name = "latency_{load}pct_probes_per_s", means = "limit latency: probe round trips per"
                                 + " second (their own load on the link)") double probesPerS,
                         @Metric(unit = Unit.PERCENT, name = "latency_{load}pct_loss_pct", means = "limit latency: the stream's loss meanwhile")
                         double lossPct) {
    }
}
