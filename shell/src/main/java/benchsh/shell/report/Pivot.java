package benchsh.shell.report;

import benchsh.shell.result.Result;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A pivot of results: one row per value of {@code rows}, one column per value of {@code cols}, and in
 * each cell the {@code value} metric. A cell with several runs shows the median and the runs, the way
 * figures are posted: {@code 83.0 (83.3; 82.9; 83.0)}.
 */
public final class Pivot {
    private Pivot() {
    }

    public static TextTable of(List<Result> results, String rows, String cols, String value, ThroughputUnit unit) {
        return of(results, rows, cols, value, unit, false);
    }

    /**
     * @param withCi cells with several runs show {@code median ± half-width of the 99 % confidence
     *               interval of the mean} instead of the runs
     */
    public static TextTable of(List<Result> results, String rows, String cols, String value, ThroughputUnit unit, boolean withCi) {
        return of(results, rows, cols, value, unit, withCi, List.of());
    }

    /** A pivot whose row and column keys come in {@code order} (e.g. hosts as given), the keys not in it after them. */
    public static TextTable ordered(List<Result> results, String rows, String cols, String value, ThroughputUnit unit, List<?> order) {
        return of(results, rows, cols, value, unit, false, order);
    }

    private static TextTable of(List<Result> results, String rows, String cols, String value, ThroughputUnit unit, boolean withCi,
            List<?> order) {
        Comparator<Object> given = Comparator.comparingInt(k -> order.contains(k) ? order.indexOf(k) : order.size());
        List<Object> rowKeys = new ArrayList<>(distinct(results, rows));
        rowKeys.sort(given);
        List<Object> colKeys = cols == null ? java.util.Collections.singletonList(null) : new ArrayList<>(distinct(results, cols));
        if (cols != null) {
            colKeys.sort(given);
        }
        List<String> header = new ArrayList<>();
        boolean throughput = Cells.bitsPerSecond(value);
        // throughput columns carry the unit ("64 KiB MB/s"); any other value is named once, in the corner
        header.add(cols == null || throughput ? rows : rows + " \\ " + Cells.header(value, unit));
        for (Object c : colKeys) {
            header.add(c == null ? Cells.header(value, unit) : Cells.cell(cols, c, unit) + (throughput ? " " + unit.name() : ""));
        }
        TextTable t = new TextTable(header);
        for (Object r : rowKeys) {
            List<String> line = new ArrayList<>();
            line.add(Cells.cell(rows, r, unit));
            for (Object c : colKeys) {
                List<Double> runs = results.stream()
                        .filter(x -> Objects.equals(normal(x.lookup(rows)), r) && (cols == null || Objects.equals(normal(x.lookup(cols)), c)))
                        .map(x -> x.lookup(value))
                        .filter(v -> v instanceof Number)
                        .map(v -> ((Number) v).doubleValue())
                        .toList();
                line.add(withCi ? ciCell(runs, value, unit) : cell(runs, value, unit));
            }
            t.row(line);
        }
        return t;
    }

    /** "83.0 ± 0.4": the median and the 99 % confidence half-width (Student's t) of several runs. */
    static String ciCell(List<Double> runs, String value, ThroughputUnit unit) {
        if (runs.size() < 2) {
            return cell(runs, value, unit);
        }
        benchsh.shell.result.Stats s = benchsh.shell.result.Stats.of(runs);
        return Cells.cell(value, s.median(), unit) + " ± " + Cells.cell(value, s.ciHalfWidth(0.99), unit);
    }

    static String cell(List<Double> runs, String value, ThroughputUnit unit) {
        if (runs.isEmpty()) {
            return "-";
        }
        String median = Cells.cell(value, median(runs), unit);
        if (runs.size() == 1) {
            return median;
        }
        return median + " (" + String.join("; ", runs.stream().map(v -> Cells.cell(value, v, unit)).toList()) + ")";
    }

    public static double median(List<Double> values) {
        List<Double> s = values.stream().sorted().toList();
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    /** Whole numbers as Long, others as Double: 2 (or 2.0) typed today and 2 loaded from the store are one key. */
    static Object normal(Object v) {
        if (v instanceof Number n && !(v instanceof Long)) {
            double d = n.doubleValue();
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? (Object) n.longValue() : (Object) d;
        }
        return v;
    }

    /** Distinct values of a key in first-seen order; numbers sorted ascending. */
    static List<Object> distinct(List<Result> results, String key) {
        Set<Object> seen = new LinkedHashSet<>();
        for (Result r : results) {
            Object v = normal(r.lookup(key));
            if (v != null) {
                seen.add(v);
            }
        }
        List<Object> out = new ArrayList<>(seen);
        if (out.stream().allMatch(v -> v instanceof Number)) {
            out.sort(Comparator.comparingDouble(v -> ((Number) v).doubleValue()));
        }
        return out;
    }
}
