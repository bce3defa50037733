package benchsh.peer.workload;

import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;
import java.util.List;

/**
 * The figures of a side's meter that counts bytes (a stream, a datagram flow, a disk, a tree): the bytes of the
 * measured span and in all, its seconds and rate, the warm-up left out, the CPU, and per stream (connection) the same
 * as lists indexed by stream. Part of every such side's report. Immutable.
 */
public record Streamed(@Metric(unit = Unit.BYTES, means = "bytes moved in the measured span (after the warm-up)") long bytes,
                       @Metric(unit = Unit.BYTES, means = "bytes moved in all, warm-up included") long bytesTotal,
                       @Metric(unit = Unit.SECONDS, means = "the measured span") double seconds,
                       @Metric(unit = Unit.SECONDS, means = "the warm-up left out of the figures") double omittedSeconds,
                       @Metric(unit = Unit.BITS_PER_SECOND, means = "bytes moved × 8 / seconds, as the receiver counted them") double throughputBps,
                       @OrNull SideCpu cpu,
                       @Metric(unit = Unit.BYTES, means = "per connection: bytes in all (a list)") List<Long> streamBytesTotal,
                       @Metric(unit = Unit.BYTES, means = "per connection: bytes in the measured span (a list)") List<Long> streamBytes,
                       @Metric(unit = Unit.BITS_PER_SECOND, means = "per connection: throughput (a list)") List<Double> streamThroughputBps,
                       @Metric(unit = Unit.SECONDS, means = "how long a side had seen no data when it gave up") @OrNull Long stalledSeconds)
        implements MeterFigures {
    public Streamed {
        streamBytesTotal = List.copyOf(streamBytesTotal);
        streamBytes = List.copyOf(streamBytes);
        streamThroughputBps = List.copyOf(streamThroughputBps);
    }

    /**
     * What a side's interval samples of data moved ({@link Interval.Moved}) add up to, for a side whose peer died before it
     * reported: bytes and rate over the samples' span, nothing per stream, no CPU; null for no such samples.
     */
    public static Streamed of(List<Interval<?>> intervals) {
        List<Interval<?>> samples = intervals.stream().filter(s -> s.figures() instanceof Interval.Moved).toList();
        if (samples.isEmpty()) {
            return null;
        }
        double seconds = samples.get(samples.size() - 1).endS();
        long bytes = samples.stream().mapToLong(s -> ((Interval.Moved) s.figures()).bytes()).sum();
        return new Streamed(bytes, bytes, seconds, 0, seconds > 0 ? bytes * 8 / seconds : 0.0, null, List.of(), List.of(), List.of(), null);
    }
}
