package benchsh.shell.script;

import java.time.Duration;

/**
 * Units as Groovy properties on numbers: {@code 4.KiB} and {@code 1.MB} are bytes (long),
 * {@code 5.s} and {@code 500.ms} are {@link Duration}s, {@code 100.Mbit} is bits per second (long),
 * {@code 5.percent} is 0.05. Registered as a Groovy extension module.
 */
public final class UnitExtensions {
    private UnitExtensions() {
    }

    private static long times(Number n, double factor) {
        return Math.round(n.doubleValue() * factor);
    }

    public static long getB(Number n) {
        return times(n, 1);
    }

    public static long getKiB(Number n) {
        return times(n, 1024);
    }

    public static long getMiB(Number n) {
        return times(n, 1024 * 1024);
    }

    public static long getGiB(Number n) {
        return times(n, 1024.0 * 1024 * 1024);
    }

    public static long getKB(Number n) {
        return times(n, 1e3);
    }

    public static long getMB(Number n) {
        return times(n, 1e6);
    }

    public static long getGB(Number n) {
        return times(n, 1e9);
    }

    public static Duration getS(Number n) {
        return Duration.ofNanos(times(n, 1e9));
    }

    public static Duration getMs(Number n) {
        return Duration.ofNanos(times(n, 1e6));
    }

    public static Duration getUs(Number n) {
        return Duration.ofNanos(times(n, 1e3));
    }

    public static Duration getMin(Number n) {
        return Duration.ofNanos(times(n, 60e9));
    }

    public static long getKbit(Number n) {
        return times(n, 1e3);
    }

    public static long getMbit(Number n) {
        return times(n, 1e6);
    }

    public static long getGbit(Number n) {
        return times(n, 1e9);
    }

    public static double getPercent(Number n) {
        return n.doubleValue() / 100;
    }
}
