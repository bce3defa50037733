package benchsh.shell.report;

import benchsh.shell.result.Result;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A pivot of results: one row per value of {@code rows}, one column per value of {@code cols}, and in each cell the
 * {@code value} metric. A cell with several runs shows the median and the runs, the way figures are posted:
 * {@code 83.0 (83.3; 82.9; 83.0)}. A run that did not complete (interrupted, failed) is marked {@code *} among the
 * runs and left out of the median; results that lack the row or column key get a row or column of their own, named by
 * what they lack ({@code no dir}); results without the value are left out, and the notes under the table say so.
 * Throughput columns carry their unit ({@code Tx MB/s}); any other value is named in the corner ({@code frame \ limit
 * Mbit/s}), so two tables of different values never look alike.
 */
public final class Pivot {
    /** The key of results that lack the row or column key: sorts last, reads "no KEY". */
    private static final Object MISSING = new Object() {
        @Override
        public String toString() {
            return "missing";
        }
    };

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

    private static TextTable of(List<Result> all, String rows, String cols, String value, ThroughputUnit unit, boolean withCi, List<?> order) {
        List<Result> results = all.stream().filter(r -> number(r, value) != null).toList();
        Comparator<Object> given = Comparator.comparingInt(k -> k == MISSING ? order.size() + 1 : order.contains(k) ? order.indexOf(k) : order.size());
        List<Object> rowKeys = new ArrayList<>(distinct(results, rows));
        rowKeys.sort(given);
        List<Object> colKeys = cols == null ? java.util.Collections.singletonList(null) : new ArrayList<>(distinct(results, cols));
        if (cols != null) {
            colKeys.sort(given);
        }
        List<String> header = new ArrayList<>();
        boolean throughput = value.equals(Result.THROUGHPUT_BPS);
        header.add(cols == null || throughput ? rows : rows + " \\ " + Cells.header(value, unit));
        for (Object c : colKeys) {
            header.add(c == null ? Cells.header(value, unit) : key(cols, c, unit) + (throughput ? " " + unit.name() : ""));
        }
        TextTable t = new TextTable(header);
        boolean marked = false;
        for (Object r : rowKeys) {
            List<String> line = new ArrayList<>();
            line.add(key(rows, r, unit));
            for (Object c : colKeys) {
                List<Result> runs = results.stream()
                        .filter(x -> Objects.equals(slot(x.lookup(rows)), r) && (cols == null || Objects.equals(slot(x.lookup(cols)), c)))
                        .toList();
                List<Double> ok = runs.stream().filter(Result::ok).map(x -> number(x, value)).toList();
                List<Double> not = runs.stream().filter(x -> !x.ok()).map(x -> number(x, value)).toList();
                marked |= !not.isEmpty();
                line.add(withCi ? ciCell(ok, value, unit) + (not.isEmpty() ? "" : " " + NOT_OK) : cell(ok, not, value, unit));
            }
            t.row(line);
        }
        if (marked) {
            t.note(NOT_OK + " a run that did not complete (interrupted or failed): not in the median");
        }
        int without = all.size() - results.size();
        if (without > 0) {
            t.note("(" + Formats.count(without, "result") + " without " + Cells.header(value, unit) + " left out; value: picks another metric)");
        }
        return t;
    }

    /** What marks a run that did not complete. */
    static final String NOT_OK = "*";

    /** The value of {@code r} as a number, or null when it has none. */
    private static Double number(Result r, String value) {
        return r.lookup(value) instanceof Number n && !Double.isNaN(n.doubleValue()) ? n.doubleValue() : null;
    }

    /** A row's or column's key as its cell: the value, or "no KEY" for the results that lack it. */
    private static String key(String name, Object k, ThroughputUnit unit) {
        return k == MISSING ? "no " + name : Cells.cell(name, k, unit);
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
        return cell(runs, List.of(), value, unit);
    }

    /** The median of the completed runs, and every run when there are several ({@code notOk} marked {@link #NOT_OK}). */
    static String cell(List<Double> ok, List<Double> notOk, String value, ThroughputUnit unit) {
        if (ok.isEmpty() && notOk.isEmpty()) {
            return "-";
        }
        String median = ok.isEmpty() ? "-" : Cells.cell(value, median(ok), unit);
        if (ok.size() + notOk.size() == 1 && notOk.isEmpty()) {
            return median;
        }
        List<String> each = new ArrayList<>(ok.stream().map(v -> Cells.cell(value, v, unit)).toList());
        notOk.forEach(v -> each.add(Cells.cell(value, v, unit) + NOT_OK));
        return median + " (" + String.join("; ", each) + ")";
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

    /** The row or column {@code v} puts a result in: {@link #normal}, or {@link #MISSING} for none. */
    private static Object slot(Object v) {
        return v == null ? MISSING : normal(v);
    }

    /** Distinct values of a key in first-seen order; numbers sorted ascending; the results that lack it last. */
    static List<Object> distinct(List<Result> results, String key) {
        Set<Object> seen = new LinkedHashSet<>();
        for (Result r : results) {
            seen.add(slot(r.lookup(key)));
        }
        List<Object> out = new ArrayList<>(seen);
        out.remove(MISSING);
        if (out.stream().allMatch(v -> v instanceof Number)) {
            out.sort(Comparator.comparingDouble(v -> ((Number) v).doubleValue()));
        }
        if (seen.contains(MISSING)) {
            out.add(MISSING);
        }
        return out;
    }
}
