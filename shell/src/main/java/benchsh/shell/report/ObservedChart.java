package benchsh.shell.report;

import benchsh.shell.observe.ObservedNames;
import benchsh.shell.result.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Draws one result's interval samples as an inline SVG: the test's throughput per interval (left axis, in
 * the session's unit) and the CPU of each observed host ({@code cpu_<host>_pct}, right axis, 0–100 %)
 * against the seconds of the test, so a device in the middle that runs out of CPU shows where the
 * throughput stops growing. Stateless and thread-safe.
 */
public final class ObservedChart {
    private static final String THROUGHPUT = "throughput_bps";
    private static final String[] CPU_COLORS = {"#d62728", "#2ca02c", "#ff7f0e", "#9467bd"};
    private static final int LEFT = 96;
    private static final int RIGHT = 64;
    private static final int TOP = 44;
    private static final int BOTTOM = 56;

    private ObservedChart() {
    }

    /** The observed CPU keys of a result: its metrics named {@code cpu_<host>_pct}, in order. */
    static List<String> cpuKeys(Result r) {
        return r.metrics().keySet().stream().filter(ObservedNames::isBusyCpu).toList();
    }

    /** The {@code <svg>} element, or null when the result has no two samples with both throughput and an observed CPU. */
    public static String render(Result r, ThroughputUnit unit, String id) {
        List<String> cpus = cpuKeys(r);
        TreeMap<Double, Double> throughput = series(r.intervals(), THROUGHPUT, unit.bitsPerUnit());
        List<TreeMap<Double, Double>> load = cpus.stream().map(k -> series(r.intervals(), k, 1)).toList();
        if (cpus.isEmpty() || throughput.size() < 2 || load.stream().allMatch(l -> l.size() < 2)) {
            return null;
        }
        double maxX = throughput.lastKey();
        for (TreeMap<Double, Double> l : load) {
            maxX = l.isEmpty() ? maxX : Math.max(maxX, l.lastKey());
        }
        SvgChart.Axis x = SvgChart.Axis.linear(0, maxX, true);
        SvgChart.Axis y = SvgChart.Axis.linear(0, throughput.values().stream().mapToDouble(Double::doubleValue).max().orElse(1), true);
        SvgChart.Axis pct = SvgChart.Axis.linear(0, 100, true);
        SvgChart.Frame f = new SvgChart.Frame(LEFT, TOP, SvgChart.WIDTH - RIGHT, SvgChart.HEIGHT - BOTTOM);
        StringBuilder b = SvgChart.open(id);
        for (double t : y.ticks()) {
            double py = f.y(y.fraction(t));
            SvgChart.line(b, f.left(), py, f.right(), py, "#e3e3e3");
            SvgChart.text(b, f.left() - 8, py + 4, "end", "#1f77b4", Formats.number(t) + " " + unit.name());
        }
        for (double t : pct.ticks()) {
            SvgChart.text(b, f.right() + 8, f.y(pct.fraction(t)) + 4, "start", "#d62728", Formats.number(t) + " %");
        }
        for (double t : x.ticks()) {
            double px = f.x(x.fraction(t));
            SvgChart.line(b, px, f.top(), px, f.bottom(), "#e3e3e3");
            SvgChart.text(b, px, f.bottom() + 18, "middle", "#444444", Formats.number(t));
        }
        SvgChart.line(b, f.left(), f.bottom(), f.right(), f.bottom(), "#999999");
        SvgChart.text(b, (f.left() + f.right()) / 2, SvgChart.HEIGHT - 12, "middle", "#333333", "seconds into the test");
        List<String> names = new ArrayList<>(List.of("throughput"));
        List<String> colors = new ArrayList<>(List.of("#1f77b4"));
        polyline(b, "throughput", throughput, "#1f77b4", x, y, f);
        for (int i = 0; i < cpus.size(); i++) {
            String color = CPU_COLORS[i % CPU_COLORS.length];
            String name = Cells.header(cpus.get(i), unit);
            polyline(b, name, load.get(i), color, x, pct, f);
            names.add(name);
            colors.add(color);
        }
        double px = f.left();
        for (int i = 0; i < names.size(); i++) {
            SvgChart.line(b, px, 20, px + 22, 20, colors.get(i), 2.2);
            SvgChart.text(b, px + 28, 24, "start", "#333333", names.get(i));
            px += 44 + 7.0 * names.get(i).length();
        }
        return b.append("</svg>").toString();
    }

    /** The samples' {@code key} by their end second, divided by {@code scale}. */
    private static TreeMap<Double, Double> series(List<Map<String, Object>> samples, String key, double scale) {
        TreeMap<Double, Double> points = new TreeMap<>();
        for (Map<String, Object> s : samples) {
            if (s.get("end_s") instanceof Number end && s.get(key) instanceof Number v && Double.isFinite(v.doubleValue())) {
                points.put(end.doubleValue(), v.doubleValue() / scale);
            }
        }
        return points;
    }

    private static void polyline(StringBuilder b, String name, TreeMap<Double, Double> points, String color, SvgChart.Axis x, SvgChart.Axis y,
                                 SvgChart.Frame f) {
        StringBuilder path = new StringBuilder();
        points.forEach((px, py) -> path.append(path.length() == 0 ? "" : " ")
                .append(String.format(Locale.ROOT, "%.1f,%.1f", f.x(x.fraction(px)), f.y(y.fraction(py)))));
        b.append(String.format(Locale.ROOT, "<g><title>%s</title><polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2.2\""
                + " stroke-linejoin=\"round\"/></g>%n", SvgChart.esc(name), path, color));
    }
}
