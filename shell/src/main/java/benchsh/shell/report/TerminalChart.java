package benchsh.shell.report;

import benchsh.shell.result.Result;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A bar chart of results drawn with Unicode blocks, one bar per value of {@code x} (and of
 * {@code by}, grouped under it), bar length proportional to the median of {@code y} with 1/8-cell
 * resolution, the figure printed after the bar:
 * <pre>
 * throughput MB/s by size, dir
 * 1 KiB  Tx  ████████████▌                   995
 *        Rx  ████████████▎                   981
 * </pre>
 * Keys are looked up like pivots (tags, params, fields, metrics). Stateless.
 */
public final class TerminalChart {
    private static final char[] EIGHTHS = {' ', '▏', '▎', '▍', '▌', '▋', '▊', '▉'};

    private TerminalChart() {
    }

    /** @param width the longest bar, in terminal cells */
    public static String bars(List<Result> results, String x, String y, String by, int width, ThroughputUnit unit) {
        List<Object> xs = Pivot.distinct(results, x);
        List<Object> series = by == null ? Collections.singletonList(null) : Pivot.distinct(results, by);
        List<String[]> rows = new ArrayList<>(); // x label, series label, value text
        List<Double> values = new ArrayList<>();
        for (Object xv : xs) {
            boolean first = true;
            for (Object sv : series) {
                List<Double> runs = results.stream()
                        .filter(r -> Objects.equals(Pivot.normal(r.lookup(x)), xv) && (by == null || Objects.equals(Pivot.normal(r.lookup(by)), sv)))
                        .map(r -> r.lookup(y))
                        .filter(v -> v instanceof Number)
                        .map(v -> ((Number) v).doubleValue())
                        .filter(v -> !v.isNaN())
                        .toList();
                if (runs.isEmpty()) {
                    continue;
                }
                double median = Pivot.median(runs);
                rows.add(new String[] {first ? Cells.cell(x, xv, unit) : "", sv == null ? "" : Cells.cell(by, sv, unit), Cells.cell(y, median, unit)});
                values.add(median);
                first = false;
            }
        }
        if (rows.isEmpty()) {
            return "nothing to plot: no result has both " + x + " and a number " + y + "\n";
        }
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        int xw = Math.max(x.length(), rows.stream().mapToInt(r -> r[0].length()).max().orElse(0));
        int sw = rows.stream().mapToInt(r -> r[1].length()).max().orElse(0);
        int vw = rows.stream().mapToInt(r -> r[2].length()).max().orElse(0);
        StringBuilder b = new StringBuilder(Cells.header(y, unit)).append(" by ").append(x).append(by == null ? "" : ", " + by).append('\n');
        for (int i = 0; i < rows.size(); i++) {
            String[] r = rows.get(i);
            b.append(pad(r[0], xw)).append("  ");
            if (sw > 0) {
                b.append(pad(r[1], sw)).append("  ");
            }
            String bar = bar(values.get(i), max, width);
            b.append(bar).append(" ".repeat(width - bar.length() + 1 + vw - r[2].length())).append(r[2]).append('\n');
        }
        return b.toString();
    }

    /** A bar of {@code value / max * width} cells, in eighths; at least a sliver for a positive value. */
    static String bar(double value, double max, int width) {
        if (max <= 0 || value <= 0) {
            return "";
        }
        long eighths = Math.max(1, Math.round(value / max * width * 8));
        StringBuilder b = new StringBuilder("█".repeat((int) (eighths / 8)));
        if (eighths % 8 != 0) {
            b.append(EIGHTHS[(int) (eighths % 8)]);
        }
        return b.toString();
    }

    private static String pad(String s, int w) {
        return s + " ".repeat(Math.max(0, w - s.length()));
    }
}
