package benchsh.shell.report;

import benchsh.shell.result.Result;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code results wide: true}: every tag, parameter and metric of some results, readable. One table per test, in the
 * order each was first measured; its columns are the rows' numbers ({@code _3}), hosts and tags, and whatever differs
 * between its rows; what is the same in every row is said once, under the table; a table wider than the terminal is
 * folded into parts that fit, each starting with the rows' numbers. Stateless.
 */
public final class WideTable {
    private static final int GAP = 2;

    private WideTable() {
    }

    /**
     * @param all   the session's results (a row's number is its place among them)
     * @param shown the results to show
     * @param width the terminal's width in characters; 0 or less for no limit
     */
    public static String render(List<Result> all, List<Result> shown, ThroughputUnit unit, int width) {
        Map<String, List<Result>> byTest = new LinkedHashMap<>();
        shown.forEach(r -> byTest.computeIfAbsent(r.test(), k -> new ArrayList<>()).add(r));
        StringBuilder b = new StringBuilder();
        byTest.forEach((test, group) -> {
            if (!b.isEmpty()) {
                b.append('\n');
            }
            b.append(test).append(": ").append(Formats.count(group.size(), "result")).append('\n');
            group(b, all, group, unit, width);
            group.forEach(r -> b.append(ResultTable.errorLine(r)));
        });
        return b.toString();
    }

    private static void group(StringBuilder b, List<Result> all, List<Result> group, ThroughputUnit unit, int width) {
        List<String> identity = new ArrayList<>(HostColumns.keys(group));
        group.forEach(r -> r.tags().keySet().stream().filter(k -> !identity.contains(k)).forEach(identity::add));
        List<String> varying = new ArrayList<>();
        List<String> shared = new ArrayList<>();
        for (String k : keys(group)) {
            if (identity.contains(k)) {
                continue;
            }
            Set<String> cells = new LinkedHashSet<>();
            group.forEach(r -> cells.add(Cells.cell(k, r.lookup(k), unit)));
            if (cells.size() > 1) {
                varying.add(k);
            } else if (!cells.contains("-")) {
                shared.add(Cells.header(k, unit) + ": " + cells.iterator().next());
            }
        }
        List<String> columns = new ArrayList<>(identity);
        columns.addAll(varying);
        List<String> numbers = group.stream().map(r -> "_" + (all.indexOf(r) + 1)).toList();
        List<List<String>> cells = group.stream().map(r -> columns.stream().map(k -> Cells.cell(k, HostColumns.value(r, k), unit)).toList()).toList();
        List<String> headers = ResultTable.headers(columns, unit);
        List<List<Integer>> parts = fold(headers, cells, numbers, width);
        for (int p = 0; p < parts.size(); p++) {
            List<String> header = new ArrayList<>(List.of(""));
            parts.get(p).forEach(c -> header.add(headers.get(c)));
            TextTable t = new TextTable(header);
            for (int i = 0; i < group.size(); i++) {
                List<String> row = new ArrayList<>(List.of(numbers.get(i)));
                List<String> line = cells.get(i);
                parts.get(p).forEach(c -> row.add(line.get(c)));
                t.row(row);
            }
            b.append(p == 0 ? "" : "\n").append(t);
        }
        if (!shared.isEmpty()) {
            b.append(wrapped((group.size() == 1 ? "" : "the same in all " + group.size() + ": ") + String.join(", ", shared), width));
        }
    }

    /** The hosts, then every tag, parameter and metric that is a number or a word (not a list or a map), in order of first appearance. */
    private static List<String> keys(List<Result> group) {
        Set<String> keys = new LinkedHashSet<>();
        if (group.stream().anyMatch(r -> !r.ok())) {
            keys.add("status");
        }
        group.forEach(r -> keys.addAll(r.params().keySet()));
        group.forEach(r -> r.metrics().forEach((k, v) -> {
            if (!(v instanceof List) && !(v instanceof Map)) {
                keys.add(k);
            }
        }));
        keys.remove("on");
        return new ArrayList<>(keys);
    }

    /** The columns in parts that each fit {@code width} after the number column (every part at least one column); one part without a limit. */
    static List<List<Integer>> fold(List<String> headers, List<List<String>> rows, List<String> numbers, int width) {
        int first = numbers.stream().mapToInt(String::length).max().orElse(0);
        List<List<Integer>> parts = new ArrayList<>();
        List<Integer> part = new ArrayList<>();
        int used = first;
        for (int c = 0; c < headers.size(); c++) {
            int w = headers.get(c).length();
            for (List<String> r : rows) {
                w = Math.max(w, r.get(c).length());
            }
            if (width > 0 && !part.isEmpty() && used + GAP + w > width) {
                parts.add(part);
                part = new ArrayList<>();
                used = first;
            }
            part.add(c);
            used += GAP + w;
        }
        parts.add(part);
        return parts;
    }

    /** {@code text} broken after its commas into lines of at most {@code width} characters (0: one line), continued indented. */
    static String wrapped(String text, int width) {
        if (width <= 0 || text.length() <= width) {
            return text + "\n";
        }
        StringBuilder b = new StringBuilder();
        StringBuilder line = new StringBuilder();
        for (String piece : text.split("(?<=, )")) {
            if (line.length() > 0 && line.length() + piece.stripTrailing().length() > width) {
                b.append(line.toString().stripTrailing()).append('\n');
                line.setLength(0);
                line.append("  ");
            }
            line.append(piece);
        }
        return b.append(line.toString().stripTrailing()).append('\n').toString();
    }
}
