package benchsh.shell.report;

import benchsh.shell.result.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * flent's classic plot of a latency-under-load result, as an inline SVG: three panels over the seconds of the test,
 * download throughput, upload throughput (in the session's unit) and latency (the probes' median round trip, and each
 * way's one-way delay), with the test's phases shaded behind them and named above. Drawn from the result's timeline
 * (its interval samples with {@code phase}, {@code throughput_down_bps}, {@code throughput_up_bps}, {@code
 * latency_p50_us}), with {@link SvgChart}'s axes and primitives. Stateless and thread-safe.
 */
public final class LatencyUnderLoadChart {
    static final int WIDTH = SvgChart.WIDTH;
    static final int HEIGHT = 560;
    private static final int LEFT = 92;
    private static final int RIGHT = 24;
    private static final int TOP = 52;
    private static final int BOTTOM = 48;
    private static final int GAP = 22;
    private static final String DOWN = "#1f77b4";
    private static final String UP = "#2ca02c";
    private static final String RTT = "#d62728";
    private static final String[] ONE_WAY = {"#9467bd", "#ff7f0e"};
    private static final String[] SHADES = {"#ffffff", "#eef3fa"};

    private LatencyUnderLoadChart() {
    }

    /** One panel: its title, its series (name, color, key, dashed) and how its values are scaled to its axis. */
    private record Panel(String title, List<Line> lines, double scale) {
    }

    private record Line(String name, String color, String key, boolean dashed) {
    }

    /** The {@code <svg>} element, or null when the result has no timeline of latency and throughput each way. */
    public static String render(Result r, ThroughputUnit unit, String id) {
        List<Map<String, Object>> timeline = r.intervals();
        if (timeline.size() < 2 || timeline.stream().noneMatch(s -> s.get("latency_p50_us") instanceof Number)
                || timeline.stream().noneMatch(s -> s.containsKey("throughput_down_bps"))) {
            return null;
        }
        double end = timeline.stream().mapToDouble(s -> number(s, "end_s")).filter(Double::isFinite).max().orElse(1);
        SvgChart.Axis x = SvgChart.Axis.linear(0, end, true);
        List<Panel> panels = List.of(
                new Panel("download " + unit.name(), List.of(new Line("download", DOWN, "throughput_down_bps", false)), unit.bitsPerUnit()),
                new Panel("upload " + unit.name(), List.of(new Line("upload", UP, "throughput_up_bps", false)), unit.bitsPerUnit()),
                new Panel("latency ms", List.of(new Line("round trip p50", RTT, "latency_p50_us", false),
                        new Line("up p50", ONE_WAY[0], "up_delay_p50_us", true), new Line("down p50", ONE_WAY[1], "down_delay_p50_us", true)), 1e3));
        double height = (HEIGHT - TOP - BOTTOM - GAP * (panels.size() - 1)) / (double) panels.size();
        StringBuilder b = SvgChart.open(id, WIDTH, HEIGHT);
        shadePhases(b, timeline, x, new SvgChart.Frame(LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM));
        List<Line> legend = new ArrayList<>();
        for (int i = 0; i < panels.size(); i++) {
            double top = TOP + i * (height + GAP);
            panel(b, panels.get(i), timeline, x, new SvgChart.Frame(LEFT, top, WIDTH - RIGHT, top + height), i == panels.size() - 1);
            legend.addAll(panels.get(i).lines());
        }
        SvgChart.text(b, (LEFT + WIDTH - RIGHT) / 2.0, HEIGHT - 10, "middle", "#333333", "seconds into the test");
        legend(b, legend);
        return b.append("</svg>").toString();
    }

    /** A run of samples in one phase: its name and span, in seconds. */
    private record Band(String phase, double from, double to) {
    }

    /** A band behind every phase (loaded ones shaded), its name above the first panel. */
    private static void shadePhases(StringBuilder b, List<Map<String, Object>> timeline, SvgChart.Axis x, SvgChart.Frame f) {
        List<Band> bands = new ArrayList<>();
        for (Map<String, Object> s : timeline) {
            String phase = String.valueOf(s.get("phase"));
            Band last = bands.isEmpty() ? null : bands.get(bands.size() - 1);
            if (last != null && last.phase().equals(phase)) {
                bands.set(bands.size() - 1, new Band(phase, last.from(), number(s, "end_s")));
            } else {
                bands.add(new Band(phase, number(s, "start_s"), number(s, "end_s")));
            }
        }
        for (Band band : bands) {
            double from = f.x(x.fraction(band.from()));
            double to = f.x(x.fraction(band.to()));
            String fill = band.phase().startsWith("idle") ? SHADES[0] : SHADES[1];
            b.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>%n", from, f.top() - 16,
                    Math.max(0, to - from), f.bottom() - f.top() + 16, fill));
            SvgChart.text(b, (from + to) / 2, f.top() - 4, "middle", "#555555", band.phase());
        }
    }

    private static void panel(StringBuilder b, Panel p, List<Map<String, Object>> timeline, SvgChart.Axis x, SvgChart.Frame f, boolean last) {
        List<TreeMap<Double, Double>> data = p.lines().stream().map(l -> series(timeline, l.key(), p.scale())).toList();
        double max = data.stream().flatMap(d -> d.values().stream()).mapToDouble(Double::doubleValue).max().orElse(1);
        SvgChart.Axis y = SvgChart.Axis.linear(0, max, true);
        for (double t : y.ticks()) {
            double py = f.y(y.fraction(t));
            SvgChart.line(b, f.left(), py, f.right(), py, "#dddddd");
            SvgChart.text(b, f.left() - 8, py + 4, "end", "#444444", Formats.number(t));
        }
        for (double t : x.ticks()) {
            double px = f.x(x.fraction(t));
            SvgChart.line(b, px, f.top(), px, f.bottom(), "#e8e8e8");
            if (last) {
                SvgChart.text(b, px, f.bottom() + 18, "middle", "#444444", Formats.number(t));
            }
        }
        SvgChart.line(b, f.left(), f.bottom(), f.right(), f.bottom(), "#999999");
        SvgChart.line(b, f.left(), f.top(), f.left(), f.bottom(), "#999999");
        double cy = (f.top() + f.bottom()) / 2;
        b.append(String.format(Locale.ROOT, "<text x=\"18\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#333333\" font-size=\"12\""
                + " transform=\"rotate(-90 18 %.1f)\">%s</text>%n", cy, cy, SvgChart.esc(p.title())));
        for (int i = 0; i < data.size(); i++) {
            polyline(b, p.lines().get(i), data.get(i), x, y, f);
        }
    }

    /** The samples' {@code key} at the middle of each, divided by {@code scale}. */
    private static TreeMap<Double, Double> series(List<Map<String, Object>> samples, String key, double scale) {
        TreeMap<Double, Double> points = new TreeMap<>();
        for (Map<String, Object> s : samples) {
            double v = number(s, key);
            double mid = (number(s, "start_s") + number(s, "end_s")) / 2;
            if (Double.isFinite(v) && Double.isFinite(mid)) {
                points.put(mid, v / scale);
            }
        }
        return points;
    }

    private static void polyline(StringBuilder b, Line l, TreeMap<Double, Double> points, SvgChart.Axis x, SvgChart.Axis y, SvgChart.Frame f) {
        if (points.isEmpty()) {
            return;
        }
        StringBuilder path = new StringBuilder();
        points.forEach((px, py) -> path.append(path.length() == 0 ? "" : " ")
                .append(String.format(Locale.ROOT, "%.1f,%.1f", f.x(x.fraction(px)), f.y(y.fraction(py)))));
        b.append(String.format(Locale.ROOT, "<g><title>%s</title><polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\"%s"
                + " stroke-linejoin=\"round\"/></g>%n", SvgChart.esc(l.name()), path, l.color(), l.dashed() ? " stroke-dasharray=\"5 3\"" : ""));
    }

    private static void legend(StringBuilder b, List<Line> lines) {
        double px = LEFT;
        for (Line l : lines) {
            SvgChart.line(b, px, 16, px + 22, 16, l.color(), 2.2);
            SvgChart.text(b, px + 28, 20, "start", "#333333", l.name());
            px += 44 + 7.0 * l.name().length();
        }
    }

    private static double number(Map<String, Object> sample, String key) {
        return sample.get(key) instanceof Number n ? n.doubleValue() : Double.NaN;
    }
}
