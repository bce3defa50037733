package benchsh.peer.workload;

import benchsh.peer.protocol.Range;

/**
 * How often a side reports and how long and how it waits for data, part of most workloads' specs.
 *
 * @param intervalNanos between interval samples
 * @param timeoutNanos  how long without progress before the side gives up ("no data for N s")
 * @param busyWaitNanos how long a stream receiver (tcp, udp) asks an empty socket again before it sleeps: a
 *                      sender on the same machine pays for every wake-up of a sleeping receiver; 0 sleeps at once
 */
public record Timing(@Range(min = 10_000_000L, max = Timing.MAX_NANOS) long intervalNanos,
                     @Range(min = 100_000_000L, max = Timing.MAX_NANOS) long timeoutNanos,
                     @Range(min = 0, max = Timing.MAX_BUSY_WAIT_NANOS) long busyWaitNanos) {
    /** The longest any test or wait may last: 24 h. */
    public static final long MAX_NANOS = 86_400_000_000_000L;
    /** A stream receiver's busy wait unless the test says otherwise: 50 µs. */
    public static final long BUSY_WAIT_NANOS = 50_000L;
    /** The longest busy wait: 10 ms, past which sleeping costs less than asking. */
    public static final long MAX_BUSY_WAIT_NANOS = 10_000_000L;

    /** With the default busy wait. */
    public Timing(long intervalNanos, long timeoutNanos) {
        this(intervalNanos, timeoutNanos, BUSY_WAIT_NANOS);
    }

    public java.time.Duration interval() {
        return java.time.Duration.ofNanos(intervalNanos);
    }

    public java.time.Duration timeout() {
        return java.time.Duration.ofNanos(timeoutNanos);
    }

    public java.time.Duration busyWait() {
        return java.time.Duration.ofNanos(busyWaitNanos);
    }
}
