package benchsh.shell.run;

import benchsh.peer.workload.Interval;
import java.util.List;

/**
 * What the sides of a part add up to, typed: the result's figures (a record its definition declares, flattened into
 * the result's metrics once, when it is recorded), its interval samples, and an error when the figures themselves fail
 * the test (e.g. a copy whose checksums differ), or what the shell adds to a side's failure (e.g. a copy's partial
 * destination that its dead peer could not remove). Immutable.
 *
 * @param figures the record of the result's figures, or null for none (a mount)
 */
public record Merged(Record figures, List<Interval<?>> intervals, String error) {
    public static final Merged NOTHING = new Merged(null, List.of(), null);

    public Merged {
        intervals = List.copyOf(intervals);
    }

    public static Merged of(Record figures, List<Interval<?>> intervals) {
        return new Merged(figures, intervals, null);
    }

    /** The figures as the record {@code type} a definition made them, for a test that combines its parts' figures. */
    public <R extends Record> R figures(Class<R> type) {
        return type.cast(figures);
    }
}
