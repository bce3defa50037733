package benchsh.shell.report;

import benchsh.shell.result.Result;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The report as Markdown, fit to paste into a forum post, an issue or a mailing list (GitHub-flavoured
 * tables, padded so they also read as plain text): when and how it was measured, per test the parameters
 * its results share and a pivot when swept (else its result table), the results that did not complete with
 * their errors, the comparisons the session showed, the hosts' environment, the parameters, the script and
 * the line that reruns it. Stateless.
 */
public final class MarkdownReport {
    /** What introduces the parameters a section's results share. */
    static final String SHARED = "Same in every result: ";
    static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private MarkdownReport() {
    }

    public static String render(List<Result> results, ReportContext c, ThroughputUnit unit) {
        StringBuilder b = new StringBuilder();
        b.append("# benchsh report: ").append(c.title()).append("\n\n");
        b.append("- measured: ").append(span(c.started(), c.ended())).append('\n');
        b.append("- benchsh: ").append(c.version()).append('\n');
        if (c.inventory() != null) {
            b.append("- inventory: ").append(code(c.inventory())).append('\n');
        }
        b.append("- hosts: ").append(c.hosts().isEmpty() ? "-" : String.join(", ", c.hosts().stream().map(h -> h.name()).toList())).append('\n');
        b.append("- ").append(summary(results)).append('\n');
        b.append(c.rerun().contains("\n") ? "- rerun with:\n\n" + fenced(c.rerun(), "sh") + "\n" : "- rerun with: " + code(c.rerun()) + "\n\n");
        if (c.error() != null) {
            b.append("**The script stopped early:** ").append(code(c.error())).append("\n\n");
        }
        b.append(tables(results, unit));
        if (!c.comparisons().isEmpty()) {
            b.append("## Comparisons\n\n");
            c.comparisons().forEach(x -> b.append("### ").append(x.title()).append("\n\n").append(table(x.table(unit))).append('\n'));
        }
        if (!c.expectations().isEmpty()) {
            b.append("## Expectations\n\n").append(table(expectations(c))).append('\n');
        }
        if (!c.hosts().isEmpty()) {
            b.append("## Environment\n\n").append(table(Environment.table(c.hosts()))).append('\n');
        }
        TextTable params = parameters(c, unit);
        if (params.size() > 0) {
            b.append("## Parameters\n\n").append(table(params)).append('\n');
        }
        if (c.script() != null) {
            b.append("## Script\n\n").append(code(scriptName(c))).append(":\n\n").append(fenced(c.script(), "groovy"));
        }
        return b.toString();
    }

    /**
     * The results' tables alone: per section its pivot (or its result table), then the results that did
     * not complete with their errors.
     */
    public static String tables(List<Result> results, ThroughputUnit unit) {
        StringBuilder b = new StringBuilder();
        for (ReportSection s : ReportSection.of(results)) {
            b.append("## ").append(s.title()).append("\n\n");
            if (!s.shared().isEmpty()) {
                b.append(SHARED).append(code(Cells.settings(s.shared(), unit))).append("\n\n");
            }
            TextTable pivot = s.pivot(unit);
            b.append(table(pivot != null ? pivot : s.details(unit))).append('\n');
        }
        List<Result> failed = results.stream().filter(r -> !r.ok()).toList();
        if (!failed.isEmpty()) {
            b.append("## Did not complete\n\n").append(table(failures(failed, unit))).append('\n');
        }
        return b.toString();
    }

    /** "2026-11-29 23:40:01 UTC to 23:41:00 UTC (59 s)". */
    static String span(Instant started, Instant ended) {
        String end = TIME.format(ended);
        if (end.substring(0, 10).equals(TIME.format(started).substring(0, 10))) {
            end = end.substring(11);
        }
        return TIME.format(started) + " to " + end + " (" + Formats.duration(Duration.between(started, ended)) + ")";
    }

    /** "12 results, all ok" or "12 results: 10 ok, 2 failed". */
    static String summary(List<Result> results) {
        Map<String, Long> byStatus = new java.util.TreeMap<>(results.stream()
                .collect(java.util.stream.Collectors.groupingBy(r -> r.status().wire(), java.util.stream.Collectors.counting())));
        String count = results.size() + (results.size() == 1 ? " result" : " results");
        if (results.isEmpty() || byStatus.keySet().equals(java.util.Set.of("ok"))) {
            return count + (results.isEmpty() ? "" : results.size() == 1 ? ", ok" : ", all ok");
        }
        List<String> parts = new ArrayList<>();
        if (byStatus.containsKey("ok")) {
            parts.add(byStatus.remove("ok") + " ok");
        }
        byStatus.forEach((k, v) -> parts.add(v + " " + k));
        return count + ": " + String.join(", ", parts);
    }

    static String scriptName(ReportContext c) {
        return Provenance.REPL.equals(c.scriptPath()) ? "typed in the REPL" : c.scriptPath();
    }

    /** Results that did not complete: test, hosts (from and to, or on), tags, status and the error. */
    static TextTable failures(List<Result> failed, ThroughputUnit unit) {
        List<String> hosts = HostColumns.keys(failed);
        List<String> header = new ArrayList<>(List.of("test"));
        header.addAll(hosts);
        header.addAll(List.of("tags", "status", "error"));
        TextTable t = new TextTable(header);
        for (Result r : failed) {
            List<String> row = new ArrayList<>(List.of(r.test()));
            hosts.forEach(k -> row.add(Cells.cell(k, HostColumns.value(r, k), unit)));
            row.addAll(List.of(Cells.settings(r.tags(), unit), r.status().wire(), r.error() == null ? "-" : r.error()));
            t.row(row);
        }
        return t;
    }

    /** Every {@code expect} the script checked: where, what, and whether it held. */
    static TextTable expectations(ReportContext c) {
        TextTable t = new TextTable(List.of("where", "expectation", "held"));
        c.expectations().forEach(e -> t.row(List.of(e.location(), e.text(), e.passed() ? "yes" : "NO")));
        return t;
    }

    /** Parameters as the script used them, with the {@code --set} text of those overridden. */
    static TextTable parameters(ReportContext c, ThroughputUnit unit) {
        TextTable t = new TextTable(List.of("parameter", "value", "--set"));
        c.parameters().forEach((k, v) -> t.row(List.of(k, Cells.cell(k, v, unit), c.overrides().getOrDefault(k, "-"))));
        c.overrides().forEach((k, v) -> {
            if (!c.parameters().containsKey(k)) {
                t.row(List.of(k, "-", v));
            }
        });
        return t;
    }

    /**
     * A GitHub-flavoured table, padded; numeric columns right-aligned; {@code |} escaped, lines joined by "; "; its notes
     * after it, each a paragraph.
     */
    static String table(TextTable t) {
        int n = t.header().size();
        List<List<String>> rows = new ArrayList<>();
        rows.add(t.header().stream().map(MarkdownReport::cell).toList());
        t.rows().forEach(r -> rows.add(r.stream().map(MarkdownReport::cell).toList()));
        int[] width = new int[n];
        boolean[] numeric = new boolean[n];
        for (int col = 0; col < n; col++) {
            numeric[col] = !t.rows().isEmpty();
            width[col] = 3;
            for (int i = 0; i < rows.size(); i++) {
                width[col] = Math.max(width[col], rows.get(i).get(col).length());
                numeric[col] &= i == 0 || numeric(t.rows().get(i - 1).get(col));
            }
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < rows.size(); i++) {
            line(b, rows.get(i), width, numeric);
            if (i == 0) {
                b.append('|');
                for (int col = 0; col < n; col++) {
                    b.append(numeric[col] ? "-".repeat(width[col] + 1) + ":" : "-".repeat(width[col] + 2)).append('|');
                }
                b.append('\n');
            }
        }
        t.notes().forEach(note -> b.append('\n').append(note).append('\n'));
        return b.toString();
    }

    private static final java.util.regex.Pattern NUMBER = java.util.regex.Pattern.compile("-|-?[0-9][0-9.,]*(\\s.*)?");

    /** A cell that reads as a number ("1,026", "4 KiB", "2.00 s", "101 (100; 102)", "-"): right-aligned. */
    static boolean numeric(String cell) {
        return NUMBER.matcher(cell).matches();
    }

    private static void line(StringBuilder b, List<String> cells, int[] width, boolean[] numeric) {
        b.append('|');
        for (int col = 0; col < cells.size(); col++) {
            String c = cells.get(col);
            String pad = " ".repeat(width[col] - c.length());
            b.append(' ').append(numeric[col] ? pad + c : c + pad).append(" |");
        }
        b.append('\n');
    }

    private static String cell(String s) {
        return s.replace("\\", "\\\\").replace("|", "\\|").replace("\r", "").replace("\n", "; ");
    }

    /** Inline code that survives backticks inside. */
    static String code(String s) {
        String one = s.replace("\n", " ");
        int longest = longestRun(one, '`');
        String fence = "`".repeat(longest + 1);
        return longest == 0 ? fence + one + fence : fence + " " + one + " " + fence;
    }

    /** A fenced block whose fence is longer than any backtick run inside. */
    static String fenced(String text, String language) {
        String fence = "`".repeat(Math.max(3, longestRun(text, '`') + 1));
        return fence + language + "\n" + text + (text.endsWith("\n") ? "" : "\n") + fence + "\n";
    }

    private static int longestRun(String s, char ch) {
        int best = 0;
        int run = 0;
        for (int i = 0; i < s.length(); i++) {
            run = s.charAt(i) == ch ? run + 1 : 0;
            best = Math.max(best, run);
        }
        return best;
    }
}
