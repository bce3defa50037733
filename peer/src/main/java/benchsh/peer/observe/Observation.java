package benchsh.peer.observe;

import benchsh.peer.workload.Interval;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a host did between readings of its counters, as the observe workload reports it ({@link Load}): for an
 * interval sample ({@link #interval}), or over a whole watch with its CPU count ({@link #whole}); the same whether the
 * peer read the counters or the shell read their texts over SSH ({@link ProcCounters#parse}). Stateless.
 */
public final class Observation {
    private Observation() {
    }

    /** The figures between {@code from} and {@code to}. */
    public static Load between(ProcCounters from, ProcCounters to) {
        Map<String, Load.CpuShares> cpu = new LinkedHashMap<>();
        to.cpus().forEach((label, now) -> {
            CpuTimes before = from.cpus().get(label);
            if (before != null) {
                cpu.put(label.equals("cpu") ? Load.ALL : label, Load.CpuShares.of(now.since(before)));
            }
        });
        Map<String, InterfaceCounters> interfaces = new LinkedHashMap<>();
        to.interfaces().forEach((name, now) -> {
            InterfaceCounters before = from.interfaces().get(name);
            if (before != null) {
                interfaces.put(name, now.since(before));
            }
        });
        Long softnet = from.softnetDrops().isPresent() && to.softnetDrops().isPresent()
                ? to.softnetDrops().getAsLong() - from.softnetDrops().getAsLong() : null;
        Map<String, Long> qdiscs = null;
        if (from.qdiscDrops().isPresent() && to.qdiscDrops().isPresent()) {
            Map<String, Long> before = from.qdiscDrops().get();
            Map<String, Long> grown = new LinkedHashMap<>();
            to.qdiscDrops().get().forEach((name, now) -> {
                if (before.containsKey(name)) {
                    grown.put(name, now - before.get(name));
                }
            });
            qdiscs = grown;
        }
        return new Load((to.nanos() - from.nanos()) / 1e9, cpu, interfaces, softnet, qdiscs);
    }

    /** One interval sample of a watch that began with {@code first}: its span in seconds since {@code first}, and the figures between {@code from} and {@code to}. */
    public static Interval<Load> interval(ProcCounters first, ProcCounters from, ProcCounters to) {
        return new Interval<>((from.nanos() - first.nanos()) / 1e9, (to.nanos() - first.nanos()) / 1e9, between(from, to));
    }

    /** The figures of a whole watch, from its first reading to its last, with the last reading's CPU count. */
    public static ObserveWorkload.Report whole(ProcCounters first, ProcCounters last) {
        return new ObserveWorkload.Report(between(first, last), Math.max(0, last.cpus().size() - 1));
    }
}
