package benchsh.shell.report;

import benchsh.shell.result.Result;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.MeetOrSlice;
import org.jfree.svg.PreserveAspectRatio;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.ViewBox;

/**
 * Draws a section's chart with JFreeChart into SVG (JFreeSVG, text kept as {@code <text>}): the value
 * metric (the median of the runs at each point) against the section's x key, one line per value of its
 * series key. Sizes that span powers of two get a log2 axis labelled in KiB. Stateless; AWT runs
 * headless.
 */
public final class ChartSvg {
    static final int WIDTH = 760;
    static final int HEIGHT = 380;
    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
            new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)};

    static {
        System.setProperty("java.awt.headless", "true");
        // rotated labels as <text transform=...>, not as glyph outlines
        TextUtils.setUseDrawRotatedStringWorkaround(false);
    }

    private ChartSvg() {
    }

    /** The {@code <svg>} element for a section, or null when it has nothing to plot. */
    public static String render(ReportSection s, ThroughputUnit unit, String id) {
        if (s.chartX() == null || s.value() == null || s.ok().isEmpty()) {
            return null;
        }
        XYSeriesCollection data = dataset(s, unit);
        if (data.getSeriesCount() == 0) {
            return null;
        }
        boolean log = logScale(data);
        JFreeChart chart = chart(s, log ? log2(data) : data, unit, log);
        SVGGraphics2D g = new SVGGraphics2D(WIDTH, HEIGHT);
        g.setDefsKeyPrefix(id + "-");
        chart.draw(g, new Rectangle2D.Double(0, 0, WIDTH, HEIGHT));
        return g.getSVGElement(id, false, new ViewBox(0, 0, WIDTH, HEIGHT), PreserveAspectRatio.XMID_YMID, MeetOrSlice.MEET);
    }

    static XYSeriesCollection dataset(ReportSection s, ThroughputUnit unit) {
        Map<Object, Map<Double, List<Double>>> bySeries = new LinkedHashMap<>();
        for (Result r : s.ok()) {
            Object x = r.lookup(s.chartX());
            Object y = r.lookup(s.value());
            if (x instanceof Number xn && y instanceof Number yn && Double.isFinite(yn.doubleValue())) {
                Object key = s.series() == null ? "" : Objects.toString(r.lookup(s.series()));
                bySeries.computeIfAbsent(key, k -> new LinkedHashMap<>())
                        .computeIfAbsent(xn.doubleValue(), k -> new ArrayList<>()).add(yn.doubleValue());
            }
        }
        double scale = s.value().endsWith("_bps") ? unit.bitsPerUnit() : 1;
        XYSeriesCollection data = new XYSeriesCollection();
        for (Map.Entry<Object, Map<Double, List<Double>>> e : bySeries.entrySet()) {
            String name = s.series() == null ? Cells.header(s.value(), unit) : s.series() + " " + e.getKey();
            XYSeries series = new XYSeries(name, true, false);
            e.getValue().forEach((x, ys) -> series.add(x.doubleValue(), Pivot.median(ys) / scale));
            data.addSeries(series);
        }
        return data;
    }

    private static JFreeChart chart(ReportSection s, XYSeriesCollection data, ThroughputUnit unit, boolean log) {
        Font small = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
        Font label = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
        NumberAxis y = new NumberAxis(Cells.header(s.value(), unit));
        y.setAutoRangeIncludesZero(true);
        y.setTickLabelInsets(new org.jfree.chart.ui.RectangleInsets(9, 4, 9, 4));
        y.setNumberFormatOverride(new Labels(s.value().endsWith("_bps") ? "" : s.value(), unit, true, false));
        ValueAxis x = xAxis(s, data, unit, log);
        for (ValueAxis a : List.of(x, y)) {
            a.setLabelFont(label);
            a.setTickLabelFont(small);
            a.setLabelPaint(new Color(0x333333));
            a.setTickLabelPaint(new Color(0x444444));
            a.setAxisLinePaint(new Color(0x999999));
            a.setTickMarkPaint(new Color(0x999999));
        }
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            renderer.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
            renderer.setSeriesStroke(i, new BasicStroke(2.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            renderer.setSeriesShape(i, new Ellipse2D.Double(-4, -4, 8, 8));
        }
        XYPlot plot = new XYPlot(data, x, y, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setOutlineVisible(false);
        plot.setDomainGridlinePaint(new Color(0xe3e3e3));
        plot.setRangeGridlinePaint(new Color(0xe3e3e3));
        plot.setDomainGridlineStroke(new BasicStroke(1f));
        plot.setRangeGridlineStroke(new BasicStroke(1f));
        JFreeChart chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, data.getSeriesCount() > 1);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        LegendTitle legend = chart.getLegend();
        if (legend != null) {
            legend.setPosition(RectangleEdge.TOP);
            legend.setFrame(BlockBorder.NONE);
            legend.setItemFont(label);
            legend.setBackgroundPaint(Color.WHITE);
        }
        return chart;
    }

    /**
     * A log2 axis when every x is positive and they span at least a factor of 4 (the dataset then holds
     * log2 x, see {@link #log2}); else linear. A NumberAxis either way: LogAxis draws its labels as
     * shapes, not text.
     */
    private static ValueAxis xAxis(ReportSection s, XYSeriesCollection data, ThroughputUnit unit, boolean log) {
        NumberAxis axis = new NumberAxis(s.chartX());
        axis.setAutoRangeIncludesZero(false);
        if (log) {
            double min = data.getDomainLowerBound(false);
            double max = data.getDomainUpperBound(false);
            axis.setTickUnit(new NumberTickUnit(Math.max(1, Math.ceil((max - min) / 10))), false, true);
            axis.setRange(min - 0.25, max + 0.25);
            axis.setNumberFormatOverride(new Labels(s.chartX(), unit, false, true));
        } else {
            axis.setNumberFormatOverride(new Labels(s.chartX(), unit, false, false));
        }
        return axis;
    }

    /** True when every x is positive and they span a factor of 4 or more: sizes in powers of two. */
    static boolean logScale(XYSeriesCollection data) {
        double min = data.getDomainLowerBound(false);
        double max = data.getDomainUpperBound(false);
        return min > 0 && max / min >= 4;
    }

    /** The same series with log2 x. */
    static XYSeriesCollection log2(XYSeriesCollection data) {
        XYSeriesCollection out = new XYSeriesCollection();
        for (int i = 0; i < data.getSeriesCount(); i++) {
            XYSeries series = data.getSeries(i);
            XYSeries copy = new XYSeries(series.getKey(), true, false);
            for (int j = 0; j < series.getItemCount(); j++) {
                copy.add(Math.log(series.getX(j).doubleValue()) / Math.log(2), series.getY(j));
            }
            out.addSeries(copy);
        }
        return out;
    }

    /** Tick labels formatted like table cells (sizes in KiB, throughput in the session's unit). */
    private static final class Labels extends NumberFormat {
        private static final long serialVersionUID = 1L;
        private final String key;
        private final transient ThroughputUnit unit;
        private final boolean plain;
        private final boolean log2;

        Labels(String key, ThroughputUnit unit, boolean plain, boolean log2) {
            this.key = key;
            this.unit = unit;
            this.plain = plain;
            this.log2 = log2;
        }

        @Override
        public StringBuffer format(double number, StringBuffer to, FieldPosition pos) {
            double v = log2 ? Math.rint(Math.pow(2, number)) : number;
            return to.append(plain && key.isEmpty() ? Formats.number(v) : Cells.cell(key, v, unit));
        }

        @Override
        public StringBuffer format(long number, StringBuffer to, FieldPosition pos) {
            return format((double) number, to, pos);
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            throw new UnsupportedOperationException("labels are only formatted");
        }
    }
}
