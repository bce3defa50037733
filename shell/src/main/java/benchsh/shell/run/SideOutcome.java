package benchsh.shell.run;

import benchsh.peer.protocol.Message;
import benchsh.shell.result.Status;
import java.time.Instant;
import java.util.Map;

/**
 * How a one-sided test ended (see {@link SingleRunner}). {@code done} is null only if the side never
 * reported within its deadline; {@code facts} are the host's handshake facts.
 */
public record SideOutcome(Status status, String error, Instant started, Message.Done done, Map<String, Object> facts) {
    /** The side's metrics, empty if it never reported. */
    public Map<String, Object> metrics() {
        return done == null ? Map.of() : done.metrics();
    }
}
