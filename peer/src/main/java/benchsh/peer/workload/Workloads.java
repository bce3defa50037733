package benchsh.peer.workload;

import java.util.Map;
import java.util.TreeMap;

/** The registry of workloads: the one place a new workload is added. */
public final class Workloads {
    private static final Map<String, Workload> ALL = new TreeMap<>();

    static {
        register(new TcpStream());
        register(new UdpStream());
        register(new RequestResponse());
        register(new PipeStream());
        register(new benchsh.peer.fs.DiskWorkload());
        register(new benchsh.peer.fs.TreeWorkload());
        register(new benchsh.peer.fs.CopyWorkload());
        register(new benchsh.peer.fs.MountWorkload());
        register(new benchsh.peer.http.HttpTransfer());
    }

    private Workloads() {
    }

    private static void register(Workload w) {
        ALL.put(w.name(), w);
    }

    /** The workload of that name, or null. */
    public static Workload named(String name) {
        return ALL.get(name);
    }

    public static java.util.Set<String> names() {
        return ALL.keySet();
    }
}
