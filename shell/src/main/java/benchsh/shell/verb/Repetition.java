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
 * until the confidence interval of a metric is narrow enough (netperf's {@code -I 99,5}).
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
     * @param value      the metric to summarize; null for the first run's headline metric
     */
    static Repeated run(Session session, int min, int max, double confidence, double width, String value, Body body) throws Exception {
        List<Result> runs = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        boolean confident = !Double.isNaN(confidence);
        Stats stats = Stats.of(values);
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
            List<Result> mine = session.results().subList(before, session.results().size());
            runs.addAll(mine);
            if (value == null) {
                value = Result.headlineMetric(mine);
            }
            String metric = value;
            mine.stream().filter(Result::ok).map(r -> metric == null ? null : r.lookup(metric)).filter(v -> v instanceof Number)
                    .forEach(v -> values.add(((Number) v).doubleValue()));
            stats = Stats.of(values);
            // a run without figures (every test failed, or a dry run) cannot narrow the interval: min runs do
            if (confident && i >= min && (stats.converged(confidence, width) || values.isEmpty())) {
                break;
            }
        }
        Repeated rep = new Repeated(runs, value == null ? "throughput_bps" : value, stats, confidence, width, !confident || stats.converged(confidence, width));
        if (!runs.isEmpty()) {
            session.print(RepeatSummary.line(rep, session.unit()) + "\n");
        }
        return rep;
    }
}
