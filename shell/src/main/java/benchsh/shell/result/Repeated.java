package benchsh.shell.result;

import java.util.List;
import java.util.Map;

/**
 * The runs of a repeated measurement and their statistics, one {@link Kind} per test with the same
 * hosts, parameters and tags: a block that runs {@code tcp} and {@code udp} is two kinds, and no figure
 * is a median over both. In scripts: {@code rep.median}, {@code rep.stats.mean}, {@code rep.runs},
 * {@code rep.kinds}; the single-figure accessors are the first kind's (the only one for one test). Immutable.
 *
 * @param confidence the confidence level asked for (0.99), or NaN for a fixed count
 * @param width      the interval width asked for, as a fraction of the mean, or NaN
 */
public record Repeated(List<Result> runs, List<Kind> kinds, double confidence, double width) {
    public Repeated {
        runs = List.copyOf(runs);
        kinds = List.copyOf(kinds);
    }

    /**
     * One test with the same hosts, parameters and tags, repeated.
     *
     * @param value     the metric summarized, e.g. throughput_bps
     * @param converged whether the interval got as narrow as asked (always true for a fixed count)
     */
    public record Kind(String test, String from, String to, Map<String, Object> params, Map<String, Object> tags, List<Result> runs,
                       String value, Stats stats, boolean converged) {
        public Kind {
            params = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(params));
            tags = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(tags));
            runs = List.copyOf(runs);
        }

        /** Whether two results are runs of one kind: the same test between the same hosts, with the same parameters and tags. */
        public static boolean same(Result a, Result b) {
            return a.test().equals(b.test()) && a.from().equals(b.from()) && a.to().equals(b.to()) && a.params().equals(b.params())
                    && a.tags().equals(b.tags());
        }
    }

    /** The first kind's metric (the throughput when nothing ran: {@link Result#summaryMetric}). */
    public String value() {
        return kinds.isEmpty() ? Result.summaryMetric(runs) : kinds.get(0).value();
    }

    /** The first kind's statistics. */
    public Stats stats() {
        return kinds.isEmpty() ? Stats.of(List.of()) : kinds.get(0).stats();
    }

    /** Whether every kind's interval got as narrow as asked. */
    public boolean converged() {
        return kinds.stream().allMatch(Kind::converged);
    }

    public double getMedian() {
        return stats().median();
    }

    public double getMean() {
        return stats().mean();
    }

    /** The confidence-interval half-width at the level asked for (99 % for fixed counts). */
    public double getCi() {
        return stats().ciHalfWidth(Double.isNaN(confidence) ? 0.99 : confidence);
    }
}
