package benchsh.shell.run;

import benchsh.peer.protocol.Message;
import benchsh.shell.result.Status;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * How both sides of a pair test ended. A side that never reported has empty metrics and the
 * intervals the shell received before it was lost.
 */
public record PairOutcome(Status status, String error, Instant started, Message.Done listen, Message.Done connect,
                          Map<String, Object> listenFacts, Map<String, Object> connectFacts) {

    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> intervals(Message.Done d) {
        return d == null ? List.of() : (List<Map<String, Object>>) (List<?>) d.intervals();
    }
}
