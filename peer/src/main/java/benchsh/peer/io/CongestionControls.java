package benchsh.peer.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The congestion controls this host's kernel offers, as {@code /proc/sys/net/ipv4} lists them, for the words of a
 * refused TCP_CONGESTION. Stateless.
 */
final class CongestionControls {
    static final Path AVAILABLE = Path.of("/proc/sys/net/ipv4/tcp_available_congestion_control");
    static final Path ALLOWED = Path.of("/proc/sys/net/ipv4/tcp_allowed_congestion_control");
    private static final int EPERM = 1;
    private static final int ENOENT = 2;

    private CongestionControls() {
    }

    /**
     * Why the kernel refused congestion control {@code name} with {@code errno}, and what it offers instead: ENOENT, no
     * such algorithm (nor a module of that name it could load); EPERM, one this user may not choose.
     */
    static String refusal(String name, int errno, String described) {
        if (errno == ENOENT) {
            return "this kernel has no congestion control '" + name + "'; it offers " + list(AVAILABLE)
                    + " (net.ipv4.tcp_available_congestion_control; another needs its module loaded, e.g. modprobe tcp_" + name + ")";
        }
        if (errno == EPERM) {
            return "congestion control '" + name + "' is not allowed for this user: the kernel allows " + list(ALLOWED)
                    + " (net.ipv4.tcp_allowed_congestion_control; root may add it there)";
        }
        return "the kernel refused congestion control '" + name + "' (TCP_CONGESTION): " + described;
    }

    /** The names in {@code file}, or why they cannot be read. */
    static String list(Path file) {
        try {
            String names = Files.readString(file).strip();
            return names.isEmpty() ? "none" : String.join(", ", names.split("\\s+"));
        } catch (IOException e) {
            return "(cannot read " + file + ")";
        }
    }
}
