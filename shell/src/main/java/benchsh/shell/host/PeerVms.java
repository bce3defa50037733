package benchsh.shell.host;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What every result says about the VMs its ends ran: {@code peer_java}, each end's Java version and whether it was
 * benchsh's runtime or the host's own ({@code 25.0.3 runtime}; {@code 17.0.15 host / 25.0.3 runtime} from / to
 * when the ends differ), and {@code peer_note}, the ends' {@link Host#peerNote() notes}. Stateless.
 */
public final class PeerVms {
    private PeerVms() {
    }

    /** {@code metrics} with {@code peer_java} and, if any end has a note, {@code peer_note}; ends not connected are left out. */
    public static Map<String, Object> into(Map<String, Object> metrics, Host from, Host to) {
        Map<String, Object> m = new LinkedHashMap<>(metrics);
        String a = vm(from);
        String b = to == from ? a : vm(to);
        if (a != null || b != null) {
            m.put("peer_java", Objects.equals(a, b) || b == null ? a : a == null ? b : a + " / " + b);
        }
        List<String> notes = new ArrayList<>();
        for (Host h : to == from ? List.of(from) : List.of(from, to)) {
            if (h.peerNote() != null && !notes.contains(h.peerNote())) {
                notes.add(h.peerNote());
            }
        }
        if (!notes.isEmpty()) {
            m.put("peer_note", String.join("; ", notes));
        }
        return m;
    }

    /**
     * The I/O paths the host's peer has: {@code native} (the FFM classes of the jar on Java 22+, on x86_64 or
     * aarch64) or {@code nio}; null before it told its facts. Each test's {@code *_io} metrics say what it ran.
     */
    public static String io(Host h) {
        Map<String, Object> f = h.facts();
        Integer feature = f.get("java") == null ? null : NativeJava.featureOf(f.get("java").toString());
        if (feature == null) {
            return null;
        }
        boolean cpu = List.of("amd64", "x86_64", "aarch64").contains(String.valueOf(f.get("arch")));
        return feature >= NativeJava.REQUIRED && PeerJar.hasNativePaths() && cpu ? "native" : "nio";
    }

    /** {@code 25.0.3 runtime}, or null when the host's peer has not told its Java. */
    public static String vm(Host h) {
        Object java = h.facts().get("java");
        if (java == null) {
            return null;
        }
        return h.peerVm() == null ? java.toString() : java + " " + h.peerVm();
    }
}
