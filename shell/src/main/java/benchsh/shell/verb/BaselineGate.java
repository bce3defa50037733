package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.args.UsageException;
import benchsh.shell.report.Cells;
import benchsh.shell.report.ThroughputUnit;
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
    private static final String USAGE = "usage: expect R, within: 5.percent, of: baseline('LABEL')";

    private BaselineGate() {
    }

    /** Whether a call of {@code expect} is the gate's form (named within: or of:). */
    static boolean asked(Object[] groovyArgs) {
        return groovyArgs.length > 0 && groovyArgs[0] instanceof Map<?, ?> m && (m.containsKey("within") || m.containsKey("of"));
    }

    static boolean check(Object[] groovyArgs, Session session) {
        Map<?, ?> named = (Map<?, ?>) groovyArgs[0];
        List<Object> positional = Arrays.asList(groovyArgs).subList(1, groovyArgs.length);
        for (Object k : named.keySet()) {
            if (!NAMES.contains(String.valueOf(k))) {
                throw new UsageException("expect has no argument '" + k + "' in this form; " + USAGE);
            }
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
