package benchsh.peer.fs;

import benchsh.peer.facts.Mounts;
import benchsh.peer.protocol.Endpoint;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.Role;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideBase;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Mounts a file system for a test with the host's own {@code mount} (role "mount") and unmounts it
 * after (role "umount"). NFS sources ({@code server:/export}) mount as type nfs, {@code tmpfs} as
 * tmpfs, anything else needs {@code type}. Needs root, or passwordless {@code sudo -n}; says so when
 * neither is there. Refuses (REFUSED, at open) a mount point that is a link, not a directory or already
 * mounted on, and unmounts only a point it is told to and that is a mount point; without root or sudo,
 * or without the tool, the side is REFUSED when it runs; a failing tool is IO.
 */
public final class MountWorkload implements Workload {
    public static final String NAME = "mount";
    static final Duration TOOL_TIMEOUT = Duration.ofSeconds(60);

    /**
     * Role "mount": mounts {@code source} on the directory {@code at}.
     *
     * @param type    the file system type; null to tell it from the source (nfs, tmpfs)
     * @param options mount options (mount -o), or null
     */
    public record Mount(String source, String at, @OrNull String type, @OrNull String options) {
        public Mount {
            SafePaths.specPath("at", at);
            if (source == null || source.isBlank()) {
                throw new IllegalArgumentException("mount needs a source, e.g. server:/export");
            }
            for (String v : new String[] {source, type, options}) {
                if (v != null && (v.startsWith("-") || v.chars().anyMatch(Character::isISOControl))) {
                    throw new IllegalArgumentException("mount: refused argument '" + v + "'");
                }
            }
        }

        /** The type to give mount -t, or null when it cannot be told. */
        String fsType() {
            if (type != null) {
                return type;
            }
            if (source.contains(":/")) {
                return "nfs";
            }
            return source.equals("tmpfs") ? "tmpfs" : null;
        }
    }

    /** Role "umount": unmounts the mount point {@code at}. */
    public record Umount(String at) {
        public Umount {
            SafePaths.specPath("at", at);
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, Role> roles() {
        return Map.of("mount", Role.of(Mount.class, Report.class), "umount", Role.of(Umount.class, Report.class));
    }

    /** What a mount or umount reports: the file system now mounted at the mount point (none after an umount). */
    public record Report(@OrNull FsFacts fs) {
    }

    @Override
    public Side open(String role, Record spec, Link link, SideContext context) throws IOException {
        if (spec instanceof Mount m) {
            Path at = SafePaths.specPath("at", m.at());
            if (m.fsType() == null) {
                throw new RefusedException("cannot tell the file system type of '" + m.source() + "'; give type:, e.g. type: 'nfs'");
            }
            SafePaths.refuseSpecial(at);
            if (!Files.isDirectory(at, LinkOption.NOFOLLOW_LINKS)) {
                throw new RefusedException("mount point " + at + " is not a directory; create it first");
            }
            if (isMountPoint(at)) {
                throw new RefusedException(at + " is already a mount point; benchsh mounts only on a free directory");
            }
            return new ToolSide(context, () -> mount(m, at));
        }
        Path at = SafePaths.specPath("at", ((Umount) spec).at());
        if (!isMountPoint(at)) {
            throw new RefusedException(at + " is not a mount point; nothing to unmount");
        }
        return new ToolSide(context, () -> umount(at));
    }

    /** Runs the tool and says what it did. */
    @FunctionalInterface
    private interface Tool {
        Report run() throws IOException;
    }

    /** Runs mount or umount once; bounded by {@link #TOOL_TIMEOUT}, so a cancel waits for it. */
    private static final class ToolSide extends SideBase {
        private final Tool tool;
        private Report result = new Report(null);

        ToolSide(SideContext context, Tool tool) {
            super(Meter.Unit.BYTES, 1, Duration.ZERO, Duration.ofSeconds(1), TOOL_TIMEOUT, context);
            this.tool = tool;
        }

        @Override
        public Endpoint endpoint() {
            return null;
        }

        @Override
        protected void work() {
            try {
                result = tool.run();
            } catch (IOException e) {
                fail(FsErrors.kind(e), e.getMessage());
            }
        }

        @Override
        protected Report report() {
            return result;
        }
    }

    private static Report mount(Mount s, Path at) throws IOException {
        List<String> command = privileged("mount");
        command.addAll(List.of("-t", s.fsType()));
        if (s.options() != null) {
            command.addAll(List.of("-o", s.options()));
        }
        command.add(s.source());
        command.add(at.toString());
        Commands.Output out = Commands.run(command, TOOL_TIMEOUT);
        if (out.exit() != 0) {
            throw new IOException("'" + String.join(" ", command) + "' failed (exit " + out.exit() + "): " + out.text()
                    + (s.fsType().startsWith("nfs") ? " (NFS mounts need the kernel's NFS client and nfs-common's mount.nfs)" : ""));
        }
        return new Report(FsFacts.of(at));
    }

    private static Report umount(Path at) throws IOException {
        List<String> command = privileged("umount");
        command.add(at.toString());
        Commands.Output out = Commands.run(command, TOOL_TIMEOUT);
        if (out.exit() != 0) {
            throw new IOException("'" + String.join(" ", command) + "' failed (exit " + out.exit() + "): " + out.text());
        }
        return new Report(null);
    }

    static boolean isMountPoint(Path at) {
        String p = at.toAbsolutePath().normalize().toString();
        return Mounts.list().stream().anyMatch(m -> m.point().equals(p));
    }

    /** The tool's command line, through {@code sudo -n} when not root; explains what is missing otherwise. */
    private static List<String> privileged(String tool) throws IOException {
        Path binary = Commands.find(tool);
        if (binary == null) {
            throw new RefusedException("the '" + tool + "' tool is missing on this host; install util-linux (and nfs-common for NFS)");
        }
        List<String> command = new ArrayList<>();
        if (!isRoot()) {
            Path sudo = Commands.find("sudo");
            if (sudo == null || Commands.run(List.of(sudo.toString(), "-n", "true"), Duration.ofSeconds(10)).exit() != 0) {
                throw new RefusedException("mounting needs root or passwordless sudo on this host, and this peer runs as user "
                        + System.getProperty("user.name") + " without them; run the peer as root or allow 'sudo -n " + tool + "'");
            }
            command.add(sudo.toString());
            command.add("-n");
        }
        command.add(binary.toString());
        return command;
    }

    static boolean isRoot() {
        try {
            return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).intValue() == 0;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
