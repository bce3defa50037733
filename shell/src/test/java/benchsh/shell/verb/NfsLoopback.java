package benchsh.shell.verb;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A real NFS server and client on 127.0.0.1, in user space (see docs/development/nfs-testing.md):
 * rpcbind and nfs-ganesha (VFS backend) export a directory; a session dbus and gvfsd mount it through
 * gvfs's FUSE bridge (libnfs inside). Every process is our child and is ended by its PID (with the
 * helpers it spawned), never by name. Skips the calling test when packages, root or /dev/fuse are missing
 * ({@code .ci/install-nfs.sh} installs them).
 */
final class NfsLoopback implements AutoCloseable {
    private static final Duration STEP = Duration.ofSeconds(30);

    final Path state;
    final Path export;
    private final Path xdg;
    private final List<Process> started = new ArrayList<>();
    private Path mounted;
    private boolean gioMounted;

    private NfsLoopback(Path state) {
        this.state = state;
        this.export = state.resolve("export");
        this.xdg = state.resolve("xdg");
    }

    /** Starts everything under {@code state}; skips the test if the environment cannot. */
    static NfsLoopback start(Path state) throws Exception {
        for (String tool : List.of("/usr/bin/ganesha.nfsd", "/usr/bin/gio", "/usr/libexec/gvfsd", "/usr/libexec/gvfsd-nfs", "/usr/bin/dbus-daemon",
                "/usr/bin/fusermount3")) {
            Assumptions.assumeTrue(Files.isExecutable(Path.of(tool)), tool + " is missing; run .ci/install-nfs.sh");
        }
        Assumptions.assumeTrue(rpcbind() != null && rpcinfo() != null, "rpcbind/rpcinfo are missing; run .ci/install-nfs.sh");
        Assumptions.assumeTrue(Files.exists(Path.of("/dev/fuse")), "no /dev/fuse here");
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "nfs-ganesha needs root");
        Assumptions.assumeTrue(free(2049) && free(20048), "NFS ports 2049/20048 are in use (another NFS server runs here)");
        NfsLoopback n = new NfsLoopback(state);
        try {
            n.startServer();
            n.startClient();
        } catch (Exception | AssertionError e) {
            n.close();
            throw e;
        }
        return n;
    }

    /** The directory where the NFS export appears through FUSE. */
    Path mount() {
        return mounted;
    }

    private static boolean free(int port) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static Path rpcbind() {
        return first("/usr/sbin/rpcbind", "/sbin/rpcbind");
    }

    private static Path rpcinfo() {
        return first("/usr/bin/rpcinfo", "/usr/sbin/rpcinfo");
    }

    private static Path first(String... paths) {
        for (String p : paths) {
            if (Files.isExecutable(Path.of(p))) {
                return Path.of(p);
            }
        }
        return null;
    }

    private void startServer() throws Exception {
        Files.createDirectories(export);
        Files.createDirectories(state.resolve("recov"));
        Path conf = state.resolve("ganesha.conf");
        Files.writeString(conf, """
                NFS_CORE_PARAM { Bind_addr = 127.0.0.1; NFS_Port = 2049; MNT_Port = 20048; Protocols = 3, 4;
                  Enable_NLM = false; Enable_RQUOTA = false; Enable_UDP = false; Mount_Path_Pseudo = true; }
                NFSV4 { Graceless = true; RecoveryBackend = fs; RecoveryRoot = %s;
                  Minor_Versions = 0, 1, 2; Allow_Numeric_Owners = true; Only_Numeric_Owners = true; }
                NFS_KRB5 { Active_krb5 = false; }
                EXPORT_DEFAULTS { SecType = sys; Squash = no_root_squash; Access_Type = RW; }
                EXPORT { Export_Id = 1; Path = %s; Pseudo = /export; Protocols = 3, 4;
                  Transports = TCP; Access_Type = RW; Squash = no_root_squash; SecType = sys;
                  Attr_Expiration_Time = 0; FSAL { Name = VFS; } }
                MDCACHE { Use_Getattr_Directory_Invalidation = true; }
                LOG { Default_Log_Level = EVENT; }
                """.formatted(state.resolve("recov"), export));
        if (free(111)) {
            spawn("rpcbind", Map.of(), rpcbind().toString(), "-f", "-w");
            await("rpcbind", () -> !free(111));
        }
        spawn("ganesha", Map.of(), "/usr/bin/ganesha.nfsd", "-F", "-L", state.resolve("ganesha.log").toString(), "-f", conf.toString(),
                "-N", "NIV_EVENT", "-p", state.resolve("ganesha.pid").toString());
        await("nfs-ganesha (see " + state.resolve("ganesha.log") + ")", () -> run(Map.of(), rpcinfo().toString(), "-t", "127.0.0.1", "nfs", "3") == 0);
    }

    private Map<String, String> env() {
        return Map.of("XDG_RUNTIME_DIR", xdg.toString(), "DBUS_SESSION_BUS_ADDRESS", "unix:path=" + xdg.resolve("bus"));
    }

    private void startClient() throws Exception {
        Files.createDirectories(xdg);
        Files.setPosixFilePermissions(xdg, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        spawn("dbus", env(), "/usr/bin/dbus-daemon", "--session", "--nofork", "--nopidfile", "--address=unix:path=" + xdg.resolve("bus"));
        await("dbus-daemon", () -> Files.exists(xdg.resolve("bus")));
        spawn("gvfsd", env(), "/usr/libexec/gvfsd");
        await("gvfsd-fuse", () -> fuseMounted(xdg.resolve("gvfs")));
        int rc = run(env(), "/usr/bin/gio", "mount", "nfs://127.0.0.1/export");
        Assumptions.assumeTrue(rc == 0, "gio mount nfs://127.0.0.1/export failed (exit " + rc + "); see " + state);
        gioMounted = true;
        Path dir = xdg.resolve("gvfs").resolve("nfs:host=127.0.0.1,prefix=%2Fexport");
        await("the gvfs NFS mount", () -> Files.isDirectory(dir));
        mounted = dir;
    }

    private static boolean fuseMounted(Path p) {
        return benchsh.peer.facts.Mounts.list().stream().anyMatch(m -> m.point().equals(p.toString()));
    }

    private void spawn(String name, Map<String, String> env, String... command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(state.resolve(name + ".out").toFile());
        pb.environment().putAll(env);
        started.add(pb.start());
    }

    private int run(Map<String, String> env, String... command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(state.resolve("commands.out").toFile()));
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(STEP.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }

    interface Check {
        boolean ok() throws Exception;
    }

    private static void await(String what, Check check) throws Exception {
        long deadline = System.nanoTime() + STEP.toNanos();
        while (!check.ok()) {
            if (System.nanoTime() > deadline) {
                Assumptions.abort(what + " did not come up within " + STEP.toSeconds() + " s");
            }
            Thread.sleep(50);
        }
    }

    /** Unmounts, then ends our processes (and what they spawned) in reverse order, by PID. */
    @Override
    public void close() throws Exception {
        if (gioMounted) {
            run(env(), "/usr/bin/gio", "mount", "-u", "nfs://127.0.0.1/export");
        }
        if (fuseMounted(xdg.resolve("gvfs"))) {
            run(Map.of(), "/usr/bin/fusermount3", "-u", xdg.resolve("gvfs").toString());
        }
        for (int i = started.size() - 1; i >= 0; i--) {
            Process p = started.get(i);
            List<ProcessHandle> children = p.descendants().toList();
            children.forEach(ProcessHandle::destroy);
            p.destroy();
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor(5, TimeUnit.SECONDS);
            }
            for (ProcessHandle c : children) {
                if (c.isAlive()) {
                    c.destroyForcibly();
                }
            }
        }
    }
}
