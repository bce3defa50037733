package benchsh.shell.run;

import benchsh.peer.protocol.Message;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How the sides of one part ended, by role: each side's DONE, null if it never reported, the interval samples
 * the shell received from each (kept when a side's peer was lost before it reported), and the roles whose peer was
 * lost before they reported (their DONE is the shell's: the side cleaned nothing up). What a merge reads. Immutable.
 */
public record Sides(Map<String, Message.Done> done, Map<String, List<Map<String, Object>>> received, Set<String> lost) {
    public Sides {
        done = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(done));
        received = Map.copyOf(received);
        lost = Set.copyOf(lost);
    }

    /** Whether the side in {@code role} ended because its peer was lost before it reported. */
    public boolean peerLost(String role) {
        return lost.contains(role);
    }

    /** The DONE of the side in {@code role}, or null when it never reported. */
    public Message.Done get(String role) {
        return done.get(role);
    }

    /** The metrics of the side in {@code role} (a copy to add to); empty when it never reported. */
    public Map<String, Object> metrics(String role) {
        Message.Done d = done.get(role);
        return d == null ? new java.util.LinkedHashMap<>() : new java.util.LinkedHashMap<>(d.metrics());
    }

    /** The interval samples the side in {@code role} reported (or the shell received before it was lost). */
    public List<Map<String, Object>> intervals(String role) {
        Message.Done d = done.get(role);
        return d != null ? intervals(d) : received.getOrDefault(role, List.of());
    }

    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> intervals(Message.Done d) {
        return d == null ? List.of() : (List<Map<String, Object>>) (List<?>) d.intervals();
    }
}
