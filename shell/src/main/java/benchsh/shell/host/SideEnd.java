package benchsh.shell.host;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.workload.Interval;
import java.util.List;

/**
 * How one side of a test ended, as the shell knows it: the side's report (a record of its role's report type, decoded
 * from its DONE by that record; null when it ended before it had one, or when its peer was lost), its interval samples
 * (those the shell received, when the peer was lost), when it did not complete, the error and its kind, and what ran
 * it where that was not a peer. Immutable.
 *
 * @param ran the host and the tools that ran the side where it had no peer ({@code dut: dd if=/dev/zero | nc}), else null
 */
public record SideEnd(Record report, List<Interval<?>> intervals, String error, ErrorKind kind, String ran) {
    public SideEnd {
        intervals = List.copyOf(intervals);
        if ((error == null) != (kind == null)) {
            throw new IllegalArgumentException("a side ends with an error and its kind, or neither");
        }
    }

    /** The end of a side a peer ran. */
    public SideEnd(Record report, List<Interval<?>> intervals, String error, ErrorKind kind) {
        this(report, intervals, error, kind, null);
    }
}
