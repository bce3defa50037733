package benchsh.peer.protocol;

/**
 * One exchange of four timestamps between two clocks, taken as NTP takes them (RFC 5905, section 8): {@code t1} when
 * the asking side sent, {@code t2} when the answering side received, {@code t3} when it answered and {@code t4} when
 * the asking side had the answer; t1 and t4 on the asker's clock, t2 and t3 on the answerer's, all in nanoseconds
 * ({@link System#nanoTime()} of each process). The answerer's clock reads ahead of the asker's by the offset θ = ((t2 −
 * t1) + (t3 − t4)) / 2, give or take half the round trip δ = (t4 − t1) − (t3 − t2): whatever the two one-way delays, as
 * long as neither is negative, the true offset lies within θ ± δ/2, so the exchange with the shortest round trip bounds
 * it best. The shell's clock exchanges with each peer (PING) and the latency probes are such exchanges. Immutable.
 */
public record ClockExchange(long t1, long t2, long t3, long t4) {
    /** θ, in nanoseconds: how far the answerer's clock reads ahead of the asker's. */
    public double offsetNanos() {
        return ((double) (t2 - t1) + (double) (t3 - t4)) / 2;
    }

    /** δ, in nanoseconds: the round trip without the time the answerer held the question. */
    public long delayNanos() {
        return (t4 - t1) - (t3 - t2);
    }

    /** The middle of the exchange on the asker's clock: where its offset was measured. */
    public long midNanos() {
        return t1 + (t4 - t1) / 2;
    }
}
