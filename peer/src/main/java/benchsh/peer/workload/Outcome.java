package benchsh.peer.workload;

import benchsh.peer.protocol.ErrorKind;
import java.util.List;
import java.util.Map;

/**
 * What a side measured: metrics (snake_case names carrying their unit), interval samples, and, when it did
 * not complete, the error and its kind. Metrics measured before a failure are kept.
 */
public record Outcome(Map<String, Object> metrics, List<Object> intervals, String error, ErrorKind kind) {
    public Outcome {
        metrics = Map.copyOf(metrics);
        intervals = List.copyOf(intervals);
        if ((error == null) != (kind == null)) {
            throw new IllegalArgumentException("an outcome has an error and its kind, or neither");
        }
    }

    public static Outcome failed(ErrorKind kind, String error) {
        return new Outcome(Map.of(), List.of(), error, kind);
    }
}
