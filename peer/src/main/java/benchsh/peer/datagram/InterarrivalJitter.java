package benchsh.peer.datagram;

/**
 * The interarrival jitter of RFC 3550, section 6.4.1 and appendix A.8: for packets i-1 and i with
 * send times S and arrival times R, {@code D = (R_i - R_(i-1)) - (S_i - S_(i-1))} and
 * {@code J += (|D| - J) / 16}. Only differences of each clock are used, so the sender's and the
 * receiver's clocks need not agree (drift between them still shows). Fed in arrival order, as the
 * RFC does. Times in ns. Not thread-safe.
 */
public final class InterarrivalJitter {
    private double jitterNanos;
    private long lastSend;
    private long lastArrival;
    private boolean primed;

    /** Feeds one packet's send and arrival times, in ns on the respective clocks. */
    public void add(long sendNanos, long arrivalNanos) {
        if (primed) {
            long d = (arrivalNanos - lastArrival) - (sendNanos - lastSend);
            jitterNanos += (Math.abs(d) - jitterNanos) / 16.0;
        }
        primed = true;
        lastSend = sendNanos;
        lastArrival = arrivalNanos;
    }

    /** The current jitter estimate in ns. */
    public double nanos() {
        return jitterNanos;
    }
}
