package benchsh.peer.observe;

import benchsh.peer.metric.Each;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Prefix;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a host did between two readings of its counters ({@link Observation#between}): the span; for {@code all}
 * CPUs and each {@code cpuN} the shares of its jiffies ({@link CpuShares}); for each interface what its counters grew
 * by; what the softnet backlog drops grew by (null where /proc does not tell); what each interface's root qdisc dropped
 * (null where tc printed no statistics). A family missing from either reading is empty; a CPU or interface that appeared
 * or vanished in between is left out. The observe workload's interval figures,
 * and with the CPU count its report. Immutable.
 */
public record Load(@Metric(unit = Unit.SECONDS, means = "the span between the two readings") double seconds,
                   @Each("cpu") @Prefix("cpu_{cpu}_") Map<String, CpuShares> cpu,
                   @Each("iface") @Prefix("{iface}_") Map<String, InterfaceCounters> interfaces,
                   @Metric(unit = Unit.COUNT, means = "packets dropped because a CPU's input backlog was full (/proc/net/softnet_stat)")
                   @OrNull Long softnetDrops,
                   @Metric(unit = Unit.COUNT, name = "{iface}_qdisc_drops", means = "packets the interface's root qdisc dropped (tc -s qdisc show)")
                   @Each("iface") @OrNull Map<String, Long> qdiscDrops) {
    /** The label of all CPUs together in {@link #cpu}. */
    public static final String ALL = "all";

    public Load {
        cpu = Collections.unmodifiableMap(new LinkedHashMap<>(cpu));
        interfaces = Collections.unmodifiableMap(new LinkedHashMap<>(interfaces));
        qdiscDrops = qdiscDrops == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(qdiscDrops));
    }

    /** The shares of one CPU's (or all CPUs') jiffies in a span, in percent; all 0 when no jiffy passed. */
    public record CpuShares(@Metric(unit = Unit.PERCENT, means = "busy (100 − idle − iowait)") double busyPct,
                            @Metric(unit = Unit.PERCENT, means = "in user code (user and nice)") double userPct,
                            @Metric(unit = Unit.PERCENT, means = "in the kernel (system and hard interrupts)") double sysPct,
                            @Metric(unit = Unit.PERCENT, means = "in soft interrupts (where packets are forwarded)") double softirqPct,
                            @Metric(unit = Unit.PERCENT, means = "idle or waiting for I/O") double idlePct) {
        static CpuShares of(CpuTimes d) {
            long total = d.total();
            return new CpuShares(percent(d.busy(), total), percent(d.user() + d.nice(), total), percent(d.system() + d.irq(), total),
                    percent(d.softirq(), total), percent(d.idle() + d.iowait(), total));
        }

        private static double percent(long part, long total) {
            return total <= 0 ? 0.0 : Math.max(0, Math.min(100, 100.0 * part / total));
        }
    }
}
