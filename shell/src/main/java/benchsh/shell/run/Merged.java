package benchsh.shell.run;

import java.util.List;
import java.util.Map;

/**
 * What the sides of a part add up to: the result's metrics (names carrying their units), its interval
 * samples, and an error when the figures themselves fail the test (e.g. a copy whose checksums differ), or what
 * the shell adds to a side's failure (e.g. a copy's partial destination that its dead peer could not remove).
 * Immutable.
 */
public record Merged(Map<String, Object> metrics, List<Map<String, Object>> intervals, String error) {
    public static final Merged NOTHING = new Merged(Map.of(), List.of(), null);

    public Merged {
        metrics = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metrics));
        intervals = List.copyOf(intervals);
    }

    public static Merged of(Map<String, Object> metrics, List<Map<String, Object>> intervals) {
        return new Merged(metrics, intervals, null);
    }
}
