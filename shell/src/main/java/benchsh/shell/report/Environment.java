package benchsh.shell.report;

import benchsh.shell.report.ReportContext.HostInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The environment part of a report: one column per host, one row per fact people compare (kernel,
 * OS, CPU, memory, NICs, Java, benchsh). A cell with several lines (NICs) holds them separated by
 * {@code \n}. Stateless.
 */
public final class Environment {
    private static final List<String> ROWS = List.of("hostname", "kernel", "os", "cpu", "cpu governor", "memory", "nics", "java", "benchsh");

    private Environment() {
    }

    public static TextTable table(List<HostInfo> hosts) {
        List<String> header = new ArrayList<>();
        header.add("");
        hosts.forEach(h -> header.add(h.name()));
        TextTable t = new TextTable(header);
        for (String row : ROWS) {
            List<String> cells = new ArrayList<>();
            cells.add(row);
            hosts.forEach(h -> cells.add(fact(h, row)));
            if (cells.stream().skip(1).anyMatch(c -> !c.equals("-"))) {
                t.row(cells);
            }
        }
        return t;
    }

    static String fact(HostInfo h, String row) {
        Map<String, Object> f = h.facts();
        return switch (row) {
            case "cpu" -> HostReport.cpu(f);
            case "cpu governor" -> str(f.get("cpu_governor"));
            case "memory" -> f.get("memory_bytes") instanceof Number n ? Formats.size(n.longValue()) : "-";
            case "nics" -> nics(f.get("nics"));
            case "java" -> f.get("java") == null ? "-" : f.get("java") + (f.get("java_vendor") == null ? "" : " (" + f.get("java_vendor") + ")");
            case "benchsh" -> str(h.peerVersion());
            default -> str(f.get(row));
        };
    }

    /** "eth0 10000 Mbit/s mtu 1500 virtio_net up", one NIC a line. */
    static String nics(Object value) {
        if (!(value instanceof List<?> list) || list.isEmpty()) {
            return "-";
        }
        List<String> lines = new ArrayList<>();
        for (Object o : list) {
            if (o instanceof Map<?, ?> m) {
                StringBuilder b = new StringBuilder(str(m.get("name")));
                if (m.get("speed_mbps") != null) {
                    b.append(' ').append(m.get("speed_mbps")).append(" Mbit/s");
                }
                if (m.get("mtu") != null) {
                    b.append(" mtu ").append(m.get("mtu"));
                }
                if (m.get("driver") != null) {
                    b.append(' ').append(m.get("driver"));
                }
                if (m.get("state") != null) {
                    b.append(' ').append(String.valueOf(m.get("state")).toLowerCase(Locale.ROOT));
                }
                lines.add(b.toString());
            }
        }
        return String.join("\n", lines);
    }

    private static String str(Object o) {
        return o == null ? "-" : String.valueOf(o);
    }
}
