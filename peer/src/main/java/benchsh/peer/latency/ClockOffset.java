package benchsh.peer.latency;

import benchsh.peer.protocol.ClockExchange;

/**
 * How far the reflector's clock reads ahead of the prober's, estimated from the probes themselves, each an NTP exchange
 * ({@link ClockExchange}): peer to peer, over the very path measured, rather than composed from each peer's offset to
 * the shell, whose control channel (SSH) has round trips of milliseconds where the probes' idle ones are tens of
 * microseconds on a LAN, and adds both peers' uncertainties. In each of the two clock windows (the test's first and
 * last idle phases) the probe with the shortest round trip is taken, NTP's clock filter (RFC 5905, section 10.1): its
 * offset θ lies within δ/2 of the truth whatever the path's asymmetry. Between the two the offset is taken as a straight
 * line, so a drift of the clocks over the test is followed; with one exchange it is a constant. The uncertainty is the
 * larger of the two half round trips. Immutable.
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

    /** The line through the two exchanges with the shortest round trips, the first near the start and the last near the end; either may be null. */
    static ClockOffset of(ClockExchange first, ClockExchange last) {
        if (first == null || last == null) {
            ClockExchange only = first != null ? first : last;
            return only == null ? UNKNOWN : new ClockOffset(only.midNanos(), only.offsetNanos(), only.offsetNanos(), 0, only.delayNanos() / 2.0);
        }
        long span = last.midNanos() - first.midNanos();
        double drift = span > 0 ? (last.offsetNanos() - first.offsetNanos()) / span : 0;
        return new ClockOffset(first.midNanos(), first.offsetNanos(), last.offsetNanos(), drift, Math.max(first.delayNanos(), last.delayNanos()) / 2.0);
    }

    /** The offset at {@code proberNanos} on the prober's clock. */
    double at(long proberNanos) {
        return offsetNanos + driftPerNano * (proberNanos - atNanos);
    }
}
