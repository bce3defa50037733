package benchsh.peer.workload;

import benchsh.peer.protocol.ErrorKind;
import java.util.List;

/**
 * What a side measured: its report (a record of its role's report type, {@link Role#report}; null when it ended
 * before it had one), its interval samples, and, when it did not complete, the error and its kind. What was measured
 * before a failure is kept.
 */
public record Outcome(Record report, List<Interval<?>> intervals, String error, ErrorKind kind) {
    public Outcome {
        intervals = List.copyOf(intervals);
        if ((error == null) != (kind == null)) {
            throw new IllegalArgumentException("an outcome has an error and its kind, or neither");
        }
    }

    public static Outcome failed(ErrorKind kind, String error) {
        return new Outcome(null, List.of(), error, kind);
    }
}
