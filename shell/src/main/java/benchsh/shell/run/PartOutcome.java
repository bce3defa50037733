package benchsh.shell.run;

import benchsh.shell.observe.Observation;
import benchsh.shell.result.Status;
import java.time.Instant;

/**
 * How one part of a test ran: its status, the error naming the host and the step, when it started, and its figures;
 * {@code warmUpSeconds} is how long after its start its interval samples' 0 s is (the warm-up they leave out), and
 * {@code observed} what the hosts watched during it did. Immutable.
 */
public record PartOutcome(Status status, String error, Instant started, Merged merged, double warmUpSeconds, Observation observed) {
    public PartOutcome(Status status, String error, Instant started, Merged merged) {
        this(status, error, started, merged, 0, Observation.NONE);
    }

    static PartOutcome failed(String error, Instant started) {
        return new PartOutcome(Status.FAILED, error, started, Merged.NOTHING);
    }

    /** The same outcome with what the watched hosts did. */
    PartOutcome with(Observation seen) {
        return new PartOutcome(status, error, started, merged, warmUpSeconds, seen);
    }
}
