package benchsh.shell.observe;

import benchsh.peer.metric.Each;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Prefix;
import benchsh.peer.metric.Unit;
import benchsh.peer.observe.InterfaceCounters;
import benchsh.peer.observe.Load;
import benchsh.peer.protocol.OrNull;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one observed host did during a test (or one of its interval samples), as a result's figures named after it:
 * flattened with {@code {host}} bound to its name ({@link ObservedNames#host}), {@code cpu_dut_pct},
 * {@code cpu_dut_user_pct}, {@code cpu_dut_cpu0_pct}, {@code dut_eth1_rx_drops}, {@code dut_softnet_drops},
 * {@code dut_drops}. Built from the observe workload's {@link Load}; interface names and CPU numbers become
 * identifier characters. Immutable.
 *
 * @param cpuCount         its CPUs (over the whole test only)
 * @param observedSeconds  how long it was watched (over the whole test only; NaN in a sample)
 * @param qdiscDrops       each interface's root qdisc drops; null where tc printed no statistics
 * @param drops            every interface's rx and tx drops, the softnet drops and the qdisc drops, added up; null when
 *                         none was counted
 * @param observedVia      how it was watched, peer or ssh (over the whole test only)
 * @param observeNote      what its watch could not count (over the whole test only), or null
 */
public record ObservedHost(
        @Metric(unit = Unit.PERCENT, name = "cpu_{host}_pct", means = "observed host: CPU busy (100 − idle − iowait), all CPUs, over the test")
        double busyPct,
        @Metric(unit = Unit.PERCENT, name = "cpu_{host}_user_pct", means = "observed host: CPU in user code (user and nice), all CPUs") double userPct,
        @Metric(unit = Unit.PERCENT, name = "cpu_{host}_sys_pct", means = "observed host: CPU in the kernel (system and hard interrupts), all CPUs")
        double sysPct,
        @Metric(unit = Unit.PERCENT, name = "cpu_{host}_softirq_pct", means = "observed host: CPU in soft interrupts (where packets are forwarded),"
                + " all CPUs") double softirqPct,
        @Metric(unit = Unit.PERCENT, name = "cpu_{host}_idle_pct", means = "observed host: CPU idle or waiting for I/O, all CPUs") double idlePct,
        @Metric(unit = Unit.PERCENT, name = "cpu_{host}_cpu{n}_pct", means = "observed host: CPU number n busy (100 − idle − iowait)") @Each("n")
        Map<String, Double> cpuBusyPct,
        @Metric(unit = Unit.COUNT, name = "{host}_cpu_count", means = "observed host: its CPUs") @OrNull Long cpuCount,
        @Metric(unit = Unit.SECONDS, name = "{host}_observed_seconds", means = "observed host: how long it was watched (the whole test, warm-up"
                + " included)") double observedSeconds,
        @Each("iface") @Prefix(value = "{host}_{iface}_", means = "observed host") Map<String, InterfaceCounters> interfaces,
        @Metric(unit = Unit.COUNT, name = "{host}_softnet_drops", means = "observed host: packets dropped because a CPU's input backlog was full"
                + " (/proc/net/softnet_stat)") @OrNull Long softnetDrops,
        @Metric(unit = Unit.COUNT, name = "{host}_{iface}_qdisc_drops", means = "observed host: packets the interface's root qdisc dropped (tc -s"
                + " qdisc show; a tbf's overflow)") @Each("iface") @OrNull Map<String, Long> qdiscDrops,
        @Metric(unit = Unit.COUNT, name = "{host}_qdisc_drops", means = "observed host: every interface's root qdisc drops, added up (absent where tc"
                + " prints no statistics)") @OrNull Long qdiscDropsAll,
        @Metric(unit = Unit.COUNT, name = "{host}_drops", means = "observed host: every interface's rx and tx drops, the softnet drops and the qdisc"
                + " drops, added up") @OrNull Long drops,
        @Metric(unit = Unit.TEXT, name = "{host}_observed_via", means = "observed host: how it was watched: peer (its benchsh peer) or ssh (its shell"
                + " read /proc over SSH)") @OrNull String observedVia,
        @Metric(unit = Unit.TEXT, name = "{host}_observe_note", means = "observed host: what its watch could not count, e.g. no qdisc drops where tc"
                + " prints no statistics") @OrNull String observeNote) {

    public ObservedHost {
        cpuBusyPct = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(cpuBusyPct));
        interfaces = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(interfaces));
        qdiscDrops = qdiscDrops == null ? null : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(qdiscDrops));
    }

    /**
     * The host over the whole test: the watch's {@code load} and its {@code cpus}, how it was watched ({@code via}:
     * peer or ssh) and what the watch could not count ({@code note}, or null).
     */
    public static ObservedHost whole(Load load, long cpus, String via, String note) {
        return of(load, cpus, load.seconds(), via, note);
    }

    /** The host in one interval sample. */
    public static ObservedHost sample(Load load) {
        return of(load, null, Double.NaN, null, null);
    }

    private static ObservedHost of(Load load, Long cpus, double seconds, String via, String note) {
        Load.CpuShares all = load.cpu().get(Load.ALL);
        Map<String, Double> perCpu = new LinkedHashMap<>();
        load.cpu().forEach((label, shares) -> {
            if (!label.equals(Load.ALL)) {
                perCpu.put(ObservedNames.identifier(label.startsWith("cpu") ? label.substring(3) : label), shares.busyPct());
            }
        });
        Map<String, InterfaceCounters> interfaces = new LinkedHashMap<>();
        long drops = 0;
        for (Map.Entry<String, InterfaceCounters> e : load.interfaces().entrySet()) {
            interfaces.put(ObservedNames.identifier(e.getKey()), e.getValue());
            drops += e.getValue().rxDrops() + e.getValue().txDrops();
        }
        if (load.softnetDrops() != null) {
            drops += load.softnetDrops();
        }
        Map<String, Long> qdiscs = null;
        Long qdiscsAll = null;
        if (load.qdiscDrops() != null) {
            qdiscs = new LinkedHashMap<>();
            long sum = 0;
            for (Map.Entry<String, Long> e : load.qdiscDrops().entrySet()) {
                qdiscs.put(ObservedNames.identifier(e.getKey()), e.getValue());
                sum += e.getValue();
            }
            qdiscsAll = sum;
            drops += sum;
        }
        boolean counted = !interfaces.isEmpty() || load.softnetDrops() != null || qdiscs != null;
        double nan = Double.NaN;
        return new ObservedHost(all == null ? nan : all.busyPct(), all == null ? nan : all.userPct(), all == null ? nan : all.sysPct(),
                all == null ? nan : all.softirqPct(), all == null ? nan : all.idlePct(), perCpu, cpus, seconds, interfaces, load.softnetDrops(), qdiscs,
                qdiscsAll, counted ? drops : null, via, note);
    }
}
