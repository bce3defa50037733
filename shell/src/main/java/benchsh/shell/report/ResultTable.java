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
        List<String> keys = new ArrayList<>();
        results.stream().flatMap(r -> r.tags().keySet().stream()).distinct().filter(k -> !columns.contains(k)).forEach(keys::add);
        keys.addAll(columns);
        boolean trouble = results.stream().anyMatch(r -> !r.ok());
        if (trouble) {
            keys.add("status");
        }
        List<String> header = keys.stream().map(k -> Cells.header(k, unit)).toList();
        TextTable t = new TextTable(header);
        for (Result r : results) {
            t.row(keys.stream().map(k -> Cells.cell(k, r.lookup(k), unit)).toList());
        }
        StringBuilder b = new StringBuilder(t.toString());
        for (Result r : results) {
            if (r.error() != null) {
                b.append(r.status().wire()).append(": ").append(r.error()).append('\n');
            }
        }
        return b.toString();
    }
}
