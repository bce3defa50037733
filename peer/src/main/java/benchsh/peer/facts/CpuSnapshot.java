package benchsh.peer.facts;

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
 */
public record CpuSnapshot(long busyJiffies, long totalJiffies, long processCpuNanos) {

    public static CpuSnapshot now() {
        long busy = 0;
        long total = 0;
        try (var lines = Files.lines(Path.of("/proc/stat"))) {
            String cpu = lines.filter(l -> l.startsWith("cpu ")).findFirst().orElse(null);
            if (cpu != null) {
                String[] f = cpu.trim().split("\\s+");
                for (int i = 1; i < f.length && i <= 8; i++) {
                    long v = Long.parseLong(f[i]);
                    total += v;
                    if (i != 4 && i != 5) {
                        busy += v;
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: host CPU unknown, reported as 0
        }
        return new CpuSnapshot(busy, total, readProcessCpuNanos());
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
