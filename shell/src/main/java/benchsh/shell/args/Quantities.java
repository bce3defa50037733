package benchsh.shell.args;

import java.util.Locale;

/**
 * Argument values as a user writes them, for usage errors and help: the largest unit that gives a whole
 * number, else the exact value with an approximation beside it. Stateless.
 */
final class Quantities {
    private static final String[] SIZE_UNITS = {"EiB", "PiB", "TiB", "GiB", "MiB", "KiB"};
    private static final String[] RATE_UNITS = {"Tbit/s", "Gbit/s", "Mbit/s", "kbit/s"};
    private static final String[] TIME_UNITS = {"h", "min", "s", "ms", "us"};
    private static final long[] TIME_NANOS = {3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L};

    private Quantities() {
    }

    /** 16384 → "16 KiB", 1500 → "1,500 B", 4 GiB + 1 → "4,294,967,297 B (4.0 GiB)". */
    static String size(long bytes) {
        for (int i = 0; i < SIZE_UNITS.length; i++) {
            long unit = 1L << (10 * (SIZE_UNITS.length - i));
            if (bytes != 0 && bytes % unit == 0) {
                return String.format(Locale.ROOT, "%,d %s", bytes / unit, SIZE_UNITS[i]);
            }
        }
        String exact = String.format(Locale.ROOT, "%,d B", bytes);
        if (Math.abs(bytes) < 1L << 20) {
            return exact;
        }
        int i = 0;
        while (i < SIZE_UNITS.length - 1 && Math.abs(bytes) < 1L << (10 * (SIZE_UNITS.length - i))) {
            i++;
        }
        return exact + String.format(Locale.ROOT, " (%.1f %s)", bytes / (double) (1L << (10 * (SIZE_UNITS.length - i))), SIZE_UNITS[i]);
    }

    private static final String[] DECIMAL_SIZE_UNITS = {"TB", "GB", "MB", "KB"};

    /** A {@link Size} as scripts print it: as {@link #size}, but a whole number of decimal units as such (1000000 → "1 MB"). */
    static String sizeValue(long bytes) {
        String binary = size(bytes);
        if (bytes % 1024 == 0 || Math.abs(bytes) < 1000) {
            return binary;
        }
        for (int i = 0; i < DECIMAL_SIZE_UNITS.length; i++) {
            long unit = (long) Math.pow(1000, DECIMAL_SIZE_UNITS.length - i);
            if (bytes % unit == 0) {
                return String.format(Locale.ROOT, "%,d %s", bytes / unit, DECIMAL_SIZE_UNITS[i]);
            }
        }
        return binary;
    }

    /** A {@link Rate} as scripts print it: exact when a whole, short number of a unit ("100 Mbit/s"), else four figures ("941.2 Mbit/s"). */
    static String rateValue(long bps) {
        for (int i = 0; i < RATE_UNITS.length; i++) {
            long unit = (long) Math.pow(1000, RATE_UNITS.length - i);
            if (Math.abs(bps) >= unit) {
                if (bps % unit == 0 && Math.abs(bps / unit) < 10_000) {
                    return String.format(Locale.ROOT, "%,d %s", bps / unit, RATE_UNITS[i]);
                }
                return new java.math.BigDecimal(bps / (double) unit).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString()
                        + " " + RATE_UNITS[i];
            }
        }
        return rate(bps);
    }

    /** 100000000 → "100 Mbit/s", 1234 → "1,234 bit/s". */
    static String rate(long bps) {
        for (int i = 0; i < RATE_UNITS.length; i++) {
            long unit = (long) Math.pow(1000, RATE_UNITS.length - i);
            if (bps != 0 && bps % unit == 0) {
                return String.format(Locale.ROOT, "%,d %s", bps / unit, RATE_UNITS[i]);
            }
        }
        return String.format(Locale.ROOT, "%,d bit/s", bps);
    }

    /** 86400 s → "24 h", 10 ms → "10 ms", 1.5 s → "1,500 ms", 0 → "0 s", 7 ns → "7 ns". */
    static String duration(long nanos) {
        if (nanos == 0) {
            return "0 s";
        }
        for (int i = 0; i < TIME_UNITS.length; i++) {
            if (nanos % TIME_NANOS[i] == 0) {
                return String.format(Locale.ROOT, "%,d %s", nanos / TIME_NANOS[i], TIME_UNITS[i]);
            }
        }
        return String.format(Locale.ROOT, "%,d ns", nanos);
    }
}
