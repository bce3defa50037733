package benchsh.peer.workload;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A clock that stands still until the test moves it, for time-driven code under test: a {@link Pacer.Clock} (the
 * {@link Meter}'s sampler reads it and waits on it) and a {@link LongSupplier} of nanoseconds (the peer's silence
 * watch reads it). A wait on it ({@link #parkNanos}) ends when the clock is moved past the wait's end, or after a few
 * real milliseconds, as a spurious wakeup (which {@link java.util.concurrent.locks.LockSupport#parkNanos} allows too),
 * so a waiting thread still sees a stop. The test learns that the code took a move in with {@link #awaitTwoWaits}
 * or {@link #awaitTwoReads}. Thread-safe.
 */
public final class MovedClock implements Pacer.Clock, LongSupplier {
    /** How long a test waits for the code under test to come round: generous, for a loaded machine. */
    static final Duration WAIT = Duration.ofSeconds(30);
    private static final long SLICE_MILLIS = 5;
    private long now = 1_000_000_000_000L;
    private long reads;
    private long waits;

    @Override
    public synchronized long nanoTime() {
        reads++;
        notifyAll();
        return now;
    }

    @Override
    public long getAsLong() {
        return nanoTime();
    }

    @Override
    public synchronized void parkNanos(long nanos) {
        waits++;
        notifyAll();
        try {
            wait(SLICE_MILLIS); // woken early by a move; the caller reads the time again and waits again if it must
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Moves the time on by {@code by}, waking the waits it ends. */
    public synchronized void move(Duration by) {
        now += by.toNanos();
        notifyAll();
    }

    /**
     * Waits until the code under test began two more waits on the clock: the first began after this call, so the
     * round that followed it read the time as it is now, and the second began when that round was done.
     */
    public void awaitTwoWaits() throws InterruptedException {
        awaitTwoMore(false);
    }

    /**
     * Waits until the code under test read the clock twice more, for code that waits elsewhere and reads the clock
     * once a round: the first read saw the time as it is now, the second came a round later, when the first was done.
     */
    public void awaitTwoReads() throws InterruptedException {
        awaitTwoMore(true);
    }

    private synchronized void awaitTwoMore(boolean ofReads) throws InterruptedException {
        long target = (ofReads ? reads : waits) + 2;
        long end = System.nanoTime() + WAIT.toNanos();
        for (long left; (ofReads ? reads : waits) < target; ) {
            if ((left = end - System.nanoTime()) <= 0) {
                throw new AssertionError("the code under test did not come round to the clock within " + WAIT.toSeconds() + " s");
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }
}
