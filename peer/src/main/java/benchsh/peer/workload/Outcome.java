package benchsh.peer.workload;

import java.util.List;
import java.util.Map;

/**
 * What a side measured: metrics (snake_case names carrying their unit), interval samples, and the
 * error when it did not complete. Metrics measured before a failure are kept.
 */
public record Outcome(Map<String, Object> metrics, List<Object> intervals, String error) {
    public Outcome {
        metrics = Map.copyOf(metrics);
        intervals = List.copyOf(intervals);
    }

    public static Outcome failed(String error) {
        return new Outcome(Map.of(), List.of(), error);
    }
}
