package benchsh.shell.report;

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
 * Two sets of results side by side: rows are what was measured (test, parameters, tags other than
 * the compared one and the run number), cells the median of each set, then the delta of B against A
 * in percent.
 */
public final class Comparison {
    private static final Set<String> NOT_IDENTITY = Set.of("repeat", "session", "timeout", "interval");

    private Comparison() {
    }

    public static TextTable of(List<Result> results, String by, String a, String b, String value, ThroughputUnit unit) {
        Map<Map<String, Object>, List<Double>[]> rows = new LinkedHashMap<>();
        for (Result r : results) {
            String side = String.valueOf(r.lookup(by));
            int i = side.equals(a) ? 0 : side.equals(b) ? 1 : -1;
            Object v = r.lookup(value);
            if (i < 0 || !r.ok() || !(v instanceof Number n)) {
                continue;
            }
            @SuppressWarnings("unchecked")
            List<Double>[] cells = rows.computeIfAbsent(identity(r, by), k -> new List[] {new ArrayList<>(), new ArrayList<>()});
            cells[i].add(n.doubleValue());
        }
        List<String> keys = varying(rows.keySet());
        List<String> header = new ArrayList<>(keys);
        header.add(a + suffix(value, unit));
        header.add(b + suffix(value, unit));
        header.add("delta");
        TextTable t = new TextTable(header);
        for (Map.Entry<Map<String, Object>, List<Double>[]> e : rows.entrySet()) {
            List<String> line = new ArrayList<>();
            keys.forEach(k -> line.add(Cells.cell(k, e.getKey().get(k), unit)));
            List<Double>[] cells = e.getValue();
            line.add(Pivot.cell(cells[0], value, unit));
            line.add(Pivot.cell(cells[1], value, unit));
            line.add(delta(cells[0], cells[1]));
            t.row(line);
        }
        return t;
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

    private static Map<String, Object> identity(Result r, String by) {
        Map<String, Object> id = new LinkedHashMap<>();
        id.put("test", r.test());
        r.params().forEach((k, v) -> {
            if (!NOT_IDENTITY.contains(k)) {
                id.put(k, v);
            }
        });
        r.tags().forEach((k, v) -> {
            if (!k.equals(by) && !NOT_IDENTITY.contains(k)) {
                id.put(k, v);
            }
        });
        return id;
    }

    /** The identity keys whose values differ between rows (all of test if none do). */
    private static List<String> varying(Set<Map<String, Object>> ids) {
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
