package benchsh.shell.report;

import benchsh.shell.result.Result;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The terminal's view of a latency-under-load result, printed after its row: one line per phase (throughput each way in
 * Mbit/s, the probes' round trip in ms, the latency added over the idle phase, probes lost, responsiveness, each way's
 * one-way delay), the clock offset the one-way delays rest on with its error bar, sparklines of the round trip and
 * each direction's throughput over the test, and a note when the probes could not keep their schedule. Reads the
 * result's figures by the names its phases give them ({@code download_latency_p50_us}), so it renders a stored result
 * as well as a fresh one. Stateless.
 */
public final class PhaseTable {
    /** The widest sparkline, in characters; a longer timeline is averaged down to it. */
    static final int SPARK_WIDTH = 60;
    /** A probe schedule kept worse than this (achieved interval over the one asked) earns a note. */
    static final double SCHEDULE_SLACK = 1.1;
    private static final List<String> HEADER = List.of("phase", "down Mbit/s", "up Mbit/s", "latency p50 ms", "p90", "p99", "max", "added p50 ms",
            "lost %", "RPM", "up delay p50 ms", "down delay p50 ms");

    private PhaseTable() {
    }

    /** The text after a latency-under-load result's row; null for a result without phases. */
    public static String render(Result r) {
        List<String> phases = phases(r);
        if (phases.isEmpty()) {
            return null;
        }
        TextTable t = new TextTable(HEADER);
        for (String p : phases) {
            t.row(List.of(p, mbit(r, p + "_throughput_down_bps"), mbit(r, p + "_throughput_up_bps"), ms(r, p + "_latency_p50_us"),
                    ms(r, p + "_latency_p90_us"), ms(r, p + "_latency_p99_us"), ms(r, p + "_latency_max_us"), ms(r, p + "_added_latency_p50_us"),
                    number(r, p + "_probe_loss_pct", "%.1f"), number(r, p + "_responsiveness_rpm", "%.0f"), ms(r, p + "_up_delay_p50_us"),
                    ms(r, p + "_down_delay_p50_us")));
        }
        StringBuilder b = new StringBuilder();
        for (String line : t.toString().split("\n")) {
            b.append("  ").append(line).append('\n');
        }
        b.append(String.format(Locale.ROOT, "  one-way delays: the to host's clock reads %s ms ahead of the from host's (%s ms at the end), ± %s ms%n",
                ms(r, "clock_offset_us"), ms(r, "clock_offset_end_us"), ms(r, "clock_offset_uncertainty_us")));
        sparklines(b, r.intervals());
        String note = scheduleNote(r);
        if (note != null) {
            b.append("  note: ").append(note).append('\n');
        }
        return b.toString();
    }

    /** The phases of a result, in order: the prefixes of its {@code *_probes_sent} figures. */
    static List<String> phases(Result r) {
        List<String> out = new ArrayList<>();
        for (String k : r.metrics().keySet()) {
            if (k.endsWith("_probes_sent") && !k.equals("probes_sent")) {
                out.add(k.substring(0, k.length() - "_probes_sent".length()));
            }
        }
        return out;
    }

    private static void sparklines(StringBuilder b, List<Map<String, Object>> timeline) {
        Map<String, String> rows = new LinkedHashMap<>();
        rows.put("latency", "latency_p50_us");
        rows.put("down", "throughput_down_bps");
        rows.put("up", "throughput_up_bps");
        for (Map.Entry<String, String> row : rows.entrySet()) {
            List<Double> values = squeeze(timeline.stream().map(s -> s.get(row.getValue()) instanceof Number n ? n.doubleValue() : Double.NaN).toList());
            double max = values.stream().filter(v -> !v.isNaN()).mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
            if (!Double.isNaN(max)) {
                String top = row.getKey().equals("latency") ? String.format(Locale.ROOT, "%.1f ms", max / 1e3) : String.format(Locale.ROOT, "%.1f Mbit/s", max / 1e6);
                b.append(String.format(Locale.ROOT, "  %-8s %s  (top %s)%n", row.getKey(), Sparkline.of(values, SPARK_WIDTH), top));
            }
        }
    }

    /** The values averaged down to at most {@link #SPARK_WIDTH} (NaNs left out of each average). */
    static List<Double> squeeze(List<Double> values) {
        int buckets = Math.min(SPARK_WIDTH, values.size());
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < buckets; i++) {
            int from = i * values.size() / buckets;
            int to = (i + 1) * values.size() / buckets;
            out.add(values.subList(from, to).stream().filter(v -> !v.isNaN()).mapToDouble(Double::doubleValue).average().orElse(Double.NaN));
        }
        return out;
    }

    /** Says so when the probes went out less often than asked: a schedule the host could not keep (timers, busy CPUs). */
    static String scheduleNote(Result r) {
        double asked = r.params().get("probe") instanceof Number n ? n.doubleValue() * 1e6 : Double.NaN;
        double achieved = r.metric("probe_interval_achieved_us");
        double skipped = r.metric("probes_skipped");
        double sent = r.metric("probes_sent");
        if (!(achieved > asked * SCHEDULE_SLACK) || Double.isNaN(skipped) || Double.isNaN(sent)) {
            return null;
        }
        return String.format(Locale.ROOT, "probes were asked for every %s ms; the from host sent one every %s ms (%.0f %% of the slots skipped):"
                + " it could not keep that schedule (its timers, or its CPUs busy with the load), so the latency figures rest on fewer probes;"
                + " a longer probe: is kept", trim(asked / 1e3), trim(achieved / 1e3), 100 * skipped / (sent + skipped));
    }

    private static String mbit(Result r, String key) {
        return number(r, key, 1e6, "%.1f");
    }

    private static String ms(Result r, String key) {
        return number(r, key, 1e3, "%.2f");
    }

    private static String number(Result r, String key, String format) {
        return number(r, key, 1, format);
    }

    private static String number(Result r, String key, double scale, String format) {
        Object v = r.metrics().get(key);
        return v instanceof Number n && Double.isFinite(n.doubleValue()) ? String.format(Locale.ROOT, format, n.doubleValue() / scale) : "-";
    }

    private static String trim(double v) {
        return String.format(Locale.ROOT, v >= 10 ? "%.0f" : v >= 1 ? "%.1f" : "%.2f", v);
    }
}
