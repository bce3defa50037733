package benchsh.peer.facts;

import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Host and process CPU counters at one instant: /proc/stat jiffies (all CPUs) and this JVM's CPU
 * time. Two snapshots give the host utilization and the process's own CPU over the interval
 * between them, as netperf's -c/-C do. Immutable.
 *
 * @param busyJiffies  user+nice+system+irq+softirq+steal over all CPUs
 * @param totalJiffies busy plus idle and iowait
 * @param processCpuNanos CPU time of this process
 * @param cpus the CPUs those jiffies are summed over (the {@code cpuN} lines of /proc/stat): the host's online
 *             CPUs, not the ones this process may run on (a taskset or a container's quota gives the JVM fewer);
 *             {@code availableProcessors()} where /proc/stat cannot be read
 */
public record CpuSnapshot(long busyJiffies, long totalJiffies, long processCpuNanos, int cpus) {

    public static CpuSnapshot now() {
        long busy = 0;
        long total = 0;
        int cpus = 0;
        try (BufferedReader in = Files.newBufferedReader(Path.of("/proc/stat"))) {
            // the "cpu" line, then one "cpuN" line per online CPU; what follows (intr, ...) is not read
            for (String line = in.readLine(); line != null && line.startsWith("cpu"); line = in.readLine()) {
                if (line.startsWith("cpu ")) {
                    String[] f = line.trim().split("\\s+");
                    for (int i = 1; i < f.length && i <= 8; i++) {
                        long v = Long.parseLong(f[i]);
                        total += v;
                        if (i != 4 && i != 5) {
                            busy += v;
                        }
                    }
                } else if (line.length() > 3 && Character.isDigit(line.charAt(3))) {
                    cpus++;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: host CPU unknown, reported as 0
        }
        return new CpuSnapshot(busy, total, readProcessCpuNanos(), cpus > 0 ? cpus : Runtime.getRuntime().availableProcessors());
    }

    private static long readProcessCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return 0;
    }

    /** Host CPU utilization in percent of all CPUs between {@code earlier} and this. */
    public double hostPercentSince(CpuSnapshot earlier) {
        long total = totalJiffies - earlier.totalJiffies;
        return total <= 0 ? 0 : 100.0 * (busyJiffies - earlier.busyJiffies) / total;
    }

    public double processSecondsSince(CpuSnapshot earlier) {
        return (processCpuNanos - earlier.processCpuNanos) / 1e9;
    }
}
