package benchsh.shell.host;

import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;
import java.util.ArrayList;
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

    /** What a result says of its ends' VMs; an end not connected is left out, a figure no end has is null. */
    public record Figures(@Metric(unit = Unit.TEXT, means = "the Java each end's peer ran and whether benchsh's runtime (runtime) or the host's own"
                                  + " (host): 25.0.3 runtime, or from's / to's when they differ; shell for an end that ran its own tools, no"
                                  + " peer") @OrNull String peerJava,
                          @Metric(unit = Unit.TEXT, means = "why an end ran a slower path than benchsh could have given it, or not on benchsh's"
                                  + " runtime, and what to do") @OrNull String peerNote) {
    }

    /** {@code peer_java} and, if any end has a note, {@code peer_note} of a test between {@code from} and {@code to}. */
    public static Figures figures(Host from, Host to) {
        String a = vm(from);
        String b = to == from ? a : vm(to);
        String java = a == null && b == null ? null : Objects.equals(a, b) || b == null ? a : a == null ? b : a + " / " + b;
        List<String> notes = new ArrayList<>();
        for (Host h : to == from ? List.of(from) : List.of(from, to)) {
            if (h.peerNote() != null && !notes.contains(h.peerNote())) {
                notes.add(h.peerNote());
            }
        }
        return new Figures(java, notes.isEmpty() ? null : String.join("; ", notes));
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

    /** {@code 25.0.3 runtime}, {@code shell} for a host that runs its own tools, or null when the host's peer has not told its Java. */
    public static String vm(Host h) {
        if ("shell".equals(h.peerVm())) {
            return "shell";
        }
        Object java = h.facts().get("java");
        if (java == null) {
            return null;
        }
        return h.peerVm() == null ? java.toString() : java + " " + h.peerVm();
    }
}
