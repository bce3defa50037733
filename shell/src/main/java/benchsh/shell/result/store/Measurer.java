package benchsh.shell.result.store;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Who measured, as a shared store records it with every session: the machine (its hostname) and the
 * operating-system user that ran benchsh. Immutable.
 */
public record Measurer(String machine, String user) {
    /** This machine and user: the kernel's hostname (Linux), else what Java resolves for it; {@code user.name}. */
    public static Measurer current() {
        return new Measurer(hostname(), System.getProperty("user.name", "unknown"));
    }

    private static String hostname() {
        try {
            String h = Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.UTF_8).trim();
            if (!h.isEmpty()) {
                return h;
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: ask Java
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
