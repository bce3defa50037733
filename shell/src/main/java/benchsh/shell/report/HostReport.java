package benchsh.shell.report;

import benchsh.shell.host.CpuList;
import benchsh.shell.host.Host;
import benchsh.shell.host.PeerVms;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Renders hosts: the {@code hosts} overview table and the {@code sysinfo} fact sheet. Stateless. */
public final class HostReport {
    private HostReport() {
    }

    /**
     * One row per host: state (with the failure), address, peer version, kernel, CPU, and the VM its peer runs
     * ({@code 25.0.3 runtime, native}: benchsh's runtime or the host's own Java, and its I/O paths); then failures
     * and each host's note.
     */
    public static String table(List<Host> hosts) {
        TextTable t = new TextTable(List.of("host", "state", "address", "peer", "kernel", "cpu", "java"));
        List<String> failures = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Host h : hosts) {
            Map<String, Object> f = h.facts();
            String cpu = f.get("cpu_count") == null ? "-" : cpu(f);
            t.row(List.of(h.name(), h.state().name().toLowerCase(java.util.Locale.ROOT), h.dataAddress(), str(h.peerVersion()),
                    str(f.get("kernel")), cpu, java(h)));
            if (h.failure() != null) {
                failures.add(h.failure());
            }
            if (h.peerNote() != null) {
                notes.add(h.peerNote());
            }
        }
        StringBuilder sb = new StringBuilder(withNewline(t.toString()));
        failures.forEach(f -> sb.append("failed: ").append(f).append('\n'));
        notes.forEach(n -> sb.append("note: ").append(n).append('\n'));
        return sb.toString();
    }

    /**
     * {@code 2 x MODEL}, and where the peer may run when that is not every CPU: {@code 2 x MODEL, peer on 1}
     * ({@code cpus:}, or a container's cpuset).
     */
    static String cpu(Map<String, Object> f) {
        String cpu = f.get("cpu_count") == null ? str(f.get("cpu_model")) : f.get("cpu_count") + " x " + str(f.get("cpu_model"));
        Object allowed = f.get("cpus_allowed");
        int on = allowed == null ? -1 : CpuList.count(allowed.toString());
        return on > 0 && f.get("cpu_count") instanceof Number n && on < n.longValue() ? cpu + ", peer on " + allowed : cpu;
    }

    /** {@code 25.0.3 runtime, native}; {@code -} before the peer told its Java. */
    static String java(Host h) {
        String vm = PeerVms.vm(h);
        return vm == null ? "-" : vm + ", " + PeerVms.io(h);
    }

    /** Every fact, NICs and mounts as their own tables. */
    public static String sysinfo(Host h) {
        Map<String, Object> f = h.facts();
        StringBuilder sb = new StringBuilder();
        sb.append(h.name()).append(" (").append(h.state().name().toLowerCase(java.util.Locale.ROOT)).append(", peer ")
                .append(str(h.peerVersion())).append(", data address ").append(h.dataAddress()).append(")\n");
        TextTable facts = new TextTable(List.of("fact", "value"));
        for (Map.Entry<String, Object> e : f.entrySet()) {
            if (!(e.getValue() instanceof List<?>)) {
                facts.row(List.of(e.getKey(), e.getKey().endsWith("_bytes") && e.getValue() instanceof Number n
                        ? Formats.size(n.longValue()) : str(e.getValue())));
            }
        }
        sb.append(withNewline(facts.toString()));
        sb.append(listTable(f.get("nics"), List.of("name", "state", "speed_mbps", "mtu", "driver", "address")));
        sb.append(listTable(f.get("mounts"), List.of("point", "type", "source", "options")));
        return sb.toString();
    }

    private static String listTable(Object value, List<String> columns) {
        if (!(value instanceof List<?> list) || list.isEmpty()) {
            return "";
        }
        TextTable t = new TextTable(columns);
        for (Object o : list) {
            if (o instanceof Map<?, ?> m) {
                t.row(columns.stream().map(c -> str(m.get(c))).toList());
            }
        }
        return "\n" + withNewline(t.toString());
    }

    private static String withNewline(String s) {
        return s.endsWith("\n") ? s : s + "\n";
    }

    private static String str(Object o) {
        return o == null ? "-" : String.valueOf(o);
    }
}
