package benchsh.shell.report;

import benchsh.peer.latency.LatencyProbe;
import benchsh.peer.workload.Interval;
import java.util.List;
import java.util.Locale;

/**
 * The words of live progress: the REPL's status line and batch mode's interval lines. A sample is one interval as the
 * side that measures the figure sends it ({@link Interval}): bytes and their rate, transactions for request/response
 * tests, the probes' round trip for latency under load. Stateless.
 */
public final class ProgressText {
    /** Intervals shown in the status line's sparkline. */
    public static final int SPARK_WIDTH = 30;

    private ProgressText() {
    }

    /** The rate of a sample: transactions/s when it counts transactions, else bits/s. NaN when unknown. */
    public static double rate(Interval<?> sample) {
        if (sample.figures() instanceof Interval.Transactions t) {
            return sample.seconds() > 0 ? t.transactions() / sample.seconds() : Double.NaN;
        }
        return sample.figures() instanceof Interval.Moved b ? b.throughputBps() : Double.NaN;
    }

    /** A rate in the session's throughput unit, or as transactions/s; for latency probes, their median round trip. */
    public static String rate(Interval<?> sample, ThroughputUnit unit) {
        if (sample.figures() instanceof LatencyProbe.Sample p) {
            return Double.isNaN(p.latencyP50Us()) ? "-" : String.format(Locale.ROOT, "round trip %.2f ms", p.latencyP50Us() / 1e3);
        }
        double r = rate(sample);
        if (Double.isNaN(r)) {
            return "-";
        }
        return sample.figures() instanceof Interval.Transactions ? Formats.number(Math.rint(r)) + " tx/s" : unit.format(r);
    }

    /**
     * {@code tcp  3.0 / 11.0 s  2,410 MB/s  ▅▇█▆  step 2 of 6}.
     *
     * @param last the newest sample, or null before the first
     * @param rates the rate of every sample so far
     * @param step "step 2 of 6", or null
     */
    public static String status(String test, double elapsedSeconds, double totalSeconds, Interval<?> last, List<Double> rates,
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
    public static String interval(String test, Interval<?> sample, String step, ThroughputUnit unit) {
        return String.format(Locale.ROOT, "  %s %5.1f-%.1f s  %s%s", test, sample.startS(), sample.endS(), rate(sample, unit),
                step == null ? "" : "  " + step);
    }
}
