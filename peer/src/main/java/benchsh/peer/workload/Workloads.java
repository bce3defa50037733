package benchsh.peer.workload;

import benchsh.peer.Discovery;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Every workload this peer runs, by name: the {@link Workload} classes found in this package (streams,
 * request/response), {@code benchsh.peer.fs} (disks, trees, copies, mounts), {@code benchsh.peer.http} and {@code benchsh.peer.observe},
 * so a new workload is its class and nothing else. Immutable.
 */
public final class Workloads {
    private static final Map<String, Workload> ALL = new TreeMap<>();

    static {
        for (Class<?> anchor : new Class<?>[] {Workload.class, benchsh.peer.fs.DiskWorkload.class, benchsh.peer.http.HttpTransfer.class,
                benchsh.peer.observe.ObserveWorkload.class}) {
            for (Workload w : Discovery.instances(Workload.class, anchor)) {
                if (ALL.put(w.name(), w) != null) {
                    throw new IllegalStateException("two workloads are named " + w.name());
                }
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
