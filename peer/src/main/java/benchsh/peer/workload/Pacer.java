package benchsh.peer.workload;

import java.util.concurrent.locks.LockSupport;

/**
 * Paces a sender to a rate in bits/s on an absolute schedule: after {@code n} bytes the sender may go
 * on at {@code start + n × 8 / rate}. Short sleeps average out because the schedule is absolute; a
 * sender that fell more than {@link #MAX_BURST_NANOS} behind (descheduled, blocked) restarts the
 * schedule instead of bursting to catch up. A rate of 0 means unpaced. Not thread-safe: one per sender.
 */
public final class Pacer {
    /** How far behind schedule a sender may be before the schedule restarts, in ns. */
    static final long MAX_BURST_NANOS = 10_000_000L;

    /** Where a pacer (or any side on a schedule) reads the time and waits: the JVM's monotonic clock, or a test's. */
    public interface Clock {
        Clock SYSTEM = new Clock() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public void parkNanos(long nanos) {
                LockSupport.parkNanos(nanos);
            }
        };

        long nanoTime();

        /** Waits about {@code nanos} (less when woken, more when descheduled). */
        void parkNanos(long nanos);
    }

    private final double nanosPerByte;
    private final Clock clock;
    private long originNanos;
    private long bytes;

    /** @param bitsPerSecond the target rate, 0 for unpaced */
    public Pacer(long bitsPerSecond) {
        this(bitsPerSecond, Clock.SYSTEM);
    }

    Pacer(long bitsPerSecond, Clock clock) {
        this.nanosPerByte = bitsPerSecond > 0 ? 8e9 / bitsPerSecond : 0;
        this.clock = clock;
        this.originNanos = clock.nanoTime();
    }

    public boolean paced() {
        return nanosPerByte > 0;
    }

    /** Accounts {@code sent} bytes and waits until the schedule allows more. */
    public void sent(long sent) {
        if (nanosPerByte == 0) {
            return;
        }
        bytes += sent;
        long due = originNanos + (long) (bytes * nanosPerByte);
        long now = clock.nanoTime();
        if (now - due > MAX_BURST_NANOS) {
            originNanos = now;
            bytes = 0;
            return;
        }
        while (due - now > 0) {
            clock.parkNanos(due - now);
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                return;
            }
            now = clock.nanoTime();
        }
    }
}
