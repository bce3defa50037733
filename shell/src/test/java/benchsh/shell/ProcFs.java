package benchsh.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** What /proc tells about a process: its sockets, the ports it has on an address and its open files (for fault tests; Linux only). */
public final class ProcFs {
    private ProcFs() {
    }

    public static boolean available() {
        return Files.isReadable(Path.of("/proc/self/net/tcp"));
    }

    /** The targets of the process's open file descriptors ("socket:[123]", "/tmp/x", "pipe:[4]"); empty when it is gone. */
    public static List<String> openFiles(long pid) {
        List<String> targets = new java.util.ArrayList<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    targets.add(Files.readSymbolicLink(fd).toString());
                } catch (IOException e) {
                    // closed meanwhile
                }
            }
        } catch (IOException e) {
            // the process is gone
        }
        return targets;
    }

    /** Inodes of the process's sockets. */
    public static Set<String> socketInodes(long pid) {
        Set<String> inodes = new HashSet<>();
        for (String target : openFiles(pid)) {
            if (target.startsWith("socket:[")) {
                inodes.add(target.substring(8, target.length() - 1));
            }
        }
        return inodes;
    }

    /**
     * Inodes of the process's TCP and UDP sockets (IPv4 and IPv6): its data sockets, without the Unix socket pair
     * that Java 22+ opens on a process's first socket close and keeps (the JDK's pre-close descriptor).
     */
    public static Set<String> inetSocketInodes(long pid) {
        Set<String> all = socketInodes(pid);
        Set<String> inet = new HashSet<>();
        for (String file : List.of("tcp", "tcp6", "udp", "udp6")) {
            try {
                List<String> lines = Files.readAllLines(Path.of("/proc", Long.toString(pid), "net", file));
                for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                    String[] f = line.trim().split("\\s+");
                    if (f.length > 9 && all.contains(f[9])) {
                        inet.add(f[9]);
                    }
                }
            } catch (IOException e) {
                // the process is gone, or no such table
            }
        }
        return inet;
    }

    /**
     * Local ports of the process's {@code proto} sockets (tcp or udp, any state) bound to the IPv4 {@code address}
     * (also as an IPv4-mapped IPv6 address, as Java's sockets often are).
     */
    public static Set<Integer> portsOn(long pid, String proto, java.net.Inet4Address address) throws IOException {
        byte[] a = address.getAddress();
        String hex = String.format("%02X%02X%02X%02X", a[3], a[2], a[1], a[0]); // /proc prints the 32-bit word in host order
        Set<String> inodes = socketInodes(pid);
        Set<Integer> ports = new HashSet<>();
        for (String file : List.of(proto, proto + "6")) {
            List<String> lines = Files.readAllLines(Path.of("/proc", Long.toString(pid), "net", file));
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.trim().split("\\s+");
                String[] local = f[1].split(":");
                if ((local[0].equals(hex) || local[0].equals("0000000000000000FFFF0000" + hex)) && inodes.contains(f[9])) {
                    ports.add(Integer.parseInt(local[1], 16));
                }
            }
        }
        return ports;
    }
}
