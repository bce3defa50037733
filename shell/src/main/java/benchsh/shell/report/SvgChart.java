package benchsh.shell.report;

import benchsh.shell.result.Result;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Draws a section's chart as an inline SVG line chart: the value metric (the median of the runs at each
 * point, with a bar from the lowest to the highest run where there are several) against the section's x key, one
 * line per value of its series key. Sizes that span powers of two
 * get a log2 axis labelled like table cells (KiB). Text stays {@code <text>}, so it can be searched and
 * copied; nothing but the JDK is used and nothing is measured through fonts (label widths are estimated).
 * Stateless and thread-safe.
 */
public final class SvgChart {
    static final int WIDTH = 760;
    static final int HEIGHT = 380;
    private static final String[] PALETTE = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"};
    /** Estimated width of one character of the 12 px labels. */
    private static final double CHAR = 7.0;
    private static final int TOP = 44;
    private static final int BOTTOM = 56;
    private static final int RIGHT = 24;

    private SvgChart() {
    }

    /** One line of the chart: its name, its points (the medians) sorted by x, and the lowest and highest run at each point of several. */
    record Series(String name, TreeMap<Double, Double> points, TreeMap<Double, double[]> spread) {
    }

    /** The {@code <svg>} element for a section, or null when it has nothing to plot. */
    public static String render(ReportSection s, ThroughputUnit unit, String id) {
        if (s.chartX() == null || s.value() == null || s.ok().isEmpty()) {
            return null;
        }
        List<Series> data = dataset(s, unit);
        if (data.isEmpty()) {
            return null;
        }
        double minX = data.stream().mapToDouble(d -> d.points().firstKey()).min().orElseThrow();
        double maxX = data.stream().mapToDouble(d -> d.points().lastKey()).max().orElseThrow();
        double maxY = data.stream().flatMap(d -> d.points().values().stream()).mapToDouble(Double::doubleValue).max().orElseThrow();
        maxY = Math.max(maxY, data.stream().flatMap(d -> d.spread().values().stream()).mapToDouble(r -> r[1]).max().orElse(maxY));
        boolean log = minX > 0 && maxX / minX >= 4;
        Axis x = log ? Axis.log2(minX, maxX) : Axis.linear(Math.min(minX, maxX), maxX, false);
        Axis y = Axis.linear(0, maxY, true);
        String yKey = Cells.bitsPerSecond(s.value()) ? "" : s.value();
        List<String> yLabels = y.ticks().stream().map(v -> label(yKey, v, unit)).toList();
        double left = 34 + CHAR * yLabels.stream().mapToInt(String::length).max().orElse(1);
        Frame f = new Frame(left, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM);

        StringBuilder b = open(id);
        for (int i = 0; i < y.ticks().size(); i++) {
            double py = f.y(y.fraction(y.ticks().get(i)));
            line(b, f.left(), py, f.right(), py, "#e3e3e3");
            text(b, f.left() - 8, py + 4, "end", "#444444", yLabels.get(i));
        }
        for (double t : x.ticks()) {
            double px = f.x(x.fraction(t));
            line(b, px, f.top(), px, f.bottom(), "#e3e3e3");
            text(b, px, f.bottom() + 18, "middle", "#444444", label(s.chartX(), log ? Math.rint(Math.pow(2, t)) : t, unit));
        }
        line(b, f.left(), f.bottom(), f.right(), f.bottom(), "#999999");
        line(b, f.left(), f.top(), f.left(), f.bottom(), "#999999");
        text(b, (f.left() + f.right()) / 2, HEIGHT - 12, "middle", "#333333", s.chartX());
        double cy = (f.top() + f.bottom()) / 2;
        b.append(String.format(Locale.ROOT, "<text x=\"16\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#333333\" font-size=\"13\""
                + " transform=\"rotate(-90 16 %.1f)\">%s</text>%n", cy, cy, esc(Cells.header(s.value(), unit))));
        for (int i = 0; i < data.size(); i++) {
            plot(b, data.get(i), PALETTE[i % PALETTE.length], x, y, f, log);
        }
        if (data.size() > 1) {
            legend(b, data, f);
        }
        if (data.stream().anyMatch(d -> !d.spread().isEmpty())) {
            text(b, f.right(), TOP - 8, "end", "#666666", "bars: the lowest and highest of the runs");
        }
        return b.append("</svg>").toString();
    }

    /** A chart's opening: the {@code <svg>} element of {@link #WIDTH} × {@link #HEIGHT} and its white ground. */
    static StringBuilder open(String id) {
        return open(id, WIDTH, HEIGHT);
    }

    /** A chart's opening, {@code width} × {@code height}. */
    static StringBuilder open(String id, int width, int height) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "<svg id=\"%s\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\""
                + " font-family=\"DejaVu Sans, sans-serif\" font-size=\"12\" role=\"img\">%n", esc(id), width, height, width, height));
        return b.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, height));
    }

    /** The medians per point of every series, in the session's unit; failed results are left out. */
    static List<Series> dataset(ReportSection s, ThroughputUnit unit) {
        Map<Object, Map<Double, List<Double>>> bySeries = new LinkedHashMap<>();
        for (Result r : s.ok()) {
            Object x = r.lookup(s.chartX());
            Object y = r.lookup(s.value());
            if (x instanceof Number xn && y instanceof Number yn && Double.isFinite(yn.doubleValue()) && Double.isFinite(xn.doubleValue())) {
                Object key = s.series() == null ? "" : Objects.toString(r.lookup(s.series()));
                bySeries.computeIfAbsent(key, k -> new LinkedHashMap<>()).computeIfAbsent(xn.doubleValue(), k -> new ArrayList<>())
                        .add(yn.doubleValue());
            }
        }
        double scale = Cells.bitsPerSecond(s.value()) ? unit.bitsPerUnit() : 1;
        List<Series> out = new ArrayList<>();
        for (Map.Entry<Object, Map<Double, List<Double>>> e : bySeries.entrySet()) {
            String name = s.series() == null ? Cells.header(s.value(), unit) : s.series() + " " + e.getKey();
            TreeMap<Double, Double> points = new TreeMap<>();
            TreeMap<Double, double[]> spread = new TreeMap<>();
            e.getValue().forEach((x, ys) -> {
                points.put(x, Pivot.median(ys) / scale);
                if (ys.size() > 1) {
                    spread.put(x, new double[] {java.util.Collections.min(ys) / scale, java.util.Collections.max(ys) / scale});
                }
            });
            out.add(new Series(name, points, spread));
        }
        return out;
    }

    private static void plot(StringBuilder b, Series s, String color, Axis x, Axis y, Frame f, boolean log) {
        StringBuilder path = new StringBuilder();
        StringBuilder dots = new StringBuilder();
        for (Map.Entry<Double, Double> p : s.points().entrySet()) {
            double px = f.x(x.fraction(log ? Math.log(p.getKey()) / Math.log(2) : p.getKey()));
            double py = f.y(y.fraction(p.getValue()));
            path.append(path.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.1f,%.1f", px, py));
            dots.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>", px, py, color));
        }
        StringBuilder bars = new StringBuilder();
        s.spread().forEach((x0, range) -> {
            double px = f.x(x.fraction(log ? Math.log(x0) / Math.log(2) : x0));
            double lo = f.y(y.fraction(range[0]));
            double hi = f.y(y.fraction(range[1]));
            bars.append(String.format(Locale.ROOT, "<path class=\"spread\" d=\"M%.1f,%.1fV%.1fM%.1f,%.1fH%.1fM%.1f,%.1fH%.1f\" stroke=\"%s\""
                    + " stroke-width=\"1.4\" fill=\"none\"/>", px, lo, hi, px - 5, lo, px + 5, px - 5, hi, px + 5, color));
        });
        b.append(String.format(Locale.ROOT, "<g><title>%s</title><polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2.2\""
                + " stroke-linejoin=\"round\" stroke-linecap=\"round\"/>%s%s</g>%n", esc(s.name()), path, color, bars, dots));
    }

    private static void legend(StringBuilder b, List<Series> data, Frame f) {
        double px = f.left();
        for (int i = 0; i < data.size(); i++) {
            String color = PALETTE[i % PALETTE.length];
            line(b, px, 20, px + 22, 20, color, 2.2);
            b.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"20\" r=\"4\" fill=\"%s\"/>%n", px + 11, color));
            text(b, px + 28, 24, "start", "#333333", data.get(i).name());
            px += 44 + CHAR * data.get(i).name().length();
        }
    }

    private static String label(String key, double v, ThroughputUnit unit) {
        return key.isEmpty() ? Formats.number(v) : Cells.cell(key, v, unit);
    }

    static void line(StringBuilder b, double x1, double y1, double x2, double y2, String color) {
        line(b, x1, y1, x2, y2, color, 1);
    }

    static void line(StringBuilder b, double x1, double y1, double x2, double y2, String color, double width) {
        b.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%s\"/>%n",
                x1, y1, x2, y2, color, width));
    }

    static void text(StringBuilder b, double x, double y, String anchor, String color, String text) {
        b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" fill=\"%s\">%s</text>%n", x, y, anchor, color, esc(text)));
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** The plotting area in SVG coordinates. */
    record Frame(double left, double top, double right, double bottom) {
        double x(double fraction) {
            return left + fraction * (right - left);
        }

        double y(double fraction) {
            return bottom - fraction * (bottom - top);
        }
    }

    /**
     * An axis: its range and tick values. Linear ticks are 1, 2 or 5 times a power of ten (Heckbert's
     * "nice numbers", Graphics Gems, 1990), at most about 8 of them; log2 ticks are whole powers of two.
     */
    record Axis(double min, double max, List<Double> ticks) {
        static Axis linear(double min, double max, boolean fromZero) {
            if (max <= min) {
                double pad = max == 0 ? 1 : Math.abs(max) * 0.1;
                min = fromZero ? Math.min(0, min) : min - pad;
                max = max + pad;
            }
            double step = nice((max - min) / 6);
            double lo = Math.floor(min / step) * step;
            double hi = Math.ceil(max / step) * step;
            List<Double> ticks = new ArrayList<>();
            for (int i = 0; i <= 20 && lo + i * step <= hi + step / 2; i++) {
                ticks.add(lo + i * step);
            }
            return new Axis(lo, hi, List.copyOf(ticks));
        }

        /** An axis over log2 of x; {@code min} and {@code max} are the data's x (positive). */
        static Axis log2(double minX, double maxX) {
            double lo = Math.log(minX) / Math.log(2);
            double hi = Math.log(maxX) / Math.log(2);
            long step = Math.max(1, (long) Math.ceil((Math.ceil(hi) - Math.floor(lo)) / 10));
            List<Double> ticks = new ArrayList<>();
            for (long k = (long) Math.ceil(lo); k <= hi && ticks.size() <= 20; k += step) {
                ticks.add((double) k);
            }
            return new Axis(lo - 0.25, hi + 0.25, List.copyOf(ticks));
        }

        double fraction(double v) {
            return (v - min) / (max - min);
        }

        private static double nice(double raw) {
            double exp = Math.pow(10, Math.floor(Math.log10(raw)));
            double f = raw / exp;
            return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * exp;
        }
    }
}
