package benchsh.peer.workload;

import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;

/**
 * The CPU a side's host and peer used over its measured span (netperf -c/-C), from /proc/stat and the JVM's own CPU
 * time ({@link benchsh.peer.facts.CpuSnapshot}). Immutable.
 */
public record SideCpu(@Metric(unit = Unit.PERCENT, means = "host CPU (all CPUs) over the measured span, on the side's host") double cpuPct,
                      @Metric(unit = Unit.COUNT, means = "the side's host's CPUs (the online CPUs `cpu_pct` is a share of, also where the peer"
                              + " may run on fewer: taskset, a container)") long cpuCount,
                      @Metric(unit = Unit.SECONDS, means = "CPU time of the side's peer process") double processCpuSeconds) {
    /** CPU microseconds the whole host spent per {@code amount} (KB, transactions) moved: netperf's service demand; NaN for none. */
    public double serviceDemand(double seconds, double amount) {
        return amount > 0 ? cpuPct / 100 * cpuCount * seconds * 1e6 / amount : Double.NaN;
    }
}
