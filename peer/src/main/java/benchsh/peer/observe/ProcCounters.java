package benchsh.peer.observe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A host's counters at one instant: CPU times ({@code /proc/stat}), interface counters
 * ({@code /proc/net/dev}), softnet backlog drops ({@code /proc/net/softnet_stat}) and, where tc prints them,
 * each interface's root qdisc drops ({@code tc -s qdisc show}). A file that is missing or unreadable leaves
 * its family empty; it is not an error (e.g. a host that is not Linux). Read here by the peer
 * ({@link #read}), or made from the same texts read elsewhere, e.g. over SSH ({@link #parse}). Immutable.
 *
 * @param nanos       when they were read, in nanoseconds of a clock that only has to be the same for every
 *                    reading of one watch ({@link System#nanoTime()} here, the host's uptime over SSH)
 * @param qdiscDrops  the root qdiscs' drops by interface; empty when tc was not run or printed no statistics
 */
public record ProcCounters(long nanos, Map<String, CpuTimes> cpus, Map<String, InterfaceCounters> interfaces, OptionalLong softnetDrops,
                           Optional<Map<String, Long>> qdiscDrops) {
    public ProcCounters {
        cpus = Collections.unmodifiableMap(new LinkedHashMap<>(cpus));
        interfaces = Collections.unmodifiableMap(new LinkedHashMap<>(interfaces));
        qdiscDrops = qdiscDrops.map(q -> Collections.unmodifiableMap(new LinkedHashMap<>(q)));
    }

    /**
     * Reads the counters now.
     *
     * @param proc     the proc file system's root, normally /proc
     * @param loopback whether {@code lo} is counted
     * @param tc       where the qdisc statistics come from
     */
    static ProcCounters read(Path proc, boolean loopback, TcQdiscs tc) {
        long now = System.nanoTime();
        return parse(now, text(proc.resolve("stat")), text(proc.resolve("net/dev")), text(proc.resolve("net/softnet_stat")), tc.read(),
                loopback);
    }

    /**
     * The counters in these texts, as the files and tc print them; an empty text leaves its family out.
     *
     * @param qdiscs what {@code tc -s qdisc show} printed, or null when it was not run
     */
    public static ProcCounters parse(long nanos, String stat, String netDev, String softnetStat, String qdiscs, boolean loopback) {
        return new ProcCounters(nanos, CpuTimes.parse(stat), InterfaceCounters.parse(netDev, loopback), SoftnetStat.dropped(softnetStat),
                qdiscs == null ? Optional.empty() : QdiscStats.dropped(qdiscs, loopback));
    }

    private static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
