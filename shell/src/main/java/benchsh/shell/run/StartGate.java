package benchsh.shell.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The barrier of a {@code together} block: every test sets up its receiver, waits here, and then
 * all senders start at once. Records when each one passed, so the start skew can be reported.
 * Thread-safe.
 */
public final class StartGate {
    private final CyclicBarrier barrier;
    private final Duration timeout;
    private final List<Long> passed = new ArrayList<>();

    public StartGate(int parties, Duration timeout) {
        this.barrier = new CyclicBarrier(parties);
        this.timeout = timeout;
    }

    /** Waits for every party; returns false if the others did not arrive in time (the test then starts alone). */
    public boolean pass() throws InterruptedException {
        try {
            barrier.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (BrokenBarrierException | TimeoutException e) {
            barrier.reset();
            return false;
        } finally {
            synchronized (passed) {
                passed.add(System.nanoTime());
            }
        }
    }

    /** A party that will never arrive (its test failed before the barrier). */
    public void abandon() {
        barrier.reset();
    }

    /** The spread of the start times, in milliseconds; NaN before two parties passed. */
    public double skewMillis() {
        synchronized (passed) {
            if (passed.size() < 2) {
                return Double.NaN;
            }
            long min = passed.stream().mapToLong(Long::longValue).min().orElse(0);
            long max = passed.stream().mapToLong(Long::longValue).max().orElse(0);
            return (max - min) / 1e6;
        }
    }
}
