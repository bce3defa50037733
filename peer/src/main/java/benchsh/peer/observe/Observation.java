package benchsh.peer.observe;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a host did between two readings of its counters, as the observe workload reports it (an interval
 * sample, or the whole test):
 * <ul>
 *   <li>{@code seconds}: the span;</li>
 *   <li>{@code cpu}: for {@code all} CPUs and each {@code cpuN}, in percent of that span's jiffies:
 *       {@code busy_pct} (100 − idle − iowait), {@code user_pct} (user and nice), {@code sys_pct} (system and
 *       hard interrupts), {@code softirq_pct} and {@code idle_pct} (idle and iowait);</li>
 *   <li>{@code interfaces}: for each interface, what its counters grew by: {@code rx_packets}, {@code rx_bytes},
 *       {@code rx_drops}, {@code rx_errors} and tx likewise;</li>
 *   <li>{@code softnet_drops}: what the softnet backlog drops grew by;</li>
 *   <li>{@code qdisc_drops}: for each interface, what its root qdisc's drops grew by (where tc printed them).</li>
 * </ul>
 * A family missing from either reading is left out; an interface or CPU that appeared or vanished in
 * between is left out. Stateless.
 */
public final class Observation {
    private Observation() {
    }

    /** The figures between {@code from} and {@code to}, as a wire map (see the class comment). */
    public static Map<String, Object> between(ProcCounters from, ProcCounters to) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("seconds", (to.nanos() - from.nanos()) / 1e9);
        Map<String, Object> cpu = new LinkedHashMap<>();
        to.cpus().forEach((label, now) -> {
            CpuTimes before = from.cpus().get(label);
            if (before != null) {
                cpu.put(label.equals("cpu") ? "all" : label, percentages(now.since(before)));
            }
        });
        if (!cpu.isEmpty()) {
            m.put("cpu", cpu);
        }
        Map<String, Object> interfaces = new LinkedHashMap<>();
        to.interfaces().forEach((name, now) -> {
            InterfaceCounters before = from.interfaces().get(name);
            if (before != null) {
                interfaces.put(name, new LinkedHashMap<>(now.since(before).named()));
            }
        });
        if (!interfaces.isEmpty()) {
            m.put("interfaces", interfaces);
        }
        if (from.softnetDrops().isPresent() && to.softnetDrops().isPresent()) {
            m.put("softnet_drops", to.softnetDrops().getAsLong() - from.softnetDrops().getAsLong());
        }
        if (from.qdiscDrops().isPresent() && to.qdiscDrops().isPresent()) {
            Map<String, Object> qdiscs = new LinkedHashMap<>();
            Map<String, Long> before = from.qdiscDrops().get();
            to.qdiscDrops().get().forEach((name, now) -> {
                if (before.containsKey(name)) {
                    qdiscs.put(name, now - before.get(name));
                }
            });
            m.put("qdisc_drops", qdiscs);
        }
        return m;
    }

    /**
     * One interval sample of a watch that began with {@code first}: {@code start_s} and {@code end_s} (seconds
     * since {@code first}), then the figures between {@code from} and {@code to}.
     */
    public static Map<String, Object> interval(ProcCounters first, ProcCounters from, ProcCounters to) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("start_s", (from.nanos() - first.nanos()) / 1e9);
        s.put("end_s", (to.nanos() - first.nanos()) / 1e9);
        s.putAll(between(from, to));
        return s;
    }

    /** The figures of a whole watch, from its first reading to its last, with {@code cpu_count} (the last reading's CPUs). */
    public static Map<String, Object> whole(ProcCounters first, ProcCounters last) {
        Map<String, Object> m = between(first, last);
        m.put("cpu_count", (long) Math.max(0, last.cpus().size() - 1));
        return m;
    }

    /** The shares of one CPU's (or all CPUs') jiffies in a span, in percent; all 0 when no jiffy passed. */
    static Map<String, Object> percentages(CpuTimes d) {
        long total = d.total();
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("busy_pct", percent(d.busy(), total));
        p.put("user_pct", percent(d.user() + d.nice(), total));
        p.put("sys_pct", percent(d.system() + d.irq(), total));
        p.put("softirq_pct", percent(d.softirq(), total));
        p.put("idle_pct", percent(d.idle() + d.iowait(), total));
        return p;
    }

    private static double percent(long part, long total) {
        return total <= 0 ? 0.0 : Math.max(0, Math.min(100, 100.0 * part / total));
    }
}
