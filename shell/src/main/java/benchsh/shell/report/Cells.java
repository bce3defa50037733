package benchsh.shell.report;

import java.util.Locale;

/**
 * Formats a named value by the unit its name carries: {@code *_bps} in the session's throughput unit,
 * {@code *_pct} as percent, {@code seconds}/{@code *_seconds} as seconds, sizes and {@code *bytes} in
 * binary units; a list (e.g. per-stream figures) as its cells joined by "; ". Headers are derived from the same names, so they never disagree with the cells.
 */
public final class Cells {
    private Cells() {
    }

    public static String header(String key, ThroughputUnit unit) {
        return rawHeader(key, unit).replace("p99 9", "p99.9");
    }

    private static String rawHeader(String key, ThroughputUnit unit) {
        if (key.endsWith("_bps")) {
            return key.substring(0, key.length() - 4).replace('_', ' ') + " " + unit.name();
        }
        if (key.endsWith("_pct")) {
            return key.substring(0, key.length() - 4).replace('_', ' ') + " %";
        }
        if (key.endsWith("_us_per_kb")) {
            return key.substring(0, key.length() - 10).replace("service_demand", "sd").replace('_', ' ') + " us/KB";
        }
        if (key.endsWith("_us_per_tran")) {
            return key.substring(0, key.length() - 12).replace("service_demand", "sd").replace('_', ' ') + " us/tran";
        }
        return key.replace('_', ' ');
    }

    public static String cell(String key, Object value, ThroughputUnit unit) {
        if (value == null) {
            return "-";
        }
        if (value instanceof java.util.List<?> list) {
            return String.join("; ", list.stream().map(v -> cell(key, v, unit)).toList());
        }
        if (!(value instanceof Number n)) {
            return String.valueOf(value);
        }
        double v = n.doubleValue();
        if (key.endsWith("_bps")) {
            return unit.number(v);
        }
        if (key.endsWith("_pct")) {
            return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
        }
        if (key.equals("seconds") || key.endsWith("_seconds") || key.equals("time") || key.equals("omit") || key.equals("interval")) {
            return Formats.seconds(v);
        }
        return Formats.value(key, value);
    }
}
