package benchsh.shell.report;

import benchsh.peer.metric.NamedMetric;
import benchsh.peer.metric.Unit;
import benchsh.shell.result.MetricCatalog;
import java.util.Locale;
import java.util.Optional;

/**
 * Formats a named value by its unit, from the registry of metrics ({@link MetricCatalog}): bits per second in the
 * session's throughput unit, percent, seconds, sizes in binary units; a list (e.g. per-stream figures) as its
 * cells joined by "; ". Headers come from the same registry, so they never disagree with the cells. Keys that
 * are not metrics (parameters, tags) are shown as they are, sizes and durations in human form. Stateless.
 */
public final class Cells {
    private Cells() {
    }

    /** The unit of a metric, or empty for a key that is not one. */
    static Optional<Unit> unit(String key) {
        return MetricCatalog.named(key).map(NamedMetric::unit);
    }

    /** Whether {@code key} is a rate in bits per second (shown in the session's throughput unit). */
    public static boolean bitsPerSecond(String key) {
        return unit(key).orElse(null) == Unit.BITS_PER_SECOND;
    }

    public static String header(String key, ThroughputUnit throughput) {
        Optional<NamedMetric> m = MetricCatalog.named(key);
        if (m.isEmpty()) {
            return key.replace('_', ' ');
        }
        String words = m.get().words(key);
        return switch (m.get().unit()) {
            case BITS_PER_SECOND -> words + " " + throughput.name();
            case PERCENT -> words + " %";
            case MICROSECONDS_PER_KB -> words.replace("service demand", "sd") + " us/KB";
            case MICROSECONDS_PER_TRANSACTION -> words.replace("service demand", "sd") + " us/tran";
            default -> key.replace('_', ' ').replace("p99 9", "p99.9");
        };
    }

    public static String cell(String key, Object value, ThroughputUnit throughput) {
        if (value == null) {
            return "-";
        }
        if (value instanceof java.util.List<?> list) {
            return String.join("; ", list.stream().map(v -> cell(key, v, throughput)).toList());
        }
        if (!(value instanceof Number n)) {
            return String.valueOf(value);
        }
        double v = n.doubleValue();
        Unit unit = unit(key).orElse(null);
        if (unit == Unit.BITS_PER_SECOND) {
            return throughput.number(v);
        }
        if (unit == Unit.PERCENT) {
            return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
        }
        if (unit == Unit.SECONDS || key.equals("time") || key.equals("omit") || key.equals("interval")) {
            return Formats.seconds(v);
        }
        return Formats.value(key, value);
    }
}
