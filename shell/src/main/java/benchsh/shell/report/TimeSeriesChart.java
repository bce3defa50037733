package benchsh.shell.report;

import benchsh.shell.result.IntervalKeys;
import benchsh.shell.result.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.DoubleFunction;

/**
 * A chart of values over the seconds of a test, as an inline SVG ({@link SvgChart}'s size, frame and text): lines on a
 * left axis and, when given, lines on a right axis of their own (flent's "throughput and latency over time", or a
 * result's throughput with its observed hosts' CPU). Each line is a name and points (seconds → a value in its axis'
 * unit); the axes run from zero (or a fixed range) to the largest value, their ticks read as the axis says. Built and
 * rendered once: not thread-safe; {@link #render} is a pure function of what was given.
 *
 * <pre>
 * String svg = TimeSeriesChart.of("chart-3")
 *         .left(TimeSeriesChart.Scale.of("throughput MB/s", v -> Formats.number(v)), lines)
 *         .right(TimeSeriesChart.Scale.fixed("CPU %", 0, 100, v -> Formats.number(v) + " %"), cpu)
 *         .render();
 * </pre>
 */
public final class TimeSeriesChart {
    private static final String[] PALETTE = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"};
    private static final double CHAR = 7.0;
    private static final int TOP = 44;
    private static final int BOTTOM = 56;
    private static final int MARGIN = 24;
    private static final String X_TITLE = "seconds into the test";

    /** One line: its name (the legend's and the tooltip's) and its points, seconds into the test → value. */
    public record Line(String name, SortedMap<Double, Double> points) {
        public Line {
            points = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(points));
        }
    }

    /**
     * A y axis: its title, its range ({@code max} NaN: up to the largest value, from {@code min}) and how its ticks read.
     */
    public record Scale(String title, double min, double max, DoubleFunction<String> tick) {
        /** An axis from zero to the largest value of its lines. */
        public static Scale of(String title, DoubleFunction<String> tick) {
            return new Scale(title, 0, Double.NaN, tick);
        }

        /** An axis of a fixed range, e.g. 0 to 100 for percent. */
        public static Scale fixed(String title, double min, double max, DoubleFunction<String> tick) {
            return new Scale(title, min, max, tick);
        }

        SvgChart.Axis axis(List<Line> lines) {
            double top = lines.stream().flatMap(l -> l.points().values().stream()).mapToDouble(Double::doubleValue).max().orElse(1);
            return SvgChart.Axis.linear(min, Double.isNaN(max) ? top : max, true);
        }
    }

    private final String id;
    private Scale left;
    private List<Line> leftLines = List.of();
    private Scale right;
    private List<Line> rightLines = List.of();

    private TimeSeriesChart(String id) {
        this.id = id;
    }

    /** A chart whose {@code <svg>} gets this id. */
    public static TimeSeriesChart of(String id) {
        return new TimeSeriesChart(id);
    }

    /** The lines on the left axis. */
    public TimeSeriesChart left(Scale scale, List<Line> lines) {
        this.left = scale;
        this.leftLines = List.copyOf(lines);
        return this;
    }

    /** The lines on a right axis of their own (another unit), drawn after the left's, in the colours that follow theirs. */
    public TimeSeriesChart right(Scale scale, List<Line> lines) {
        this.right = scale;
        this.rightLines = List.copyOf(lines);
        return this;
    }

    /**
     * The points of {@code key} in a result's interval samples, by each sample's end second ({@link IntervalKeys#END_S}), divided by
     * {@code scale} (e.g. the bits of the session's throughput unit); samples without it are skipped.
     */
    public static SortedMap<Double, Double> samples(Result r, String key, double scale) {
        TreeMap<Double, Double> points = new TreeMap<>();
        for (Map<String, Object> s : r.intervals()) {
            if (s.get(IntervalKeys.END_S) instanceof Number end && s.get(key) instanceof Number v && Double.isFinite(v.doubleValue())) {
                points.put(end.doubleValue(), v.doubleValue() / scale);
            }
        }
        return points;
    }

    /** The {@code <svg>} element, or null when no line has two points to join. */
    public String render() {
        if (left == null || leftLines.stream().noneMatch(l -> l.points().size() > 1)) {
            return null;
        }
        List<Line> all = new ArrayList<>(leftLines);
        all.addAll(rightLines);
        double maxX = all.stream().filter(l -> !l.points().isEmpty()).mapToDouble(l -> l.points().lastKey()).max().orElse(1);
        SvgChart.Axis x = SvgChart.Axis.linear(0, maxX, true);
        SvgChart.Axis y = left.axis(leftLines);
        SvgChart.Axis y2 = right == null ? null : right.axis(rightLines);
        List<String> leftTicks = y.ticks().stream().map(left.tick()::apply).toList();
        List<String> rightTicks = y2 == null ? List.of() : y2.ticks().stream().map(right.tick()::apply).toList();
        double margin = 34 + CHAR * leftTicks.stream().mapToInt(String::length).max().orElse(1);
        double rightMargin = y2 == null ? MARGIN : 16 + CHAR * rightTicks.stream().mapToInt(String::length).max().orElse(1);
        SvgChart.Frame f = new SvgChart.Frame(margin, TOP, SvgChart.WIDTH - rightMargin, SvgChart.HEIGHT - BOTTOM);
        StringBuilder b = SvgChart.open(id);
        String leftColor = y2 == null ? "#444444" : PALETTE[0];
        for (int i = 0; i < y.ticks().size(); i++) {
            double py = f.y(y.fraction(y.ticks().get(i)));
            SvgChart.line(b, f.left(), py, f.right(), py, "#e3e3e3");
            SvgChart.text(b, f.left() - 8, py + 4, "end", leftColor, leftTicks.get(i));
        }
        for (int i = 0; i < rightTicks.size(); i++) {
            SvgChart.text(b, f.right() + 8, f.y(y2.fraction(y2.ticks().get(i))) + 4, "start", color(leftLines.size()), rightTicks.get(i));
        }
        for (double t : x.ticks()) {
            double px = f.x(x.fraction(t));
            SvgChart.line(b, px, f.top(), px, f.bottom(), "#e3e3e3");
            SvgChart.text(b, px, f.bottom() + 18, "middle", "#444444", Formats.number(t));
        }
        SvgChart.line(b, f.left(), f.bottom(), f.right(), f.bottom(), "#999999");
        SvgChart.line(b, f.left(), f.top(), f.left(), f.bottom(), "#999999");
        SvgChart.text(b, (f.left() + f.right()) / 2, SvgChart.HEIGHT - 12, "middle", "#333333", X_TITLE);
        double cy = (f.top() + f.bottom()) / 2;
        b.append(String.format(Locale.ROOT, "<text x=\"16\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#333333\" font-size=\"13\""
                + " transform=\"rotate(-90 16 %.1f)\">%s</text>%n", cy, cy, SvgChart.esc(left.title())));
        for (int i = 0; i < all.size(); i++) {
            polyline(b, all.get(i), color(i), x, i < leftLines.size() ? y : y2, f);
        }
        if (all.size() > 1) {
            legend(b, all, f);
        }
        return b.append("</svg>").toString();
    }

    private static String color(int i) {
        return PALETTE[i % PALETTE.length];
    }

    private static void polyline(StringBuilder b, Line line, String color, SvgChart.Axis x, SvgChart.Axis y, SvgChart.Frame f) {
        StringBuilder path = new StringBuilder();
        line.points().forEach((px, py) -> path.append(path.length() == 0 ? "" : " ")
                .append(String.format(Locale.ROOT, "%.1f,%.1f", f.x(x.fraction(px)), f.y(y.fraction(py)))));
        b.append(String.format(Locale.ROOT, "<g><title>%s</title><polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2.2\""
                + " stroke-linejoin=\"round\"/></g>%n", SvgChart.esc(line.name()), path, color));
    }

    /** The names along the top, each after a stroke of its colour, as many as fit the width. */
    private static void legend(StringBuilder b, List<Line> lines, SvgChart.Frame f) {
        double px = f.left();
        for (int i = 0; i < lines.size(); i++) {
            String name = lines.get(i).name();
            if (px + 28 + CHAR * name.length() > SvgChart.WIDTH) {
                break;
            }
            SvgChart.line(b, px, 20, px + 22, 20, color(i), 2.2);
            SvgChart.text(b, px + 28, 24, "start", "#333333", name);
            px += 44 + CHAR * name.length();
        }
    }
}
