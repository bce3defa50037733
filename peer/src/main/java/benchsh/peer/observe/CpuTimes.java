package benchsh.peer.observe;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One CPU's (or all CPUs') time from /proc/stat, in jiffies (USER_HZ ticks) since boot: user, nice,
 * system, idle, iowait, irq, softirq and steal. Kernels before 2.6.11 have no steal column and those
 * before 2.6 no iowait, irq or softirq; missing columns read as 0. The guest columns are already counted
 * in user and nice (proc(5)), so they are left out. Immutable.
 */
public record CpuTimes(long user, long nice, long system, long idle, long iowait, long irq, long softirq, long steal) {

    /** All eight added up. */
    public long total() {
        return user + nice + system + idle + iowait + irq + softirq + steal;
    }

    /** The time not idle and not waiting for I/O. */
    public long busy() {
        return total() - idle - iowait;
    }

    /** Each field less {@code earlier}'s: the jiffies spent in between. */
    public CpuTimes since(CpuTimes earlier) {
        return new CpuTimes(user - earlier.user, nice - earlier.nice, system - earlier.system, idle - earlier.idle, iowait - earlier.iowait,
                irq - earlier.irq, softirq - earlier.softirq, steal - earlier.steal);
    }

    /**
     * Every {@code cpu} and {@code cpuN} line of a /proc/stat text, by its label, in the file's order.
     * Lines that are not CPU lines or do not parse are skipped.
     */
    public static Map<String, CpuTimes> parse(String procStat) {
        Map<String, CpuTimes> out = new LinkedHashMap<>();
        for (String line : procStat.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 5 || !f[0].matches("cpu[0-9]*")) {
                continue;
            }
            try {
                long[] v = new long[8];
                for (int i = 0; i < v.length && i + 1 < f.length; i++) {
                    v[i] = Long.parseLong(f[i + 1]);
                }
                out.put(f[0], new CpuTimes(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]));
            } catch (NumberFormatException e) {
                // a line this parser does not understand: that CPU is left out
            }
        }
        return out;
    }
}
