package benchsh.peer.workload;

import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;

/**
 * One interval sample of a side, the one record type every INTERVAL carries: its span, in seconds since the measured
 * span began (after the warm-up), and what the side's role measured in it ({@code F}: {@link Bytes} for a side that
 * moves data, {@link Transactions} for request/response, what a host did for an observer). Immutable.
 *
 * @param <F> the role's sample figures ({@link Role#sample})
 */
public record Interval<F extends Record>(@Metric(unit = Unit.SECONDS, means = "where the interval begins, seconds into the measured span")
                                         double startS,
                                         @Metric(unit = Unit.SECONDS, means = "where it ends") double endS,
                                         F figures) {
    /** The seconds it spans. */
    public double seconds() {
        return endS - startS;
    }

    /**
     * The figures of an interval that moved data: {@link Bytes}, or a role's samples that add figures of their own to
     * them (tcp's, what TCP did). What reads a sample's bytes reads this.
     */
    public interface Moved {
        long bytes();

        double throughputBps();
    }

    /** The data an interval moved. */
    public record Bytes(@Metric(unit = Unit.BYTES, means = "bytes moved in the interval") long bytes,
                        @Metric(unit = Unit.BITS_PER_SECOND, means = "bytes × 8 / the interval's seconds") double throughputBps)
            implements Moved {
    }

    /** The request/response transactions an interval completed. */
    public record Transactions(@Metric(unit = Unit.COUNT, means = "transactions completed in the interval") long transactions,
                               @Metric(unit = Unit.PER_SECOND, means = "transactions / the interval's seconds") double transactionsPerS) {
    }
}
