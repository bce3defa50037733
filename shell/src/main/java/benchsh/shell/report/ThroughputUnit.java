package benchsh.shell.report;

import java.util.List;
import java.util.Locale;

/**
 * The unit throughput is shown in. MB/s (10^6 bytes/s, as dd prints) by default; KByte/s is
 * netio's 1024 bytes/s. Immutable.
 *
 * @param bitsPerUnit how many bits per second one unit is
 */
public record ThroughputUnit(String name, double bitsPerUnit) {
    public static final ThroughputUnit MB_S = new ThroughputUnit("MB/s", 8e6);
    public static final List<ThroughputUnit> ALL = List.of(
            new ThroughputUnit("KByte/s", 8 * 1024.0),
            new ThroughputUnit("KB/s", 8e3),
            MB_S,
            new ThroughputUnit("MiB/s", 8.0 * 1024 * 1024),
            new ThroughputUnit("GB/s", 8e9),
            new ThroughputUnit("Kbit/s", 1e3),
            new ThroughputUnit("Mbit/s", 1e6),
            new ThroughputUnit("Gbit/s", 1e9));

    /** The unit of that name, ignoring case, with or without "/s"; "Mbps", "Gbps", "kbps" (bits) and "MBps" (bytes) too. */
    public static ThroughputUnit named(String name) {
        String n = name.strip();
        if (n.endsWith("bps")) {
            n = n.substring(0, n.length() - 3) + "bit/s"; // Mbps: megabits
        } else if (n.endsWith("Bps")) {
            n = n.substring(0, n.length() - 3) + "B/s"; // MBps: megabytes
        }
        for (ThroughputUnit u : ALL) {
            if (u.name.equalsIgnoreCase(n) || u.name.replace("/s", "").equalsIgnoreCase(n)) {
                return u;
            }
        }
        throw new IllegalArgumentException("unknown unit '" + name + "'; use one of " + ALL.stream().map(ThroughputUnit::name).toList());
    }

    /** The number alone, e.g. "83.0". */
    public String number(double bitsPerSecond) {
        if (Double.isNaN(bitsPerSecond)) {
            return "-";
        }
        double v = bitsPerSecond / bitsPerUnit;
        return String.format(Locale.ROOT, v >= 100 ? "%,.0f" : v >= 10 ? "%.1f" : "%.2f", v);
    }

    /** The number with the unit, e.g. "83.0 MB/s". */
    public String format(double bitsPerSecond) {
        return number(bitsPerSecond) + " " + name;
    }
}
