package benchsh.shell.run;

import benchsh.peer.protocol.Message;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Combines the two sides of a stream test into the result's metrics: the figure is what the receiver
 * counted; CPU is reported per end as netperf does, {@code local} being the {@code from} host.
 * Service demand is CPU microseconds per KB (1024 bytes) moved, host-wide:
 * {@code cpu% / 100 × cpus × seconds × 1e6 / (bytes / 1024)} (netperf's -c/-C).
 */
public final class StreamMetrics {
    private StreamMetrics() {
    }

    public static Map<String, Object> merge(Message.Done receiver, Message.Done sender, boolean fromIsSender) {
        Map<String, Object> rx = figures(receiver);
        Map<String, Object> tx = figures(sender);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("bytes", rx.get("bytes"));
        m.put("seconds", rx.get("seconds"));
        m.put("throughput_bps", rx.get("throughput_bps"));
        m.put("sender_bytes", tx.get("bytes"));
        m.put("sender_throughput_bps", tx.get("throughput_bps"));
        Map<String, Object> local = fromIsSender ? tx : rx;
        Map<String, Object> remote = fromIsSender ? rx : tx;
        m.put("cpu_local_pct", local.get("cpu_pct"));
        m.put("cpu_remote_pct", remote.get("cpu_pct"));
        m.put("process_cpu_local_seconds", local.get("process_cpu_seconds"));
        m.put("process_cpu_remote_seconds", remote.get("process_cpu_seconds"));
        double kb = number(rx.get("bytes")) / 1024;
        m.put("service_demand_local_us_per_kb", serviceDemand(local, kb));
        m.put("service_demand_remote_us_per_kb", serviceDemand(remote, kb));
        if (rx.get("strays_dropped") != null || tx.get("strays_dropped") != null) {
            m.put("strays_dropped", (long) (number(rx.get("strays_dropped")) + number(tx.get("strays_dropped"))));
        }
        m.values().removeIf(v -> v == null || v instanceof Double d && d.isNaN());
        return m;
    }

    /** A side's metrics; if it never reported (its peer died), what its intervals add up to. */
    static Map<String, Object> figures(Message.Done d) {
        if (d == null) {
            return Map.of();
        }
        if (d.metrics().containsKey("bytes")) {
            return d.metrics();
        }
        List<Map<String, Object>> samples = PairOutcome.intervals(d);
        if (samples.isEmpty()) {
            return Map.of();
        }
        long bytes = samples.stream().mapToLong(s -> (long) number(s.get("bytes"))).sum();
        double seconds = number(samples.get(samples.size() - 1).get("end_s"));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("bytes", bytes);
        m.put("seconds", seconds);
        m.put("throughput_bps", seconds > 0 ? bytes * 8 / seconds : 0.0);
        return m;
    }

    private static Object serviceDemand(Map<String, Object> side, double kb) {
        if (!side.containsKey("cpu_pct") || kb <= 0) {
            return null;
        }
        double cpuSeconds = number(side.get("cpu_pct")) / 100 * number(side.get("cpu_count")) * number(side.get("seconds"));
        return cpuSeconds * 1e6 / kb;
    }

    static double number(Object o) {
        return o instanceof Number n ? n.doubleValue() : 0;
    }
}
