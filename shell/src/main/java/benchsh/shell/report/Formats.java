package benchsh.shell.report;

import java.time.Duration;
import java.util.Locale;

/** Human forms of the values that appear in tables: sizes, durations, percentages. Stateless. */
public final class Formats {
    private Formats() {
    }

    /** 16384 → "16 KiB", 1500 → "1500 B", 3 GiB → "3 GiB". */
    public static String size(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int i = 0;
        double v = bytes;
        while (i < units.length - 1 && Math.abs(v) >= 1024 && (i > 0 || bytes % 1024 == 0 || bytes >= 1 << 20)) {
            v /= 1024;
            i++;
        }
        return (v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v)) + " " + units[i];
    }

    /** 1 → "1 result", 3 → "3 results": a count with its noun, plural when it is not one. */
    public static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    public static String seconds(double s) {
        return String.format(Locale.ROOT, s >= 100 ? "%.0f s" : "%.2f s", s);
    }

    /** Seconds, or microseconds and milliseconds below 10 ms (which would read 0.00 s); none at all as "0 s". */
    public static String duration(Duration d) {
        long nanos = d.toNanos();
        if (nanos == 0) {
            return "0 s";
        }
        if (isShort(d)) {
            return nanos < 1_000_000 ? String.format(Locale.ROOT, "%.0f us", nanos / 1e3) : String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
        }
        return seconds(nanos / 1e9);
    }

    /** Whether {@link #duration} shows {@code d} in microseconds or milliseconds (over 0, under 10 ms) rather than seconds. */
    public static boolean isShort(Duration d) {
        long nanos = d.toNanos();
        return nanos > 0 && nanos < 10_000_000;
    }

    /** A plain number with sensible precision. */
    public static String number(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.format(Locale.ROOT, "%,d", (long) v);
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%,.0f" : Math.abs(v) >= 1 ? "%.2f" : "%.3g", v);
    }
}
