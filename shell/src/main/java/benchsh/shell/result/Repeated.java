package benchsh.shell.result;

import java.util.List;

/**
 * The runs of a repeated measurement and their statistics on one metric. In scripts:
 * {@code rep.median}, {@code rep.stats.mean}, {@code rep.runs}. Immutable.
 *
 * @param value      the metric summarized, e.g. throughput_bps
 * @param confidence the confidence level asked for (0.99), or NaN for a fixed count
 * @param width      the interval width asked for, as a fraction of the mean, or NaN
 * @param converged  whether the interval got that narrow (always true for a fixed count)
 */
public record Repeated(List<Result> runs, String value, Stats stats, double confidence, double width, boolean converged) {
    public Repeated {
        runs = List.copyOf(runs);
    }

    public double getMedian() {
        return stats.median();
    }

    public double getMean() {
        return stats.mean();
    }

    /** The confidence-interval half-width at the level asked for (99 % for fixed counts). */
    public double getCi() {
        return stats.ciHalfWidth(Double.isNaN(confidence) ? 0.99 : confidence);
    }
}
