package benchsh.peer.workload;

import benchsh.peer.protocol.Range;

/**
 * How often a side reports and how long it waits for data, part of most workloads' specs.
 *
 * @param intervalNanos between interval samples
 * @param timeoutNanos  how long without progress before the side gives up ("no data for N s")
 */
public record Timing(@Range(min = 10_000_000L, max = Timing.MAX_NANOS) long intervalNanos,
                     @Range(min = 100_000_000L, max = Timing.MAX_NANOS) long timeoutNanos) {
    /** The longest any test or wait may last: 24 h. */
    public static final long MAX_NANOS = 86_400_000_000_000L;

    public java.time.Duration interval() {
        return java.time.Duration.ofNanos(intervalNanos);
    }

    public java.time.Duration timeout() {
        return java.time.Duration.ofNanos(timeoutNanos);
    }
}
