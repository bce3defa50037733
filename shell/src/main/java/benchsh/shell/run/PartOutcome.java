package benchsh.shell.run;

import benchsh.shell.result.Status;
import java.time.Instant;

/** How one part of a test ran: its status, the error naming the host and the step, when it started, and its figures. */
public record PartOutcome(Status status, String error, Instant started, Merged merged) {
    static PartOutcome failed(String error, Instant started) {
        return new PartOutcome(Status.FAILED, error, started, Merged.NOTHING);
    }
}
