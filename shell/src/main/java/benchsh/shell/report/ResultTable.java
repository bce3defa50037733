package benchsh.shell.report;

import benchsh.shell.result.Result;
import java.util.ArrayList;
import java.util.List;

/**
 * The table a verb prints for its results: one row per result, the verb's chosen columns (looked up
 * like pivots: tags, params, fields, metrics), plus status and error when anything did not complete.
 */
public final class ResultTable {
    private ResultTable() {
    }

    public static String render(List<Result> results, List<String> columns, ThroughputUnit unit) {
        List<String> keys = keys(results, columns);
        TextTable t = new TextTable(headers(keys, unit));
        for (Result r : results) {
            t.row(cells(r, keys, unit));
        }
        StringBuilder b = new StringBuilder(t.toString());
        results.forEach(r -> b.append(errorLine(r)));
        return b.toString();
    }

    /**
     * The columns: tags first (those not already chosen), then the verb's (its from and to as the results' hosts show:
     * {@link HostColumns}), then status if anything failed.
     */
    public static List<String> keys(List<Result> results, List<String> columns) {
        List<String> keys = new ArrayList<>();
        results.stream().flatMap(r -> r.tags().keySet().stream()).distinct().filter(k -> !columns.contains(k)).forEach(keys::add);
        keys.addAll(HostColumns.in(columns, results));
        if (results.stream().anyMatch(r -> !r.ok())) {
            keys.add("status");
        }
        return keys;
    }

    /**
     * A result's row as a terminal shows it: its headers and cells, and the headers of the columns that did not fit (in
     * their declared order).
     */
    public record Row(List<String> headers, List<String> cells, List<String> hidden) {
        /**
         * What a table of such rows leaves out, said once under it, within {@code width} characters when it can (0: no
         * limit): the columns by name, else how many; null when every column shows.
         */
        public String note(int width) {
            if (hidden.isEmpty()) {
                return null;
            }
            String named = "(not shown: " + String.join(", ", hidden) + "; results wide: true shows every column)";
            return width <= 0 || named.length() <= width ? named
                    : "(" + Formats.count(hidden.size(), "more column") + ": results wide: true, or a wider terminal)";
        }
    }

    /**
     * The row of {@code r} with the test's {@code columns} (and its tags and status), cut to the columns that fit
     * {@code width} characters ({@link RowFit}; 0: every column). The columns are declared in the order of priority
     * ({@link benchsh.shell.run.Test#columns}): the tags, the headline and the status always show, the others in
     * their declared order while they fit.
     */
    public static Row row(Result r, List<String> columns, ThroughputUnit unit, int width) {
        List<String> keys = keys(List.of(r), columns);
        List<String> headers = headers(keys, unit);
        List<String> cells = cells(r, keys, unit);
        String headline = Result.headlineMetric(List.of(r));
        List<Integer> shown = RowFit.columns(headers, cells, i -> essential(keys.get(i), columns, headline), width);
        List<String> hidden = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            if (!shown.contains(i)) {
                hidden.add(headers.get(i));
            }
        }
        return new Row(shown.stream().map(headers::get).toList(), shown.stream().map(cells::get).toList(), hidden);
    }

    /** Tags (the varying parameters), the headline metric and the status always show. */
    private static boolean essential(String key, List<String> columns, String headline) {
        return !columns.contains(key) || key.equals("status") || key.equals(headline);
    }

    public static List<String> headers(List<String> keys, ThroughputUnit unit) {
        return keys.stream().map(k -> Cells.header(k, unit)).toList();
    }

    public static List<String> cells(Result r, List<String> keys, ThroughputUnit unit) {
        return keys.stream().map(k -> Cells.cell(k, HostColumns.value(r, k), unit)).toList();
    }

    /** "failed: h2: no data for 10 s" or "". */
    public static String errorLine(Result r) {
        return r.error() == null ? "" : r.status().wire() + ": " + r.error() + "\n";
    }
}
