package benchsh.shell.report;

import benchsh.shell.report.ReportContext.HostInfo;
import benchsh.shell.result.IntervalKeys;
import benchsh.shell.result.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The report as one self-contained HTML file (inline CSS and SVG, no script, nothing fetched): per
 * test the parameters its results share, a chart drawn by {@link SvgChart} (with the spread of repeated runs),
 * each result's throughput per interval ({@link TimeSeriesChart}), for results with observed hosts their
 * throughput and those hosts' CPU per interval ({@link ObservedChart}), for latency-under-load results flent's
 * plot ({@link LatencyUnderLoadChart}) and their phase table, the pivot and every result (failed rows with their
 * errors); then the comparisons the session showed, each host's environment (with NICs and mounts), the
 * parameters, the script, start and end times and the line that reruns it. All text is escaped. Stateless.
 */
public final class HtmlReport {
    private static final String CSS = """
            :root{--fg:#1d2330;--muted:#5b6473;--line:#dfe3ea;--head:#f4f6f9;--accent:#1f5fa8;--bad:#b42318;--badbg:#fef3f2}
            *{box-sizing:border-box}
            body{margin:0;background:#fbfbfc;color:var(--fg);font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
            main{max-width:1120px;margin:0 auto;padding:28px 32px 48px}
            h1{font-size:24px;margin:0 0 6px}
            h2{font-size:18px;margin:36px 0 12px;padding-bottom:6px;border-bottom:1px solid var(--line)}
            h3{font-size:15px;margin:20px 0 8px}
            .meta{color:var(--muted);margin:0 0 4px}
            .rerun{margin:14px 0;padding:10px 14px;background:#fff;border:1px solid var(--line);border-left:4px solid var(--accent);border-radius:6px}
            .rerun code{white-space:pre-wrap;word-break:break-all}
            .alert{margin:14px 0;padding:10px 14px;background:var(--badbg);border:1px solid #fecdca;border-left:4px solid var(--bad);border-radius:6px}
            code,pre{font-family:"DejaVu Sans Mono",ui-monospace,Menlo,Consolas,monospace;font-size:13px}
            pre{background:#fff;border:1px solid var(--line);border-radius:6px;padding:12px 14px;overflow:auto}
            figure{margin:0 0 16px;background:#fff;border:1px solid var(--line);border-radius:6px;padding:8px}
            figure svg{display:block;width:100%;height:auto}
            .scroll{overflow-x:auto}
            table{border-collapse:collapse;background:#fff;margin:0 0 12px;border:1px solid var(--line)}
            th,td{padding:5px 12px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
            th{background:var(--head);font-weight:600;white-space:nowrap}
            td{white-space:pre-line}
            td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
            tbody tr:nth-child(even) td{background:#fafbfc}
            tr.failed td{background:var(--badbg)!important;color:var(--bad)}
            tr.error td{background:var(--badbg)!important;color:var(--bad);font-size:13px;padding-left:28px}
            details{margin:0 0 12px}
            summary{cursor:pointer;color:var(--accent);margin:4px 0 8px}
            footer{margin-top:40px;color:var(--muted);font-size:12px}
            """;

    /** Observed-host charts per section, at most (a sweep of many results keeps its report readable). */
    static final int MAX_OBSERVED_CHARTS = 8;
    /** Results per interval chart, at most (more lines than colours tell apart). */
    static final int MAX_INTERVAL_LINES = 8;

    private HtmlReport() {
    }

    public static String render(List<Result> results, ReportContext c, ThroughputUnit unit) {
        StringBuilder b = new StringBuilder(16_384);
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
                .append("<title>").append(esc("benchsh report: " + c.title())).append("</title>\n")
                .append("<style>\n").append(CSS).append("</style>\n</head>\n<body>\n<main>\n");
        b.append("<h1>").append(esc("benchsh report: " + c.title())).append("</h1>\n");
        b.append("<p class=\"meta\">measured ").append(esc(MarkdownReport.span(c.started(), c.ended())))
                .append(" · benchsh ").append(esc(c.version()))
                .append(" · ").append(esc(MarkdownReport.summary(results)))
                .append(c.inventory() == null ? "" : " · inventory " + esc(c.inventory())).append("</p>\n");
        b.append("<p class=\"rerun\">rerun with: <code>").append(esc(c.rerun())).append("</code></p>\n");
        if (c.error() != null) {
            b.append("<p class=\"alert\"><strong>The script stopped early:</strong> <code>").append(esc(c.error())).append("</code></p>\n");
        }
        if (results.isEmpty()) {
            b.append("<p>No results were measured.</p>\n");
        }
        int n = 0;
        for (ReportSection s : ReportSection.of(results)) {
            section(b, s, unit, "chart-" + ++n);
        }
        if (!c.comparisons().isEmpty()) {
            b.append("<h2>Comparisons</h2>\n");
            c.comparisons().forEach(x -> {
                b.append("<h3>").append(esc(x.title())).append("</h3>\n");
                table(b, x.table(unit), null);
            });
        }
        if (!c.expectations().isEmpty()) {
            b.append("<h2>Expectations</h2>\n");
            List<String[]> marks = c.expectations().stream().map(e -> e.passed() ? null : new String[] {"failed", "did not hold"}).toList();
            table(b, MarkdownReport.expectations(c), marks);
        }
        if (!c.hosts().isEmpty()) {
            environment(b, c.hosts());
        }
        TextTable params = MarkdownReport.parameters(c, unit);
        if (params.size() > 0) {
            b.append("<h2>Parameters</h2>\n");
            table(b, params, null);
        }
        if (c.script() != null) {
            b.append("<h2>Script</h2>\n<p class=\"meta\"><code>").append(esc(MarkdownReport.scriptName(c))).append("</code></p>\n")
                    .append("<pre><code>").append(esc(c.script())).append("</code></pre>\n");
        }
        b.append("<footer>Written by benchsh ").append(esc(c.version())).append(" at ").append(esc(MarkdownReport.TIME.format(c.ended())))
                .append(".</footer>\n</main>\n</body>\n</html>\n");
        return b.toString();
    }

    private static void section(StringBuilder b, ReportSection s, ThroughputUnit unit, String chartId) {
        b.append("<section>\n<h2>").append(esc(s.title())).append("</h2>\n");
        if (!s.shared().isEmpty()) {
            b.append("<p class=\"meta\">").append(MarkdownReport.SHARED).append("<code>").append(esc(Cells.settings(s.shared(), unit)))
                    .append("</code></p>\n");
        }
        String svg = chart(s, unit, chartId);
        if (svg != null) {
            b.append("<figure>\n").append(svg).append("\n</figure>\n");
        }
        intervals(b, s, unit, chartId + "-intervals");
        observed(b, s, unit, chartId);
        timelines(b, s, unit, chartId);
        TextTable pivot = s.pivot(unit);
        if (pivot != null) {
            table(b, pivot, null);
        }
        List<String[]> marks = new ArrayList<>();
        for (Result r : s.results()) {
            marks.add(r.ok() ? null : new String[] {"failed", r.error() == null ? r.status().wire() : r.status().wire() + ": " + r.error()});
        }
        TextTable details = s.details(unit);
        if (pivot == null) {
            table(b, details, marks);
        } else {
            b.append("<details").append(s.failed().isEmpty() ? "" : " open=\"open\"").append(">\n<summary>all ").append(s.results().size())
                    .append(" results</summary>\n");
            table(b, details, marks);
            b.append("</details>\n");
        }
        b.append("</section>\n");
    }

    /**
     * The section's figure per interval ({@link TimeSeriesChart}): its value where the samples carry it (transactions/s
     * for rr), else the throughput; one line per completed result, the first {@link #MAX_INTERVAL_LINES}.
     */
    private static void intervals(StringBuilder b, ReportSection s, ThroughputUnit unit, String id) {
        List<Result> ok = s.ok();
        String key = s.value() != null && ok.stream().anyMatch(r -> r.intervals().stream().anyMatch(i -> i.containsKey(s.value())))
                ? s.value() : IntervalKeys.THROUGHPUT_BPS;
        double scale = Cells.bitsPerSecond(key) ? unit.bitsPerUnit() : 1;
        List<TimeSeriesChart.Line> lines = new ArrayList<>();
        for (int i = 0; i < ok.size() && lines.size() < MAX_INTERVAL_LINES; i++) {
            var points = TimeSeriesChart.samples(ok.get(i), key, scale);
            if (points.size() > 1) {
                lines.add(new TimeSeriesChart.Line(name(ok.get(i), i + 1, unit), points));
            }
        }
        String svg = TimeSeriesChart.of(id).left(TimeSeriesChart.Scale.of(Cells.header(key, unit), Formats::number), lines).render();
        if (svg != null) {
            long all = ok.stream().filter(r -> TimeSeriesChart.samples(r, key, scale).size() > 1).count();
            b.append("<figure>\n").append(svg).append("\n<figcaption class=\"meta\">").append(esc(Cells.header(key, unit)))
                    .append(" per interval, a line per result").append(all > lines.size() ? " (the first " + lines.size() + " of " + all + ")" : "")
                    .append("</figcaption>\n</figure>\n");
        }
    }

    /** A result's name in a legend: its tags ("size 1 KiB, dir Tx") and its run ("#2"), else its place in the section. */
    private static String name(Result r, int place, ThroughputUnit unit) {
        List<String> parts = new ArrayList<>();
        r.tags().forEach((k, v) -> parts.add(k + " " + Cells.cell(k, v, unit)));
        String name = parts.isEmpty() ? "result " + place : String.join(", ", parts);
        return r.repeat() > 1 ? name + " #" + r.repeat() : name;
    }

    /** Per result with observed hosts (the first {@link #MAX_OBSERVED_CHARTS}), its throughput and their CPU per interval. */
    private static void observed(StringBuilder b, ReportSection s, ThroughputUnit unit, String chartId) {
        int n = 0;
        for (Result r : s.ok()) {
            String svg = n < MAX_OBSERVED_CHARTS ? ObservedChart.render(r, unit, chartId + "-observed-" + (n + 1)) : null;
            if (svg != null) {
                n++;
                b.append("<figure>\n").append(svg).append("\n<figcaption class=\"meta\">").append(esc(caption(r)))
                        .append("</figcaption>\n</figure>\n");
            }
        }
    }

    /**
     * Per latency-under-load result (the first {@link #MAX_OBSERVED_CHARTS}), flent's plot of its timeline ({@link
     * LatencyUnderLoadChart}) and its phase table ({@link PhaseTable}).
     */
    private static void timelines(StringBuilder b, ReportSection s, ThroughputUnit unit, String chartId) {
        int n = 0;
        for (Result r : s.ok()) {
            String svg = n < MAX_OBSERVED_CHARTS ? LatencyUnderLoadChart.render(r, unit, chartId + "-timeline-" + (n + 1)) : null;
            if (svg != null) {
                n++;
                String phases = PhaseTable.render(r);
                b.append("<figure>\n").append(svg).append("\n<figcaption class=\"meta\">").append(esc(r.test() + " " + r.from() + " → " + r.to()
                        + (r.tags().isEmpty() ? "" : ", " + r.tags()) + ": throughput each way and latency over the test, phases shaded"))
                        .append("</figcaption>\n").append(phases == null ? "" : "<pre>" + esc(phases) + "</pre>\n").append("</figure>\n");
            }
        }
    }

    /** "udp h1 → h2, size=1000 (#2): throughput and observed CPU per interval". */
    private static String caption(Result r) {
        return r.test() + " " + r.from() + " → " + r.to() + (r.tags().isEmpty() ? "" : ", " + r.tags()) + (r.repeat() > 1 ? " (#" + r.repeat() + ")" : "")
                + ": throughput and observed CPU per interval";
    }

    private static String chart(ReportSection s, ThroughputUnit unit, String id) {
        return SvgChart.render(s, unit, id);
    }

    private static void environment(StringBuilder b, List<HostInfo> hosts) {
        b.append("<h2>Environment</h2>\n");
        table(b, Environment.table(hosts), null);
        for (HostInfo h : hosts) {
            Object mounts = h.facts().get("mounts");
            if (mounts instanceof List<?> list && !list.isEmpty()) {
                b.append("<details>\n<summary>").append(esc(h.name())).append(": ").append(list.size()).append(" mounts</summary>\n");
                List<String> cols = List.of("point", "type", "source", "options");
                TextTable t = new TextTable(cols);
                for (Object o : list) {
                    if (o instanceof Map<?, ?> m) {
                        t.row(cols.stream().map(k -> m.get(k) == null ? "-" : String.valueOf(m.get(k))).toList());
                    }
                }
                table(b, t, null);
                b.append("</details>\n");
            }
        }
    }

    /**
     * A table, then its notes; numeric columns right-aligned. {@code marks}, when given, holds per row null or
     * {class, note}: the row gets the class and the note follows it in a full-width row.
     */
    static void table(StringBuilder b, TextTable t, List<String[]> marks) {
        int n = t.header().size();
        boolean[] numeric = new boolean[n];
        for (int col = 0; col < n; col++) {
            numeric[col] = t.size() > 0;
            for (List<String> r : t.rows()) {
                numeric[col] &= MarkdownReport.numeric(r.get(col));
            }
        }
        b.append("<div class=\"scroll\"><table>\n<thead><tr>");
        for (int col = 0; col < n; col++) {
            b.append(numeric[col] ? "<th class=\"num\">" : "<th>").append(esc(t.header().get(col))).append("</th>");
        }
        b.append("</tr></thead>\n<tbody>\n");
        for (int i = 0; i < t.size(); i++) {
            String[] mark = marks == null ? null : marks.get(i);
            b.append(mark == null ? "<tr>" : "<tr class=\"" + esc(mark[0]) + "\">");
            List<String> r = t.rows().get(i);
            for (int col = 0; col < n; col++) {
                b.append(numeric[col] ? "<td class=\"num\">" : "<td>").append(esc(r.get(col))).append("</td>");
            }
            b.append("</tr>\n");
            if (mark != null) {
                b.append("<tr class=\"error\"><td colspan=\"").append(n).append("\">").append(esc(mark[1])).append("</td></tr>\n");
            }
        }
        b.append("</tbody>\n</table></div>\n");
        t.notes().forEach(note -> b.append("<p class=\"meta\">").append(esc(note)).append("</p>\n"));
    }

    /** Escapes text for HTML content and attribute values. */
    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> {
                    if (ch < 0x20 && ch != '\n' && ch != '\t') {
                        b.append("&#xFFFD;");
                    } else {
                        b.append(ch);
                    }
                }
            }
        }
        return b.toString();
    }
}
