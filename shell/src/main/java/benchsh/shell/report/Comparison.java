package benchsh.shell.report;

import benchsh.peer.metric.Unit;
import benchsh.shell.result.Difference;
import benchsh.shell.result.Result;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Two sets of results side by side (A and B: the results whose tag {@code by} has those values). Rows pair up on
 * what was measured (test, parameters, tags) except the settings in which A and B differ, which are named under
 * the table (e.g. {@code busywait: 50 us vs 0}). Each row has the median of each side (with the runs), the delta of
 * the medians, the ratio B / A with its confidence interval and the verdict ({@link Difference}): faster or slower
 * for rates and times, higher or lower for other figures, "no difference" when the interval holds 1 or the whole
 * change is within the noise threshold, "cannot tell" with fewer than two completed runs a side. Without a chosen
 * metric each test is compared on its own headline (throughput, else its main rate). Immutable.
 */
public final class Comparison {
    private static final Set<String> NOT_IDENTITY = Set.of("repeat", "session", "machine", "user", "timeout", "interval");

    /**
     * One compared row.
     *
     * @param identity   what the row measured (the keys that tell rows apart are shown)
     * @param metric     the metric compared
     * @param a          A's completed runs
     * @param b          B's completed runs
     * @param difference B against A
     * @param verdict    in words: faster, slower, higher, lower, no difference, cannot tell
     */
    public record Row(Map<String, Object> identity, String metric, List<Double> a, List<Double> b, Difference difference, String verdict) {
    }

    /**
     * A setting in which every A result differs from every B result.
     *
     * @param key the parameter or tag
     * @param a   its value in A (null: not given)
     * @param b   its value in B
     */
    public record Setting(String key, Object a, Object b) {
    }

    private final String by;
    private final String a;
    private final String b;
    private final double confidence;
    private final double noise;
    private final List<Row> rows;
    private final List<Setting> settings;
    private final List<String> notes;

    private Comparison(String by, String a, String b, double confidence, double noise, List<Row> rows, List<Setting> settings, List<String> notes) {
        this.by = by;
        this.a = a;
        this.b = b;
        this.confidence = confidence;
        this.noise = noise;
        this.rows = List.copyOf(rows);
        this.settings = List.copyOf(settings);
        this.notes = List.copyOf(notes);
    }

    /**
     * Compares the results tagged {@code by = a} with those tagged {@code by = b}.
     *
     * @param value      the metric to compare, or null for each test's headline
     * @param confidence of the ratio's interval, e.g. 0.95
     * @param noise      a change smaller than this fraction is no difference, e.g. 0.01
     */
    public static Comparison of(List<Result> results, String by, String a, String b, String value, double confidence, double noise) {
        List<Result> sideA = side(results, by, a);
        List<Result> sideB = side(results, by, b);
        List<Setting> settings = settings(sideA, sideB, by);
        Set<String> differing = new LinkedHashSet<>();
        settings.forEach(s -> differing.add(s.key()));
        Map<Map<String, Object>, List<List<Double>>> cells = new LinkedHashMap<>();
        Map<Map<String, Object>, String> metrics = new LinkedHashMap<>();
        Map<String, Integer> missing = new LinkedHashMap<>();
        int unfinished = 0;
        for (int i = 0; i < 2; i++) {
            for (Result r : i == 0 ? sideA : sideB) {
                if (!r.ok()) {
                    unfinished++;
                    continue;
                }
                String metric = value != null ? value : headline(results, r.test());
                if (!(r.lookup(metric) instanceof Number n)) {
                    missing.merge(r.test(), 1, Integer::sum);
                    continue;
                }
                Map<String, Object> id = identity(r, by, differing);
                metrics.put(id, metric);
                cells.computeIfAbsent(id, k -> List.of(new ArrayList<>(), new ArrayList<>())).get(i).add(n.doubleValue());
            }
        }
        List<Row> rows = new ArrayList<>();
        cells.forEach((id, pair) -> {
            Difference d = Difference.of(pair.get(0), pair.get(1), confidence);
            rows.add(new Row(id, metrics.get(id), pair.get(0), pair.get(1), d, words(d, metrics.get(id), noise)));
        });
        List<String> notes = new ArrayList<>();
        if (unfinished > 0) {
            notes.add(unfinished + " result" + (unfinished == 1 ? "" : "s") + " that did not complete (failed or interrupted) left out");
        }
        missing.forEach((test, count) -> notes.add(count + " " + test + " result" + (count == 1 ? " has" : "s have") + " no "
                + (value != null ? value : headline(results, test)) + (value != null ? " (value: picks the metric)" : "")));
        return new Comparison(by, a, b, confidence, noise, rows, settings, notes);
    }

    public List<Row> rows() {
        return rows;
    }

    public List<Setting> settings() {
        return settings;
    }

    /** Groovy's {@code c.rows}. */
    public List<Row> getRows() {
        return rows;
    }

    /** Groovy's {@code c.verdict}: {@link #verdict()}. */
    public String getVerdict() {
        return verdict();
    }

    /** The verdict of every row when they agree (e.g. "slower"), else "mixed"; "cannot tell" with no rows. */
    public String verdict() {
        Set<String> all = new LinkedHashSet<>();
        rows.forEach(r -> all.add(r.verdict()));
        return all.isEmpty() ? "cannot tell" : all.size() == 1 ? all.iterator().next() : "mixed";
    }

    /** The table, then what A and B differ in, how the verdicts were reached, and what was left out. */
    public String render(ThroughputUnit unit) {
        return table(unit).toString();
    }

    /** "label 'busy' vs 'sleep'": what was compared, for a report's heading. */
    public String title() {
        return by + " '" + a + "' vs '" + b + "'";
    }

    /** The lines under the table: what A and B differ in, how the verdicts were reached, what was left out. */
    List<String> notes(ThroughputUnit unit) {
        List<String> out = new ArrayList<>();
        if (!settings.isEmpty()) {
            out.add(by + " '" + a + "' and '" + b + "' differ in " + String.join(", ", settings.stream().map(s -> s.key() + ": "
                    + Cells.cell(s.key(), s.a(), unit) + " vs " + Cells.cell(s.key(), s.b(), unit)).toList()));
        }
        Set<String> methods = new LinkedHashSet<>();
        rows.forEach(r -> {
            if (r.difference().method() != Difference.Method.NONE) {
                methods.add(r.difference().method().text());
            }
        });
        if (!methods.isEmpty()) {
            out.add(String.format(Locale.ROOT, "B/A: %s, %.0f %% confidence; no difference where the interval holds 1 or the change is within %s %%",
                    String.join("; ", methods), confidence * 100, trim(noise * 100)));
        }
        out.addAll(notes);
        return out;
    }

    /** The comparison as data, for a JSON report: A and B, each row's figures and verdict, the settings and the notes. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("by", by);
        m.put("a", a);
        m.put("b", b);
        m.put("confidence", confidence);
        m.put("noise", noise);
        m.put("rows", rows.stream().map(r -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("identity", r.identity());
            row.put("metric", r.metric());
            row.put("a", r.a());
            row.put("b", r.b());
            row.put("ratio", finite(r.difference().ratio()));
            row.put("low", finite(r.difference().low()));
            row.put("high", finite(r.difference().high()));
            row.put("verdict", r.verdict());
            return row;
        }).toList());
        m.put("settings", settings.stream().map(s -> {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("key", s.key());
            x.put("a", s.a());
            x.put("b", s.b());
            return x;
        }).toList());
        m.put("notes", notes);
        return m;
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    @Override
    public String toString() {
        return render(ThroughputUnit.MB_S);
    }

    /** The rows side by side, with the notes ({@link #notes}) under them. */
    TextTable table(ThroughputUnit unit) {
        List<String> keys = varying(rows.stream().map(Row::identity).toList());
        boolean oneMetric = rows.stream().map(Row::metric).distinct().count() <= 1;
        String metric = rows.isEmpty() ? Result.THROUGHPUT_BPS : rows.get(0).metric();
        List<String> header = new ArrayList<>(keys);
        if (!oneMetric) {
            header.add("metric");
        }
        header.add(a + (oneMetric ? suffix(metric, unit) : ""));
        header.add(b + (oneMetric ? suffix(metric, unit) : ""));
        header.addAll(List.of("delta", "B/A", String.format(Locale.ROOT, "%.0f %% interval", confidence * 100), "verdict"));
        TextTable t = new TextTable(header);
        for (Row r : rows) {
            List<String> line = new ArrayList<>();
            keys.forEach(k -> line.add(Cells.cell(k, r.identity().get(k), unit)));
            if (!oneMetric) {
                line.add(Cells.header(r.metric(), unit));
            }
            line.add(Pivot.cell(r.a(), r.metric(), unit));
            line.add(Pivot.cell(r.b(), r.metric(), unit));
            line.add(delta(r.a(), r.b()));
            Difference d = r.difference();
            line.add(Double.isNaN(d.ratio()) ? "-" : String.format(Locale.ROOT, "%.3f", d.ratio()));
            line.add(Double.isNaN(d.low()) ? "-" : String.format(Locale.ROOT, "%.3f-%.3f", d.low(), d.high()));
            line.add(r.verdict());
            t.row(line);
        }
        notes(unit).forEach(t::note);
        return t;
    }

    private static List<Result> side(List<Result> results, String by, String label) {
        return results.stream().filter(r -> label.equals(String.valueOf(r.lookup(by)))).toList();
    }

    /** The metric a test's results are summarized by ({@link Result#summaryMetric}). */
    private static String headline(List<Result> results, String test) {
        return Result.summaryMetric(results.stream().filter(r -> r.test().equals(test)).toList());
    }

    /** The keys with one value in all of A and another in all of B (a key not given counts as its own value). */
    private static List<Setting> settings(List<Result> sideA, List<Result> sideB, String by) {
        Set<String> keys = new LinkedHashSet<>();
        sideA.forEach(r -> keys.addAll(identity(r, by, Set.of()).keySet()));
        sideB.forEach(r -> keys.addAll(identity(r, by, Set.of()).keySet()));
        keys.remove("test");
        List<Setting> out = new ArrayList<>();
        for (String k : keys) {
            Set<Object> inA = values(sideA, by, k);
            Set<Object> inB = values(sideB, by, k);
            if (inA.size() == 1 && inB.size() == 1 && !inA.equals(inB)) {
                out.add(new Setting(k, inA.iterator().next(), inB.iterator().next()));
            }
        }
        return out;
    }

    private static Set<Object> values(List<Result> side, String by, String key) {
        Set<Object> values = new LinkedHashSet<>();
        side.forEach(r -> values.add(identity(r, by, Set.of()).get(key)));
        return values;
    }

    private static Map<String, Object> identity(Result r, String by, Set<String> leaveOut) {
        Map<String, Object> id = new LinkedHashMap<>();
        id.put("test", r.test());
        r.params().forEach((k, v) -> {
            if (!NOT_IDENTITY.contains(k) && !leaveOut.contains(k)) {
                id.put(k, Pivot.normal(v));
            }
        });
        r.tags().forEach((k, v) -> {
            if (!k.equals(by) && !NOT_IDENTITY.contains(k) && !leaveOut.contains(k)) {
                id.put(k, Pivot.normal(v));
            }
        });
        return id;
    }

    /**
     * The verdict in words: rates are faster when higher, times when lower; other figures higher or lower; "no
     * difference"; "cannot tell (N runs …)".
     */
    public static String words(Difference d, String metric, double noise) {
        Difference.Verdict v = d.verdict(noise);
        if (v == Difference.Verdict.UNKNOWN) {
            int fewest = Math.min(d.runsA(), d.runsB());
            return "cannot tell (" + fewest + " run" + (fewest == 1 ? "" : "s") + (d.runsA() == d.runsB() ? " each" : " on a side") + ")";
        }
        if (v == Difference.Verdict.SAME) {
            return "no difference";
        }
        boolean higher = v == Difference.Verdict.HIGHER;
        Unit unit = Cells.unit(metric).orElse(null);
        if (unit == Unit.BITS_PER_SECOND || unit == Unit.PER_SECOND) {
            return higher ? "faster" : "slower";
        }
        if (unit == Unit.SECONDS || unit == Unit.MICROSECONDS || unit == Unit.NANOSECONDS) {
            return higher ? "slower" : "faster";
        }
        return higher ? "higher" : "lower";
    }

    private static String suffix(String value, ThroughputUnit unit) {
        return Cells.bitsPerSecond(value) ? " " + unit.name() : " " + Cells.header(value, unit);
    }

    static String delta(List<Double> a, List<Double> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return "-";
        }
        double ma = Pivot.median(a);
        double mb = Pivot.median(b);
        return ma == 0 ? "-" : String.format(Locale.ROOT, "%+.1f %%", 100 * (mb - ma) / ma);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    /** The identity keys whose values differ between rows (all of test if none do). */
    private static List<String> varying(List<Map<String, Object>> ids) {
        Set<String> keys = new LinkedHashSet<>();
        ids.forEach(id -> keys.addAll(id.keySet()));
        List<String> out = new ArrayList<>();
        for (String k : keys) {
            if (ids.stream().map(id -> id.get(k)).distinct().count() > 1 || ids.stream().anyMatch(id -> !id.containsKey(k))) {
                out.add(k);
            }
        }
        if (out.isEmpty()) {
            out.add("test");
        }
        return out.stream().filter(k -> ids.stream().anyMatch(id -> Objects.nonNull(id.get(k)))).toList();
    }
}
