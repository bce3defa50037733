package benchsh.shell.report;

import benchsh.shell.result.Repeated;
import benchsh.shell.result.Stats;
import java.util.Locale;

/** The one line printed after a repeat: median with the runs, mean ± CI, and whether the CI was reached. */
public final class RepeatSummary {
    private RepeatSummary() {
    }

    public static String line(Repeated rep, ThroughputUnit unit) {
        Stats s = rep.stats();
        String v = rep.value();
        double conf = Double.isNaN(rep.confidence()) ? 0.99 : rep.confidence();
        StringBuilder b = new StringBuilder();
        b.append(s.n()).append(" runs: ").append(Cells.header(v, unit)).append(' ')
                .append(Pivot.cell(rep.runs().stream().filter(r -> r.ok()).map(r -> r.lookup(v))
                        .filter(x -> x instanceof Number).map(x -> ((Number) x).doubleValue()).toList(), v, unit));
        if (s.n() >= 2) {
            b.append(String.format(Locale.ROOT, "; mean %s ± %s (%.0f%% CI), stddev %s, min %s, max %s",
                    Cells.cell(v, s.mean(), unit), Cells.cell(v, s.ciHalfWidth(conf), unit), conf * 100,
                    Cells.cell(v, s.stddev(), unit), Cells.cell(v, s.min(), unit), Cells.cell(v, s.max(), unit)));
        }
        if (!rep.converged()) {
            b.append(String.format(Locale.ROOT, "; did not reach ±%.1f%% at %.0f%% confidence", rep.width() * 50, conf * 100));
        }
        return b.toString();
    }
}
