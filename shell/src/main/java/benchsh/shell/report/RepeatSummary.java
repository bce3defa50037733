package benchsh.shell.report;

import benchsh.shell.result.Repeated;
import benchsh.shell.result.Stats;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What a repeat prints: for each kind of test it ran, one line with the median and the runs, mean ± CI, and
 * whether the CI was reached. A repeat of one test prints its line alone; several kinds each get theirs,
 * named by the test and what sets it apart from another of that test ({@code tcp size 16 KiB: 3 runs: ...}).
 */
public final class RepeatSummary {
    private RepeatSummary() {
    }

    /** Every kind's line, each ending in a newline. */
    public static String lines(Repeated rep, ThroughputUnit unit) {
        StringBuilder b = new StringBuilder();
        for (Repeated.Kind k : rep.kinds()) {
            if (rep.kinds().size() > 1) {
                b.append(label(k, rep.kinds(), unit)).append(": ");
            }
            b.append(line(k, rep.confidence(), rep.width(), unit)).append('\n');
        }
        return b.toString();
    }

    /** "3 runs: throughput MB/s 83.0 (83.3; 82.9; 83.0); mean 83.1 ± 0.5 (99% CI), ...". */
    static String line(Repeated.Kind k, double confidence, double width, ThroughputUnit unit) {
        Stats s = k.stats();
        String v = k.value();
        double conf = Double.isNaN(confidence) ? 0.99 : confidence;
        StringBuilder b = new StringBuilder();
        b.append(s.n()).append(" runs: ").append(Cells.header(v, unit)).append(' ')
                .append(Pivot.cell(k.runs().stream().filter(r -> r.ok()).map(r -> r.lookup(v))
                        .filter(x -> x instanceof Number).map(x -> ((Number) x).doubleValue()).toList(), v, unit));
        if (s.n() >= 2) {
            b.append(String.format(Locale.ROOT, "; mean %s ± %s (%.0f%% CI), stddev %s, min %s, max %s",
                    Cells.cell(v, s.mean(), unit), Cells.cell(v, s.ciHalfWidth(conf), unit), conf * 100,
                    Cells.cell(v, s.stddev(), unit), Cells.cell(v, s.min(), unit), Cells.cell(v, s.max(), unit)));
        }
        if (!k.converged()) {
            b.append(String.format(Locale.ROOT, "; did not reach ±%.1f%% at %.0f%% confidence", width * 50, conf * 100));
        }
        return b.toString();
    }

    /** The test's name, with the hosts, parameters and tags whose values differ from another kind of the same test. */
    static String label(Repeated.Kind k, List<Repeated.Kind> all, ThroughputUnit unit) {
        List<Repeated.Kind> same = all.stream().filter(o -> o.test().equals(k.test())).toList();
        List<String> parts = new ArrayList<>(List.of(k.test()));
        if (same.size() > 1) {
            if (same.stream().anyMatch(o -> !o.from().equals(k.from()) || !o.to().equals(k.to()))) {
                parts.add(k.from() + " → " + k.to());
            }
            differing(parts, k.params(), same.stream().map(Repeated.Kind::params).toList(), unit);
            differing(parts, k.tags(), same.stream().map(Repeated.Kind::tags).toList(), unit);
        }
        return String.join(" ", parts);
    }

    private static void differing(List<String> parts, Map<String, Object> mine, List<Map<String, Object>> all, ThroughputUnit unit) {
        Set<String> keys = new LinkedHashSet<>();
        all.forEach(m -> keys.addAll(m.keySet()));
        for (String key : keys) {
            if (all.stream().anyMatch(m -> !Objects.equals(m.get(key), mine.get(key)))) {
                parts.add(key + " " + Cells.cell(key, mine.get(key), unit));
            }
        }
    }
}
