package benchsh.shell.host;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import java.util.function.LongPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The log a local peer's stderr goes to: {@code benchsh-local-peer-<shell pid>-<random>.log} in the temp directory,
 * created by the shell (owner-only) with a first line that only benchsh writes and that names the shell owning it:
 * {@code # benchsh local peer log: shell PID, boot BOOT-ID, pid namespace pid:[INODE]}. The peer's stderr is appended
 * below it. A shell removes its log when it exits; one killed with SIGKILL cannot, so the next shell sweeps
 * ({@link #sweep}): it removes only regular files of this user that carry the first line, and only when their shell is
 * certainly gone: it ran in an earlier boot, or in this boot and this PID namespace under a pid that no longer runs.
 * A log of a shell in another PID namespace (a container sharing /tmp), a file of another user and one without the
 * line are left alone. Immutable; the sweep is stateless.
 */
final class LocalPeerLog {
    static final String PREFIX = "benchsh-local-peer-";
    /** The first line's start; the rest is the shell's {@link Shell identity}. */
    static final String MARKER = "# benchsh local peer log: ";
    private static final Pattern OWNER = Pattern.compile(Pattern.quote(MARKER) + "shell (\\d+), boot (\\S+), pid namespace (\\S+)");
    /** Bytes read of a candidate's first line, at most. */
    private static final int HEAD = 256;

    private final Path file;

    private LocalPeerLog(Path file) {
        this.file = file;
    }

    /**
     * The shell that writes logs: its pid, the kernel's boot id and its PID namespace, each as /proc tells ("unknown"
     * where it does not, e.g. on another OS).
     */
    record Shell(long pid, String boot, String pidNamespace) {
        static Shell current() {
            return new Shell(ProcessHandle.current().pid(), read(() -> Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).strip()),
                    read(() -> Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString()));
        }

        private interface Source {
            String get() throws IOException;
        }

        private static String read(Source s) {
            try {
                String v = s.get();
                return v.isEmpty() || v.contains(" ") ? "unknown" : v;
            } catch (IOException | RuntimeException e) {
                return "unknown";
            }
        }

        String line() {
            return MARKER + "shell " + pid + ", boot " + boot + ", pid namespace " + pidNamespace;
        }

        /**
         * Whether the shell that wrote {@code owner} is certainly gone, as seen from this one: another boot, or this
         * boot and this PID namespace and its pid not running ({@code running}).
         */
        boolean outlived(Shell owner, LongPredicate running) {
            boolean bootsKnown = !boot.equals("unknown") && !owner.boot.equals("unknown");
            if (bootsKnown && !boot.equals(owner.boot)) {
                return true;
            }
            return boot.equals(owner.boot) && pidNamespace.equals(owner.pidNamespace) && !running.test(owner.pid);
        }
    }

    /** Creates this shell's log in {@code dir} (removed when the JVM exits), then sweeps the logs of shells that are gone. */
    static LocalPeerLog open(Path dir) throws IOException {
        Shell self = Shell.current();
        Path file = Files.createTempFile(dir, PREFIX + self.pid() + "-", ".log");
        file.toFile().deleteOnExit();
        Files.writeString(file, self.line() + "\n");
        sweep(dir, self, Files.getOwner(file, LinkOption.NOFOLLOW_LINKS), pid -> ProcessHandle.of(pid).isPresent());
        return new LocalPeerLog(file);
    }

    Path file() {
        return file;
    }

    /** Where the peer's stderr goes: appended below the first line. */
    Redirect stderr() {
        return Redirect.appendTo(file.toFile());
    }

    /** The last {@code n} lines the peer wrote, joined with " | "; empty when it wrote none. */
    String tail(int n) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<String> peer = lines.subList(Math.min(1, lines.size()), lines.size());
        return String.join(" | ", peer.subList(Math.max(0, peer.size() - n), peer.size()));
    }

    /**
     * Removes from {@code dir} the logs whose shell {@code self} {@link Shell#outlived}: regular files owned by
     * {@code me} whose first line names their shell. Returns how many it removed; never throws.
     *
     * @param running whether a pid of this PID namespace runs
     */
    static int sweep(Path dir, Shell self, UserPrincipal me, LongPredicate running) {
        int removed = 0;
        try (DirectoryStream<Path> logs = Files.newDirectoryStream(dir, PREFIX + "*.log")) {
            for (Path p : logs) {
                try {
                    PosixFileAttributes a = Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                    Shell owner = a.isRegularFile() && a.owner().equals(me) ? owner(p) : null;
                    if (owner != null && self.outlived(owner, running)) {
                        Files.deleteIfExists(p);
                        removed++;
                    }
                } catch (IOException | RuntimeException e) {
                    // gone meanwhile, not readable, or not a pid: left alone
                }
            }
        } catch (IOException e) {
            // the temp directory is unreadable: nothing to sweep
        }
        return removed;
    }

    /** The shell named by {@code p}'s first line, or null when it has none. */
    private static Shell owner(Path p) throws IOException {
        byte[] head;
        try (InputStream in = Files.newInputStream(p, LinkOption.NOFOLLOW_LINKS)) {
            head = in.readNBytes(HEAD);
        }
        String text = new String(head, StandardCharsets.UTF_8);
        int end = text.indexOf('\n');
        Matcher m = OWNER.matcher(end < 0 ? "" : text.substring(0, end));
        return m.matches() ? new Shell(Long.parseLong(m.group(1)), m.group(2), m.group(3)) : null;
    }
}
