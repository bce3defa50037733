package benchsh.peer.workload;

import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;
import java.util.List;

/**
 * The figures of a side's meter that counts request/response transactions: those of the measured span and in all, its
 * seconds and rate, the warm-up left out, the CPU. Part of every request/response side's report. Immutable.
 */
public record Transacted(@Metric(unit = Unit.COUNT, means = "request/response transactions completed in the measured span") long transactions,
                         @Metric(unit = Unit.COUNT, means = "transactions completed in all, warm-up included") long transactionsTotal,
                         @Metric(unit = Unit.SECONDS, means = "the measured span") double seconds,
                         @Metric(unit = Unit.SECONDS, means = "the warm-up left out of the figures") double omittedSeconds,
                         @Metric(unit = Unit.PER_SECOND, means = "transactions per second") double transactionsPerS,
                         @OrNull SideCpu cpu,
                         @Metric(unit = Unit.SECONDS, means = "how long a side had seen no data when it gave up") @OrNull Long stalledSeconds)
        implements MeterFigures {
    /** What a side's interval samples add up to, for a side whose peer died before it reported; null for no samples. */
    public static Transacted of(List<Interval<Interval.Transactions>> samples) {
        if (samples.isEmpty()) {
            return null;
        }
        double seconds = samples.get(samples.size() - 1).endS();
        long n = samples.stream().mapToLong(s -> s.figures().transactions()).sum();
        return new Transacted(n, n, seconds, 0, seconds > 0 ? n / seconds : 0.0, null, null);
    }
}
