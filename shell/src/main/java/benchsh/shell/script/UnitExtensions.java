package benchsh.shell.script;

import benchsh.shell.args.Rate;
import benchsh.shell.args.Size;
import benchsh.shell.args.Suggest;
import benchsh.shell.args.Values;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Units as Groovy properties on numbers: {@code 4.KiB} and {@code 1.MB} are {@link Size}s (bytes),
 * {@code 5.s} and {@code 500.ms} are {@link Duration}s, {@code 100.Mbit} is a {@link Rate} (bits per second),
 * {@code 5.percent} is 0.05; and {@code -5.s}, a negative duration, for the argument checks to refuse by name
 * (Groovy's unary minus asks for {@code negative()}). Sizes and rates do their own arithmetic; this adds a
 * plain number in front ({@code 2 * 1.GiB}) and durations' ({@code 2.s * 3}, {@code 10.s / 4}, {@code a / b}).
 * Registered as a Groovy extension module. {@link #KINDS} lists every unit for help and for the error on one
 * that does not exist. Stateless.
 */
public final class UnitExtensions {
    /** Every unit, by kind, in the order help shows them (a test checks this against the getters). */
    public static final Map<String, List<String>> KINDS = kinds();

    private UnitExtensions() {
    }

    private static Map<String, List<String>> kinds() {
        Map<String, List<String>> k = new LinkedHashMap<>();
        k.put("sizes", List.of("B", "KiB", "MiB", "GiB", "TiB", "KB", "MB", "GB", "TB"));
        k.put("durations", List.of("us", "ms", "s", "min", "h"));
        k.put("rates", List.of("Kbit", "Mbit", "Gbit"));
        k.put("fractions", List.of("percent"));
        return java.util.Collections.unmodifiableMap(k);
    }

    /** "sizes 1.B 1.KiB ...; durations 1.us ...; rates 1.Kbit ...; fractions 1.percent". */
    public static String listing() {
        List<String> kinds = new ArrayList<>();
        KINDS.forEach((kind, units) -> kinds.add(kind + " " + String.join(" ", units.stream().map(u -> "1." + u).toList())));
        return String.join("; ", kinds);
    }

    /**
     * The error for {@code 1.name} where no unit {@code name} exists: the closest unit (ignoring case first, so
     * {@code 1.mb} suggests {@code MB}, not {@code ms}) and every unit there is.
     */
    public static String unknown(String name) {
        List<String> all = KINDS.values().stream().flatMap(List::stream).toList();
        String closest = all.stream().filter(u -> u.equalsIgnoreCase(name)).findFirst().or(() -> Suggest.closest(name, all)).orElse(null);
        return "'" + name + "' is not a unit" + (closest == null ? "" : " (did you mean '" + closest + "'?)") + ". Units: " + listing();
    }

    private static long times(Number n, double factor) {
        return Math.round(n.doubleValue() * factor);
    }

    public static Size getB(Number n) {
        return Size.ofBytes(times(n, 1));
    }

    public static Size getKiB(Number n) {
        return Size.ofBytes(times(n, 1024));
    }

    public static Size getMiB(Number n) {
        return Size.ofBytes(times(n, 1024 * 1024));
    }

    public static Size getGiB(Number n) {
        return Size.ofBytes(times(n, 1024.0 * 1024 * 1024));
    }

    public static Size getKB(Number n) {
        return Size.ofBytes(times(n, 1e3));
    }

    public static Size getMB(Number n) {
        return Size.ofBytes(times(n, 1e6));
    }

    public static Size getGB(Number n) {
        return Size.ofBytes(times(n, 1e9));
    }

    public static Size getTiB(Number n) {
        return Size.ofBytes(times(n, 1024.0 * 1024 * 1024 * 1024));
    }

    public static Size getTB(Number n) {
        return Size.ofBytes(times(n, 1e12));
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

    public static Duration getH(Number n) {
        return Duration.ofNanos(times(n, 3600e9));
    }

    /** {@code -5.s}: Groovy's unary minus on a duration. */
    public static Duration negative(Duration d) {
        return d.negated();
    }

    public static Rate getKbit(Number n) {
        return Rate.ofBitsPerSecond(times(n, 1e3));
    }

    public static Rate getMbit(Number n) {
        return Rate.ofBitsPerSecond(times(n, 1e6));
    }

    public static Rate getGbit(Number n) {
        return Rate.ofBitsPerSecond(times(n, 1e9));
    }

    public static double getPercent(Number n) {
        return n.doubleValue() / 100;
    }

    /** {@code 2 * 1.GiB}: a size. */
    public static Size multiply(Number n, Size s) {
        return s.multiply(n);
    }

    /** {@code 0.9 * rate}: a rate. */
    public static Rate multiply(Number n, Rate r) {
        return r.multiply(n);
    }

    /** {@code 2.s * 3}: a duration. */
    public static Duration multiply(Duration d, Number n) {
        return Duration.ofNanos(Math.round(d.toNanos() * Values.factor(n, d, "multiply")));
    }

    /** {@code 2.s * 100.Mbit}: what the rate moves in that time. */
    public static Size multiply(Duration d, Rate r) {
        return r.multiply(d);
    }

    /** {@code 3 * 2.s}: a duration. */
    public static Duration multiply(Number n, Duration d) {
        return multiply(d, n);
    }

    /** {@code 10.s / 4}: a duration. */
    public static Duration div(Duration d, Number n) {
        return Duration.ofNanos(Math.round(d.toNanos() / Values.factor(n, d, "divide")));
    }

    /** {@code 10.s / 2.s}: how many times one fits in the other, a plain number. */
    public static double div(Duration d, Duration other) {
        return (double) d.toNanos() / other.toNanos();
    }
}
