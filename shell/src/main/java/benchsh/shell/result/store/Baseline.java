package benchsh.shell.result.store;

import benchsh.shell.result.Result;
import benchsh.shell.result.Stats;
import java.util.List;

/**
 * The stored runs of a label that a CI gate compares a new result with ({@code baseline('nightly')}),
 * and the rule it compares by. Immutable.
 *
 * <p>The rule ({@link #check}): with the baseline's n completed runs x1..xn of the metric, their
 * median m and sample standard deviation s, a value v passes a tolerance tol when
 * <pre>
 *   |v - m| &lt;= max(tol * |m|, t(0.995, n-1) * s * sqrt(1 + 1/n))
 * </pre>
 * The second term is the half-width of the 99 % prediction interval for one more run (Student's t
 * with n-1 degrees of freedom): how far a new run of the same system strays by noise alone, however
 * many baseline runs there are. (The confidence interval of the mean, t * s / sqrt(n), shrinks as runs
 * accumulate and would fail ordinary runs of a noisy benchmark.) So the gate passes what is within
 * the tolerance of the baseline's median, or within the baseline's own run-to-run spread, whichever
 * is wider, in both directions. Fewer than {@link #MIN_RUNS} runs fail, since no spread can be told.
 *
 * @param label  the label the runs were stored with
 * @param metric the metric compared, e.g. throughput_bps (its name carries its unit)
 * @param runs   the stored runs that have the metric, oldest first
 */
public record Baseline(String label, String metric, List<StoredResult> runs) {
    /** With fewer runs than this the gate fails: two runs say nothing about the spread. */
    public static final int MIN_RUNS = 3;
    /** The prediction interval's level. */
    public static final double CONFIDENCE = 0.99;

    /** What the gate found: the value compared, the baseline's median, the allowed distance and why. */
    public record Verdict(boolean passed, double value, int runs, double median, double allowed, double spread, String reason) {
    }

    public Baseline {
        runs = List.copyOf(runs);
    }

    /** The metric's values of the runs, oldest first. */
    public List<Double> values() {
        return runs.stream().map(r -> r.result().metric(metric)).toList();
    }

    public Stats stats() {
        return Stats.of(values());
    }

    /** The runs of one test only (a baseline label may hold several tests). */
    public Baseline of(String test) {
        return new Baseline(label, metric, runs.stream().filter(r -> r.result().test().equals(test)).toList());
    }

    /** The metric's value in {@code r}, NaN when it has none. */
    public double valueOf(Result r) {
        return r.metric(metric);
    }

    /**
     * Applies the rule in the class comment: {@code tolerance} is a fraction (0.05 for 5.percent).
     * Too few runs, or a value that is not a number, fail with the reason.
     */
    public Verdict check(double value, double tolerance) {
        Stats s = stats();
        if (s.n() < MIN_RUNS) {
            return new Verdict(false, value, s.n(), s.median(), Double.NaN, Double.NaN, "too few baseline runs: " + s.n() + " stored with label '"
                    + label + "' have " + metric + ", the gate needs at least " + MIN_RUNS);
        }
        if (Double.isNaN(value)) {
            return new Verdict(false, value, s.n(), s.median(), Double.NaN, Double.NaN, "the result has no " + metric);
        }
        double spread = predictionHalfWidth(s);
        double allowed = Math.max(tolerance * Math.abs(s.median()), spread);
        boolean passed = Math.abs(value - s.median()) <= allowed;
        return new Verdict(passed, value, s.n(), s.median(), allowed, spread, passed ? "within" : "outside");
    }

    /** t(0.995, n-1) * s * sqrt(1 + 1/n): from the CI half-width t * s / sqrt(n), times sqrt(n + 1). */
    static double predictionHalfWidth(Stats s) {
        return s.ciHalfWidth(CONFIDENCE) * Math.sqrt(s.n() + 1.0);
    }

    @Override
    public String toString() {
        return "baseline '" + label + "': " + runs.size() + " runs of " + metric;
    }
}
