package benchsh.shell.script;

import benchsh.shell.args.Rate;
import benchsh.shell.args.Size;
import benchsh.shell.report.Cells;
import benchsh.shell.report.ThroughputUnit;
import groovy.lang.Closure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The value of an {@code expect} condition and the values of its parts as they were computed, so a failed
 * expectation can say {@code r.throughput = 51.5 MB/s}. Built by the code {@link ExpectRecorder} puts around
 * the condition, which runs when {@code expect} first asks for its value (never in a dry run, which skips
 * {@code expect}). Not thread-safe: the script's thread asks.
 */
public final class Observed {
    /** Units written in scripts ({@code 900.Mbit}) that are rates in bits per second; {@code r.throughput} is one too. */
    private static final Set<String> RATES = Set.of("Kbit", "Mbit", "Gbit");
    /** Longer values are cut to this many characters. */
    private static final int MAX_VALUE_CHARS = 80;

    /**
     * One part of the condition: its source text, what it is ({@code throughput}, {@code Mbit}; null when
     * unknown) and its value.
     */
    public record Part(String text, String key, Object value) {
    }

    /** Collects the parts while the condition runs; only the generated code calls it. Not thread-safe. */
    public static final class Recorder {
        private final Map<String, Part> parts = new LinkedHashMap<>();

        /** Remembers {@code value} (the first value of each text) and returns it. */
        public Object note(String text, String key, Object value) {
            parts.putIfAbsent(text, new Part(text, key, value));
            return value;
        }
    }

    private final Closure<?> condition;
    private Object value;
    private List<Part> parts;

    private Observed(Closure<?> condition) {
        this.condition = condition;
    }

    /** {@code condition} (a closure of one recorder), to run when its value is first asked for. */
    public static Observed observe(Closure<?> condition) {
        return new Observed(condition);
    }

    /** The condition's value, computed the first time. */
    public Object value() {
        if (parts == null) {
            Recorder recorder = new Recorder();
            value = condition.call(recorder);
            parts = List.copyOf(new ArrayList<>(recorder.parts.values()));
        }
        return value;
    }

    public List<Part> parts() {
        value();
        return parts;
    }

    /**
     * The parts as {@code text = value}, joined by ", ": rates in {@code unit}, other metrics as
     * benchsh's tables show them; closures left out; empty when nothing but constants was compared.
     */
    public String describe(ThroughputUnit unit) {
        return parts().stream().filter(p -> !(p.value() instanceof Closure<?>))
                .map(p -> p.text() + " = " + format(p, unit)).collect(Collectors.joining(", "));
    }

    static String format(Part p, ThroughputUnit unit) {
        Object v = p.value();
        String key = p.key() == null ? "" : p.key();
        if (v instanceof Rate || v instanceof Number n && (RATES.contains(key) || Cells.bitsPerSecond(key) || Cells.bitsPerSecond(key + "_bps"))) {
            return unit.format(((Number) v).doubleValue());
        }
        if (v instanceof Size) {
            return v.toString();
        }
        String s = v instanceof Number || v instanceof List<?> ? Cells.cell(key, v, unit) : v instanceof CharSequence ? "'" + v + "'" : String.valueOf(v);
        return s.length() <= MAX_VALUE_CHARS ? s : s.substring(0, MAX_VALUE_CHARS - 3) + "...";
    }
}
