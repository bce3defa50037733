package benchsh.shell.definition;

import benchsh.peer.protocol.Message;
import benchsh.shell.run.Sides;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Combines the two sides of a stream test into the result's metrics: the figure is what the receiver
 * counted; the socket buffers are the sender's SO_SNDBUF and the receiver's SO_RCVBUF as the kernel gave them;
 * CPU is reported per end as netperf does, {@code local} being the {@code from} host.
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
        m.put("send_socket_bytes", tx.get("send_socket_bytes"));
        m.put("recv_socket_bytes", rx.get("recv_socket_bytes"));
        if (rx.get("stream_throughput_bps") instanceof List<?> perStream && perStream.size() > 1) {
            m.put("stream_throughput_bps", perStream);
        }
        cpu(m, fromIsSender ? tx : rx, fromIsSender ? rx : tx, number(rx.get("bytes")) / 1024, "kb");
        strays(m, rx, tx);
        return clean(m);
    }

    /**
     * Adds the CPU figures of both ends: host CPU %, the peer process's CPU seconds, and service
     * demand {@code service_demand_<end>_us_per_<per>} = CPU µs per {@code amount} unit moved (KB,
     * transactions), host-wide as netperf's -c/-C report it.
     *
     * @param local the {@code from} host's side metrics
     */
    public static void cpu(Map<String, Object> m, Map<String, Object> local, Map<String, Object> remote, double amount, String per) {
        m.put("cpu_local_pct", local.get("cpu_pct"));
        m.put("cpu_remote_pct", remote.get("cpu_pct"));
        m.put("process_cpu_local_seconds", local.get("process_cpu_seconds"));
        m.put("process_cpu_remote_seconds", remote.get("process_cpu_seconds"));
        m.put("service_demand_local_us_per_" + per, serviceDemand(local, amount));
        m.put("service_demand_remote_us_per_" + per, serviceDemand(remote, amount));
    }

    /** Adds {@code strays_dropped}, summed over the sides that report it. */
    public static void strays(Map<String, Object> m, Map<String, Object> a, Map<String, Object> b) {
        if (a.get("strays_dropped") != null || b.get("strays_dropped") != null) {
            m.put("strays_dropped", (long) (number(a.get("strays_dropped")) + number(b.get("strays_dropped"))));
        }
    }

    /** Drops absent and NaN figures. */
    public static Map<String, Object> clean(Map<String, Object> m) {
        m.values().removeIf(v -> v == null || v instanceof Double d && d.isNaN());
        return m;
    }

    /**
     * Both directions of a bidirectional test measured at once: throughput and bytes add up, CPU is
     * host-wide over the same span (taken from the forward test), and service demand is recomputed
     * over the bytes of both directions.
     */
    public static Map<String, Object> bidirectional(Map<String, Object> forward, Map<String, Object> reverse) {
        Map<String, Object> m = new LinkedHashMap<>(forward);
        m.put("bytes", (long) (number(forward.get("bytes")) + number(reverse.get("bytes"))));
        m.put("seconds", Math.max(number(forward.get("seconds")), number(reverse.get("seconds"))));
        m.put("throughput_bps", number(forward.get("throughput_bps")) + number(reverse.get("throughput_bps")));
        m.put("forward_throughput_bps", forward.get("throughput_bps"));
        m.put("reverse_throughput_bps", reverse.get("throughput_bps"));
        m.put("sender_bytes", (long) (number(forward.get("sender_bytes")) + number(reverse.get("sender_bytes"))));
        m.remove("sender_throughput_bps");
        m.remove("stream_throughput_bps");
        double share = number(forward.get("bytes")) / Math.max(1, number(m.get("bytes")));
        for (String end : List.of("local", "remote")) {
            String key = "service_demand_" + end + "_us_per_kb";
            if (forward.get(key) != null) {
                m.put(key, number(forward.get(key)) * share);
            }
        }
        strays(m, forward, reverse);
        return clean(m);
    }

    /**
     * A side's metrics; if it ended before its meter could finish (its peer died), its counts and
     * rates are what its intervals add up to, on top of whatever it did report.
     */
    public static Map<String, Object> figures(Message.Done d) {
        if (d == null) {
            return Map.of();
        }
        List<Map<String, Object>> samples = Sides.intervals(d);
        if (d.metrics().containsKey("seconds") || samples.isEmpty()) {
            return d.metrics();
        }
        Map<String, Object> m = new LinkedHashMap<>(d.metrics());
        double seconds = number(samples.get(samples.size() - 1).get("end_s"));
        m.put("seconds", seconds);
        sumIntervals(m, samples, seconds, "bytes", "throughput_bps", 8);
        sumIntervals(m, samples, seconds, "transactions", "transactions_per_s", 1);
        return m;
    }

    private static void sumIntervals(Map<String, Object> m, List<Map<String, Object>> samples, double seconds, String count, String rate,
                                     double factor) {
        if (!samples.get(0).containsKey(count)) {
            return;
        }
        long sum = samples.stream().mapToLong(s -> (long) number(s.get(count))).sum();
        m.put(count, sum);
        m.put(rate, seconds > 0 ? sum * factor / seconds : 0.0);
    }

    private static Object serviceDemand(Map<String, Object> side, double kb) {
        if (!side.containsKey("cpu_pct") || kb <= 0) {
            return null;
        }
        double cpuSeconds = number(side.get("cpu_pct")) / 100 * number(side.get("cpu_count")) * number(side.get("seconds"));
        return cpuSeconds * 1e6 / kb;
    }

    public static double number(Object o) {
        return o instanceof Number n ? n.doubleValue() : 0;
    }
}
