package benchsh.shell.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The common start of things that begin together (a {@code together} block's tests, the parts of one test) at one
 * scheduled instant, rather than as each is told in turn: every party sets up what must be ready first (its listener),
 * then passes the gate, which fixes the instant when the last one arrives: then, plus the longest lead any party asked
 * for (the time its STARTs need to reach their peers). Sides on peers begin at that instant as their own peer's clock
 * reads it ({@link benchsh.shell.host.PeerClock}) and say how late they began; work in the shell waits for it here. The
 * skew is the spread of those measured starts, not of the moments the shell sent them. Thread-safe.
 */
public final class StartGate {
    private final CyclicBarrier barrier;
    private final Duration timeout;
    private final AtomicLong lead = new AtomicLong();
    private final List<Long> began = new ArrayList<>();
    private volatile long instant;

    public StartGate(int parties, Duration timeout) {
        this.barrier = new CyclicBarrier(parties, () -> instant = System.nanoTime() + lead.get());
        this.timeout = timeout;
    }

    /**
     * Waits for every party, then returns the instant on the shell's clock ({@link System#nanoTime()}) they all begin at:
     * when the last arrived plus the longest {@code lead} any asked for. If the others do not arrive in time the party
     * begins alone, now.
     */
    public long pass(Duration lead) throws InterruptedException {
        Long at = await(lead);
        return at != null ? at : System.nanoTime();
    }

    /**
     * A party that begins in the shell: waits for every party and then for the instant, and notes that it began. Returns
     * false if the others did not arrive in time (it then begins alone, now).
     */
    public boolean pass() throws InterruptedException {
        Long at = await(Duration.ZERO);
        for (long left; at != null && (left = at - System.nanoTime()) > 0; ) {
            LockSupport.parkNanos(left);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
        began(System.nanoTime());
        return at != null;
    }

    private Long await(Duration lead) throws InterruptedException {
        this.lead.accumulateAndGet(lead.toNanos(), Math::max);
        try {
            barrier.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
            return instant;
        } catch (BrokenBarrierException | TimeoutException e) {
            barrier.reset();
            return null;
        }
    }

    /** A party that will never arrive (its test failed before the gate). */
    public void abandon() {
        barrier.reset();
    }

    /** Notes that something began at {@code shellNanos} on the shell's clock: the instant plus how late it said it began. */
    public void began(long shellNanos) {
        synchronized (began) {
            began.add(shellNanos);
        }
    }

    /** The spread of the measured starts, in milliseconds; NaN before two began. */
    public double skewMillis() {
        synchronized (began) {
            if (began.size() < 2) {
                return Double.NaN;
            }
            long min = began.stream().mapToLong(Long::longValue).min().orElse(0);
            long max = began.stream().mapToLong(Long::longValue).max().orElse(0);
            return (max - min) / 1e6;
        }
    }
}
