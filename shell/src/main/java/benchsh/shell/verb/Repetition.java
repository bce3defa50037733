package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.report.RepeatSummary;
import benchsh.shell.result.Repeated;
import benchsh.shell.result.Result;
import benchsh.shell.result.Stats;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a body several times, numbering the results it records, either a fixed number of times or
 * until the confidence interval of a metric is narrow enough (netperf's {@code -I 99,5}). The runs are
 * summarized per kind, one test with the same hosts, parameters and tags ({@link Repeated.Kind}): a body
 * of several tests gets a summary line for each, never a median across them.
 */
final class Repetition {
    /** A measurement to repeat. */
    @FunctionalInterface
    interface Body {
        Object run() throws Exception;
    }

    private Repetition() {
    }

    static Repeated fixed(Session session, int times, Body body) throws Exception {
        return run(session, times, times, Double.NaN, Double.NaN, null, body);
    }

    /**
     * @param confidence e.g. 0.99; NaN for a fixed count
     * @param width      the full interval width as a fraction of the mean, e.g. 0.05
     * @param value      the metric to summarize; null for each kind's headline metric
     */
    static Repeated run(Session session, int min, int max, double confidence, double width, String value, Body body) throws Exception {
        List<Result> runs = new ArrayList<>();
        boolean confident = !Double.isNaN(confidence);
        List<Repeated.Kind> kinds = List.of();
        for (int i = 1; i <= max; i++) {
            session.control().checkCancelled(); // a body without tests stops too; one with tests stops in the executor
            int before = session.results().size();
            Object[] error = new Object[1];
            int run = i;
            session.control().withStep(run, max, () -> session.within(session.context().withRepeat(run), () -> {
                try {
                    return body.run();
                } catch (Exception e) {
                    error[0] = e;
                    return null;
                }
            }));
            if (error[0] != null) {
                throw (Exception) error[0];
            }
            runs.addAll(session.results().subList(before, session.results().size()));
            kinds = kinds(runs, value, confidence, width);
            // a kind without figures (every test failed, or a dry run) cannot narrow its interval: min runs do
            if (confident && i >= min && kinds.stream().allMatch(k -> k.converged() || k.stats().n() == 0)) {
                break;
            }
        }
        Repeated rep = new Repeated(runs, kinds, confidence, width);
        if (!runs.isEmpty()) {
            session.print(RepeatSummary.lines(rep, session.unit()));
        }
        return rep;
    }

    /** The runs by kind, in the order each kind first ran, each with the statistics of its value (or headline) metric. */
    private static List<Repeated.Kind> kinds(List<Result> runs, String value, double confidence, double width) {
        List<List<Result>> groups = new ArrayList<>();
        for (Result r : runs) {
            groups.stream().filter(g -> Repeated.Kind.same(g.get(0), r)).findFirst().orElseGet(() -> {
                List<Result> g = new ArrayList<>();
                groups.add(g);
                return g;
            }).add(r);
        }
        List<Repeated.Kind> kinds = new ArrayList<>();
        for (List<Result> g : groups) {
            String metric = value != null ? value : Result.summaryMetric(g);
            List<Double> values = g.stream().filter(Result::ok).map(r -> r.lookup(metric))
                    .filter(v -> v instanceof Number).map(v -> ((Number) v).doubleValue()).toList();
            Stats stats = Stats.of(values);
            Result first = g.get(0);
            kinds.add(new Repeated.Kind(first.test(), first.from(), first.to(), first.params(), first.tags(), g,
                    metric, stats, Double.isNaN(confidence) || stats.converged(confidence, width)));
        }
        return kinds;
    }
}
