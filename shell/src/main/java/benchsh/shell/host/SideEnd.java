package benchsh.shell.host;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.workload.Interval;
import java.util.List;

/**
 * How one side of a test ended, as the shell knows it: the side's report (a record of its role's report type, decoded
 * from its DONE by that record; null when it ended before it had one, or when its peer was lost), its interval samples
 * (those the shell received, when the peer was lost), and, when it did not complete, the error and its kind. Immutable.
 */
public record SideEnd(Record report, List<Interval<?>> intervals, String error, ErrorKind kind) {
    public SideEnd {
        intervals = List.copyOf(intervals);
        if ((error == null) != (kind == null)) {
            throw new IllegalArgumentException("a side ends with an error and its kind, or neither");
        }
    }
}
