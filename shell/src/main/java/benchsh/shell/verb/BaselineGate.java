package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.args.UsageException;
import benchsh.shell.report.Cells;
import benchsh.shell.report.Comparison;
import benchsh.shell.report.ThroughputUnit;
import benchsh.shell.result.Difference;
import benchsh.shell.result.Repeated;
import benchsh.shell.result.Result;
import benchsh.shell.result.Stats;
import benchsh.shell.result.store.Baseline;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code expect r, within: 5.percent, of: baseline('nightly')}: a CI gate against stored runs. The
 * value compared is the baseline's metric in {@code r} (a result), the median of it over the runs of
 * a {@code repeat}, or a plain number; a result is compared with the baseline runs of its own test.
 * The rule is {@link Baseline#check}. The expectation's text carries the figures, so a failed gate
 * says by how much. Stateless.
 */
final class BaselineGate {
    private static final Set<String> NAMES = Set.of("within", "of");
    private static final Set<String> REGRESSION_NAMES = Set.of("not_slower_than", "noise", "confidence");
    private static final String USAGE = "usage: expect R, within: 5.percent, of: baseline('LABEL')";
    private static final String REGRESSION_USAGE = "usage: expect REPEATS, not_slower_than: baseline('LABEL') [, noise: 1.percent, confidence: 0.95]";

    private BaselineGate() {
    }

    /** Whether a call of {@code expect} is a gate's form (named within:, of: or not_slower_than:). */
    static boolean asked(Object[] groovyArgs) {
        return groovyArgs.length > 0 && groovyArgs[0] instanceof Map<?, ?> m
                && (m.containsKey("within") || m.containsKey("of") || m.containsKey("not_slower_than"));
    }

    static boolean check(Object[] groovyArgs, Session session) {
        Map<?, ?> named = (Map<?, ?>) groovyArgs[0];
        List<Object> positional = Arrays.asList(groovyArgs).subList(1, groovyArgs.length);
        boolean regression = named.containsKey("not_slower_than");
        for (Object k : named.keySet()) {
            if (!(regression ? REGRESSION_NAMES : NAMES).contains(String.valueOf(k))) {
                throw new UsageException("expect has no argument '" + k + "' in this form; " + (regression ? REGRESSION_USAGE : USAGE));
            }
        }
        if (regression) {
            return notSlower(named, positional, session);
        }
        if (positional.size() != 1 || !(named.get("within") instanceof Number within) || !(named.get("of") instanceof Baseline of)) {
            throw new UsageException(USAGE + " (within: a fraction, of: what baseline(...) returns)");
        }
        double tolerance = within.doubleValue();
        if (!(tolerance >= 0 && tolerance < 1)) {
            throw new UsageException("within: " + within + " is not a tolerance; give a fraction such as 5.percent (0.05)");
        }
        Object r = positional.get(0);
        String test = null;
        double value;
        if (r instanceof Result result) {
            if (!result.ok()) {
                return ExpectVerb.record(session, null, "the " + result.test() + " result did not complete ("
                        + result.status().name().toLowerCase(Locale.ROOT) + "): nothing to compare with baseline '" + of.label() + "'", false);
            }
            test = result.test();
            value = of.valueOf(result);
        } else if (r instanceof Repeated rep && !rep.runs().isEmpty()) {
            Repeated.Kind first = rep.kinds().get(0); // the median of one test with one set of parameters, as the repeat printed it
            test = first.test();
            value = Stats.of(first.runs().stream().filter(Result::ok).map(of::valueOf).toList()).median();
        } else if (r instanceof Number n) {
            value = n.doubleValue();
        } else {
            throw new UsageException(USAGE + ": R must be a result, a repeat(...) or a number, not " + (r == null ? "null" : r.getClass().getSimpleName()));
        }
        Baseline baseline = test == null ? of : of.of(test);
        Baseline.Verdict v = baseline.check(value, tolerance);
        String detail = detail(baseline, v, tolerance, session.unit());
        if (baseline.runs().size() < of.runs().size()) {
            detail += " (the runs of test " + test + " only)";
        }
        return ExpectVerb.record(session, null, detail, v.passed());
    }

    /**
     * {@code expect rep, not_slower_than: baseline('nightly')}: fails only when the repeats are slower than the baseline's
     * runs of their test beyond noise, by the verdict {@code compare} gives ({@link Difference}, {@link Comparison#words}).
     */
    private static boolean notSlower(Map<?, ?> named, List<Object> positional, Session session) {
        if (positional.size() != 1 || !(named.get("not_slower_than") instanceof Baseline of)) {
            throw new UsageException(REGRESSION_USAGE + " (not_slower_than: what baseline(...) returns)");
        }
        double noise = fraction(named, "noise", 0.01);
        double confidence = fraction(named, "confidence", 0.95);
        List<Result> runs = positional.get(0) instanceof Repeated rep && !rep.kinds().isEmpty()
                ? rep.kinds().get(0).runs().stream().filter(Result::ok).toList() : List.of(); // one test with one set of parameters
        if (runs.size() < 2) {
            throw new UsageException(REGRESSION_USAGE + ": REPEATS must be a repeat(...) or repeats: with two or more completed runs"
                    + " (one run has no spread to tell noise by; within: compares one)");
        }
        Baseline baseline = of.of(runs.get(0).test());
        Difference d = Difference.of(baseline.values(), runs.stream().map(baseline::valueOf).toList(), confidence);
        String verdict = Comparison.words(d, baseline.metric(), noise);
        boolean passed = d.verdict(noise) != Difference.Verdict.UNKNOWN && !verdict.equals("slower");
        String detail = String.format(Locale.ROOT, "%s: %d runs against baseline '%s' (%d runs of %s), ratio %.3f, %.0f %% interval %.3f-%.3f: %s",
                Cells.header(baseline.metric(), session.unit()), runs.size(), of.label(), baseline.runs().size(), runs.get(0).test(),
                d.ratio(), confidence * 100, d.low(), d.high(), verdict);
        return ExpectVerb.record(session, null, detail, passed);
    }

    private static double fraction(Map<?, ?> named, String name, double otherwise) {
        Object v = named.get(name);
        if (v == null) {
            return otherwise;
        }
        if (!(v instanceof Number n) || !(n.doubleValue() >= 0 && n.doubleValue() < 1)) {
            throw new UsageException(name + ": " + v + " is not a fraction below 1, e.g. 1.percent or 0.95");
        }
        return n.doubleValue();
    }

    /** E.g. "throughput MB/s 118 vs baseline 'nightly' median 117 ± 5.85 over 12 runs, the wider of 5.0 % and the runs' spread ± 2.10: within". */
    private static String detail(Baseline b, Baseline.Verdict v, double tolerance, ThroughputUnit unit) {
        String m = b.metric();
        if (Double.isNaN(v.allowed())) {
            return v.reason();
        }
        return Cells.header(m, unit) + " " + Cells.cell(m, v.value(), unit) + " vs baseline '" + b.label() + "' median " + Cells.cell(m, v.median(), unit)
                + " ± " + Cells.cell(m, v.allowed(), unit) + " over " + v.runs() + " runs, the wider of "
                + String.format(Locale.ROOT, "%.1f %%", 100 * tolerance) + " and the runs' spread ± " + Cells.cell(m, v.spread(), unit) + ": " + v.reason();
    }
}
