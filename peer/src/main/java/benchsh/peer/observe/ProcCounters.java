package benchsh.peer.observe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A host's counters at one instant, read from /proc: CPU times ({@code stat}), interface counters
 * ({@code net/dev}) and softnet backlog drops ({@code net/softnet_stat}). A file that is missing or
 * unreadable leaves its family empty; it is not an error (e.g. a host that is not Linux). Immutable.
 *
 * @param nanos when they were read, {@link System#nanoTime()}
 */
public record ProcCounters(long nanos, Map<String, CpuTimes> cpus, Map<String, InterfaceCounters> interfaces, OptionalLong softnetDrops) {
    public ProcCounters {
        cpus = Collections.unmodifiableMap(new LinkedHashMap<>(cpus));
        interfaces = Collections.unmodifiableMap(new LinkedHashMap<>(interfaces));
    }

    /**
     * Reads the counters now.
     *
     * @param proc     the proc file system's root, normally /proc
     * @param loopback whether {@code lo} is counted
     */
    public static ProcCounters read(Path proc, boolean loopback) {
        long now = System.nanoTime();
        String stat = text(proc.resolve("stat"));
        String dev = text(proc.resolve("net/dev"));
        String softnet = text(proc.resolve("net/softnet_stat"));
        return new ProcCounters(now, CpuTimes.parse(stat), InterfaceCounters.parse(dev, loopback), SoftnetStat.dropped(softnet));
    }

    private static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
