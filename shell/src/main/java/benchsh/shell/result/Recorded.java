package benchsh.shell.result;

import java.util.Map;

/**
 * A result as it is recorded, with its context: the session it belongs to and the facts of the
 * hosts involved, by host name (as the peers reported them in their handshake; empty when unknown).
 */
public record Recorded(Result result, SessionInfo session, Map<String, Map<String, Object>> facts) {
    public Recorded {
        facts = Map.copyOf(facts);
    }
}
