package benchsh.shell.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The words of live progress: the REPL's status line and batch mode's interval lines. A sample is
 * one interval as workloads send it ({@code start_s}, {@code end_s}, {@code bytes},
 * {@code throughput_bps}, or {@code transactions} for request/response tests). Stateless.
 */
public final class ProgressText {
    /** Intervals shown in the status line's sparkline. */
    public static final int SPARK_WIDTH = 30;

    private ProgressText() {
    }

    /** The rate of a sample: transactions/s when it counts transactions, else bits/s. NaN when unknown. */
    public static double rate(Map<String, Object> sample) {
        if (sample.get("transactions") instanceof Number t) {
            double span = num(sample.get("end_s")) - num(sample.get("start_s"));
            return span > 0 ? t.doubleValue() / span : Double.NaN;
        }
        return num(sample.get("throughput_bps"));
    }

    /** A rate in the session's throughput unit, or as transactions/s. */
    public static String rate(Map<String, Object> sample, ThroughputUnit unit) {
        double r = rate(sample);
        if (Double.isNaN(r)) {
            return "-";
        }
        return sample.containsKey("transactions") ? Formats.number(Math.rint(r)) + " tx/s" : unit.format(r);
    }

    /**
     * {@code tcp  3.0 / 11.0 s  2,410 MB/s  ▅▇█▆  step 2 of 6}.
     *
     * @param last the newest sample, or null before the first
     * @param rates the rate of every sample so far
     * @param step "step 2 of 6", or null
     */
    public static String status(String test, double elapsedSeconds, double totalSeconds, Map<String, Object> last, List<Double> rates,
                                String step, ThroughputUnit unit) {
        StringBuilder b = new StringBuilder(test).append("  ");
        b.append(String.format(Locale.ROOT, "%.1f", elapsedSeconds));
        if (totalSeconds > 0) {
            b.append(String.format(Locale.ROOT, " / %.1f", totalSeconds));
        }
        b.append(" s");
        b.append("  ").append(last == null ? "warming up" : rate(last, unit));
        if (!rates.isEmpty()) {
            b.append("  ").append(Sparkline.of(rates, SPARK_WIDTH));
        }
        if (step != null) {
            b.append("  ").append(step);
        }
        b.append("  (Ctrl-C stops)");
        return b.toString();
    }

    /** A batch-mode interval line, e.g. {@code   tcp   2.0-3.0 s  2,410 MB/s}. */
    public static String interval(String test, Map<String, Object> sample, String step, ThroughputUnit unit) {
        return String.format(Locale.ROOT, "  %s %5.1f-%.1f s  %s%s", test, num(sample.get("start_s")), num(sample.get("end_s")),
                rate(sample, unit), step == null ? "" : "  " + step);
    }

    private static double num(Object o) {
        return o instanceof Number n ? n.doubleValue() : Double.NaN;
    }
}
