package benchsh.shell.report;

import benchsh.peer.metric.NamedMetric;
import benchsh.peer.metric.Unit;
import benchsh.shell.args.Rate;
import benchsh.shell.result.MetricCatalog;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Formats a named value by its unit, from the registry of metrics ({@link MetricCatalog}): bits per second in the
 * session's throughput unit, percent, seconds, sizes in binary units; a list (e.g. per-stream figures) as its
 * cells joined by "; ". Headers come from the same registry, so they never disagree with the cells. Keys that
 * are not metrics (parameters, tags) are shown in the unit their verb declares (sizes, rates, durations as the user
 * writes them), other values as they are. Stateless.
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
        Optional<Unit> metric = unit(key);
        if (metric.isEmpty()) {
            return param(key, n);
        }
        return switch (metric.get()) {
            case BITS_PER_SECOND -> throughput.number(v);
            case PERCENT -> Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
            case SECONDS -> Formats.seconds(v);
            case BYTES -> Formats.size(n.longValue());
            default -> plain(n);
        };
    }

    /** Settings that only steer a run, or that a table shows in a column of its own (the host a test ran on). */
    private static final Set<String> QUIET = Set.of("interval", "timeout", "nodelay", "on");

    /**
     * {@code size=16KiB time=2.00s busywait=50us rate=50Mbit/s}: the settings that are set (not null, not false), each in
     * the unit its verb declares and without blanks, those that only steer the run left out; "-" for none.
     */
    public static String settings(Map<String, Object> values, ThroughputUnit unit) {
        String s = values.entrySet().stream()
                .filter(e -> e.getValue() != null && !QUIET.contains(e.getKey()) && !Boolean.FALSE.equals(e.getValue()))
                .map(e -> e.getKey() + "=" + quoted(e.getValue() instanceof Number ? cell(e.getKey(), e.getValue(), unit).replace(" ", "")
                        : String.valueOf(e.getValue())))
                .collect(Collectors.joining(" "));
        return s.isEmpty() ? "-" : s;
    }

    private static String quoted(String v) {
        return v.contains(" ") ? "'" + v + "'" : v;
    }

    /**
     * A parameter's (or tag's) value in the unit its verb declares ({@link MetricCatalog#param}), as the user wrote it:
     * {@code 16 KiB}, {@code 50 Mbit/s}, {@code 50 us}, {@code 2.00 s}; a number no verb declares as it is.
     */
    static String param(String key, Number n) {
        Unit declared = MetricCatalog.param(key).orElse(null);
        if (declared == null) {
            return written(n);
        }
        return switch (declared) {
            case BYTES -> Formats.size(n.longValue());
            case BITS_PER_SECOND -> Rate.ofBitsPerSecond(n.doubleValue()).toString();
            case SECONDS -> Formats.duration(Duration.ofNanos(Math.round(n.doubleValue() * 1e9)));
            default -> plain(n);
        };
    }

    /** A number as a user writes it (0.1, 0.001), or with sensible precision when it has more than six digits. */
    private static String written(Number n) {
        if (n instanceof Double d && Double.isFinite(d)) {
            java.math.BigDecimal exact = java.math.BigDecimal.valueOf(d).stripTrailingZeros();
            return exact.precision() <= 6 ? exact.toPlainString() : Formats.number(d);
        }
        return plain(n);
    }

    /** A number with no unit to show: whole ones as they are, others with sensible precision. */
    private static String plain(Number n) {
        return n instanceof Double || n instanceof Float ? Formats.number(n.doubleValue()) : String.valueOf(n);
    }
}
