package benchsh.peer.workload;

import benchsh.peer.Discovery;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Every workload this peer runs, by name: the {@link Workload} classes found in the peer's packages
 * ({@code benchsh.peer} and every package under it: streams, datagrams, request/response, pipes, file systems,
 * HTTP, observing), so a new workload, in a new package or not, is its class and nothing else. Immutable.
 */
public final class Workloads {
    private static final Map<String, Workload> ALL = new TreeMap<>();

    static {
        for (Workload w : Discovery.instancesUnder(Workload.class, Discovery.class)) {
            if (ALL.put(w.name(), w) != null) {
                throw new IllegalStateException("two workloads are named " + w.name());
            }
        }
    }

    private Workloads() {
    }

    /** The workload of that name, or null. */
    public static Workload named(String name) {
        return ALL.get(name);
    }

    public static Set<String> names() {
        return ALL.keySet();
    }
}
