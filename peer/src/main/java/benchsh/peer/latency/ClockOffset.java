package benchsh.peer.latency;

import benchsh.peer.protocol.ClockExchange;

/**
 * How far the reflector's clock reads ahead of the prober's, estimated from the probes themselves, each an NTP exchange
 * ({@link ClockExchange}): peer to peer, over the very path measured, rather than composed from each peer's offset to
 * the shell, whose control channel (SSH) has round trips of milliseconds where the probes' idle ones are tens of
 * microseconds on a LAN, and adds both peers' uncertainties. In each of the two clock windows (the test's first and
 * last idle phases) the probe with the shortest round trip is taken, NTP's clock filter (RFC 5905, section 10.1): its
 * offset θ lies within δ/2 of the truth whatever the path's asymmetry. When both found the path idle (round trips within
 * {@link #COMPARABLE} of each other) the offset is the straight line between them, so a drift of the clocks over the
 * test is followed, and the uncertainty is the larger half round trip. Otherwise (the last phase still draining what
 * the load left in the queues) the faster one stands alone, a constant, and the uncertainty is its half round trip plus
 * what the clocks may drift apart over the span ({@link #DRIFT}). Immutable.
 *
 * @param atNanos          where the line starts, on the prober's clock (the first exchange's middle)
 * @param offsetNanos      the offset there
 * @param endOffsetNanos   the offset at the second exchange (the same as {@code offsetNanos} with one)
 * @param driftPerNano     how much the offset grows per nanosecond of the prober's clock
 * @param uncertaintyNanos how far the true offset may lie from the line
 */
record ClockOffset(long atNanos, double offsetNanos, double endOffsetNanos, double driftPerNano, double uncertaintyNanos) {
    /** No exchange was answered: every one-way figure is unknown. */
    static final ClockOffset UNKNOWN = new ClockOffset(0, Double.NaN, Double.NaN, 0, Double.NaN);
    /** Two exchanges found the path equally idle when the slower round trip is at most 4 times the faster plus 0.1 ms. */
    static final double COMPARABLE = 4;
    private static final long COMPARABLE_SLACK_NANOS = 100_000L;
    /** How fast two clocks may drift apart, taken at its worst for quartz: 100 ppm. */
    static final double DRIFT = 100e-6;

    /**
     * The offset from the exchanges with the shortest round trips near the start and near the end (either may be null):
     * the line through both when they are comparably fast, else the faster one alone.
     */
    static ClockOffset of(ClockExchange first, ClockExchange last) {
        if (first == null || last == null) {
            ClockExchange only = first != null ? first : last;
            return only == null ? UNKNOWN : new ClockOffset(only.midNanos(), only.offsetNanos(), only.offsetNanos(), 0, only.delayNanos() / 2.0);
        }
        long span = last.midNanos() - first.midNanos();
        long fast = Math.min(first.delayNanos(), last.delayNanos());
        long slow = Math.max(first.delayNanos(), last.delayNanos());
        if (slow > COMPARABLE * fast + COMPARABLE_SLACK_NANOS) {
            ClockExchange only = first.delayNanos() <= last.delayNanos() ? first : last;
            return new ClockOffset(only.midNanos(), only.offsetNanos(), only.offsetNanos(), 0, only.delayNanos() / 2.0 + Math.abs(span) * DRIFT);
        }
        double drift = span > 0 ? (last.offsetNanos() - first.offsetNanos()) / span : 0;
        return new ClockOffset(first.midNanos(), first.offsetNanos(), last.offsetNanos(), drift, slow / 2.0);
    }

    /** The offset at {@code proberNanos} on the prober's clock. */
    double at(long proberNanos) {
        return offsetNanos + driftPerNano * (proberNanos - atNanos);
    }
}
