package benchsh.peer.facts;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What a peer tells the shell about its host in the handshake: hostname, kernel, OS, CPU (and the CPUs
 * the peer may run on), memory, JVM, NICs and mounts. Read from /proc and /sys; fields that cannot be read are left out.
 */
public final class HostFacts {
    private HostFacts() {
    }

    public static Map<String, Object> collect() {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("hostname", hostname());
        f.put("kernel", firstLine(Path.of("/proc/sys/kernel/osrelease"), System.getProperty("os.version")));
        f.put("os", osName());
        f.put("arch", System.getProperty("os.arch"));
        f.put("cpu_model", cpuModel());
        f.put("cpu_count", (long) CpuSnapshot.now().cpus());
        f.put("cpus_allowed", cpusAllowed(Path.of("/proc/self/status")));
        f.put("cpu_governor", firstLine(Path.of("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"), null));
        f.put("memory_bytes", memTotalBytes());
        f.put("java", System.getProperty("java.version"));
        f.put("java_vendor", System.getProperty("java.vendor"));
        f.put("nics", nics());
        f.put("mounts", Mounts.list().stream().map(Mounts.Mount::toMap).toList());
        f.values().removeIf(v -> v == null);
        return f;
    }

    static String hostname() {
        String h = firstLine(Path.of("/proc/sys/kernel/hostname"), null);
        if (h != null) {
            return h;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    static String osName() {
        try (Stream<String> lines = Files.lines(Path.of("/etc/os-release"))) {
            return lines.filter(l -> l.startsWith("PRETTY_NAME="))
                    .map(l -> l.substring(12).replace("\"", ""))
                    .findFirst().orElse(System.getProperty("os.name"));
        } catch (IOException | RuntimeException e) {
            return System.getProperty("os.name");
        }
    }

    static String cpuModel() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("model name") || l.startsWith("Model"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse(null);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The CPUs this process may run on, as {@code Cpus_allowed_list} gives them (e.g. {@code 1} under
     * {@code taskset -c 1}, {@code 0-1} unpinned on two CPUs); null when unreadable.
     *
     * @param status a process's {@code /proc/PID/status}
     */
    public static String cpusAllowed(Path status) {
        try (Stream<String> lines = Files.lines(status)) {
            return lines.filter(l -> l.startsWith("Cpus_allowed_list:"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .filter(l -> !l.isEmpty())
                    .findFirst().orElse(null);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static Long memTotalBytes() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/meminfo"))) {
            return lines.filter(l -> l.startsWith("MemTotal:"))
                    .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024)
                    .findFirst().orElse(null);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Network interfaces from /sys/class/net: name, MTU, speed in Mbit/s (when the driver tells), driver, state. */
    static List<Map<String, Object>> nics() {
        List<Map<String, Object>> out = new ArrayList<>();
        Path root = Path.of("/sys/class/net");
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path dir : dirs.sorted().toList()) {
                Map<String, Object> nic = new LinkedHashMap<>();
                nic.put("name", dir.getFileName().toString());
                nic.put("mtu", parseLong(firstLine(dir.resolve("mtu"), null)));
                Long speed = parseLong(firstLine(dir.resolve("speed"), null));
                nic.put("speed_mbps", speed != null && speed > 0 ? speed : null);
                nic.put("state", firstLine(dir.resolve("operstate"), null));
                nic.put("address", firstLine(dir.resolve("address"), null));
                try {
                    nic.put("driver", Files.readSymbolicLink(dir.resolve("device/driver")).getFileName().toString());
                } catch (IOException | UnsupportedOperationException e) {
                    nic.put("driver", null);
                }
                nic.values().removeIf(v -> v == null);
                out.add(nic);
            }
        } catch (IOException e) {
            return out;
        }
        return out;
    }

    static String firstLine(Path p, String fallback) {
        try {
            List<String> lines = Files.readAllLines(p);
            return lines.isEmpty() ? fallback : lines.get(0).trim();
        } catch (IOException | RuntimeException e) {
            return fallback;
        }
    }

    private static Long parseLong(String s) {
        try {
            return s == null ? null : Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
