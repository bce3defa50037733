package benchsh.peer.fs;

import benchsh.peer.facts.Mounts;
import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.LegacyWorkload;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Mounts a file system for a test with the host's own {@code mount} (role "mount") and unmounts it
 * after (role "umount"). NFS sources ({@code server:/export}) mount as type nfs, {@code tmpfs} as
 * tmpfs, anything else needs {@code type}. Needs root, or passwordless {@code sudo -n}; says so when
 * neither is there. Refuses a mount point that is a link, not a directory or already mounted on;
 * unmounts only a point it is told to and that is a mount point.
 */
public final class MountWorkload extends LegacyWorkload {
    static final Duration TOOL_TIMEOUT = Duration.ofSeconds(60);

    @Override
    public String name() {
        return "mount";
    }

    record Spec(String role, String source, Path at, String type, String options) {
        static Spec parse(String role, Fields f) throws ProtocolException {
            if (!role.equals("mount") && !role.equals("umount")) {
                throw new ProtocolException("mount has no role '" + role + "' (mount, umount)");
            }
            Path at;
            try {
                at = SafePaths.absolute(f.string("at"));
            } catch (IOException e) {
                throw new ProtocolException(e.getMessage());
            }
            Spec s = new Spec(role, f.optString("source"), at, f.optString("type"), f.optString("options"));
            f.end();
            if (role.equals("mount") && s.source == null) {
                throw new ProtocolException("mount needs a source, e.g. server:/export");
            }
            for (String v : new String[] {s.source, s.type, s.options}) {
                if (v != null && (v.startsWith("-") || v.chars().anyMatch(Character::isISOControl))) {
                    throw new ProtocolException("mount: refused argument '" + v + "'");
                }
            }
            return s;
        }

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

    @Override
    protected Side open(String role, Fields spec, SideContext context) throws IOException {
        Spec s = Spec.parse(role, spec);
        return new Side() {
            @Override
            public Map<String, Object> endpoint() {
                return Map.of();
            }

            @Override
            public Outcome run() {
                try {
                    return new Outcome(s.role.equals("mount") ? mount(s) : umount(s), List.of(), null);
                } catch (IOException e) {
                    return Outcome.failed(e.getMessage());
                }
            }

            @Override
            public void cancel() {
                // mount and umount are bounded by TOOL_TIMEOUT
            }
        };
    }

    private static Map<String, Object> mount(Spec s) throws IOException {
        if (s.fsType() == null) {
            throw new IOException("cannot tell the file system type of '" + s.source + "'; give type:, e.g. type: 'nfs'");
        }
        SafePaths.refuseSpecial(s.at);
        if (!Files.isDirectory(s.at, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("mount point " + s.at + " is not a directory; create it first");
        }
        if (isMountPoint(s.at)) {
            throw new IOException(s.at + " is already a mount point; benchsh mounts only on a free directory");
        }
        List<String> command = privileged("mount");
        command.addAll(List.of("-t", s.fsType()));
        if (s.options != null) {
            command.addAll(List.of("-o", s.options));
        }
        command.add(s.source);
        command.add(s.at.toString());
        Commands.Output out = Commands.run(command, TOOL_TIMEOUT);
        if (out.exit() != 0) {
            throw new IOException("'" + String.join(" ", command) + "' failed (exit " + out.exit() + "): " + out.text()
                    + (s.fsType().startsWith("nfs") ? " (NFS mounts need the kernel's NFS client and nfs-common's mount.nfs)" : ""));
        }
        Map<String, Object> m = new LinkedHashMap<>(FsFacts.of(s.at, ""));
        m.put("mounted", true);
        return m;
    }

    private static Map<String, Object> umount(Spec s) throws IOException {
        if (!isMountPoint(s.at)) {
            throw new IOException(s.at + " is not a mount point; nothing to unmount");
        }
        List<String> command = privileged("umount");
        command.add(s.at.toString());
        Commands.Output out = Commands.run(command, TOOL_TIMEOUT);
        if (out.exit() != 0) {
            throw new IOException("'" + String.join(" ", command) + "' failed (exit " + out.exit() + "): " + out.text());
        }
        return Map.of("unmounted", true);
    }

    static boolean isMountPoint(Path at) {
        String p = at.toAbsolutePath().normalize().toString();
        return Mounts.list().stream().anyMatch(m -> m.point().equals(p));
    }

    /** The tool's command line, through {@code sudo -n} when not root; explains what is missing otherwise. */
    private static List<String> privileged(String tool) throws IOException {
        Path binary = Commands.find(tool);
        if (binary == null) {
            throw new IOException("the '" + tool + "' tool is missing on this host; install util-linux (and nfs-common for NFS)");
        }
        List<String> command = new ArrayList<>();
        if (!isRoot()) {
            Path sudo = Commands.find("sudo");
            if (sudo == null || Commands.run(List.of(sudo.toString(), "-n", "true"), Duration.ofSeconds(10)).exit() != 0) {
                throw new IOException("mounting needs root or passwordless sudo on this host, and this peer runs as user "
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
