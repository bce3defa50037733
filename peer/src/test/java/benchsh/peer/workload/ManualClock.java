package benchsh.peer.workload;

/**
 * A {@link Pacer.Clock} for tests, with no real time in it: it moves only when its user waits (by what it asks plus
 * {@link #overshoot}, a timer that wakes late) or the test moves it ({@link #now}). Not thread-safe.
 */
public final class ManualClock implements Pacer.Clock {
    /** Where it starts: 5 s. */
    public final long origin = 5_000_000_000L;
    /** Its reading. */
    public long now = origin;
    /** How much longer than asked each wait lasts. */
    public long overshoot;
    /** How many waits it had. */
    public int waits;

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public void parkNanos(long nanos) {
        waits++;
        now += nanos + overshoot;
    }

    /** How far it moved since it started. */
    public long elapsed() {
        return now - origin;
    }
}
