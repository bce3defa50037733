package benchsh.shell.host;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import benchsh.shell.Session;
import benchsh.shell.host.ssh.HostKeyPrompt;
import benchsh.shell.host.ssh.SecretPrompt;
import benchsh.shell.host.ssh.SshSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The netns testbed ({@code scripts/testbed}) as a JUnit extension: brought up by the first e2e class
 * that needs it and torn down when the run ends, so classes that need the same testbed share it. A
 * class asks for a topology with {@link TestbedTopology} (default: three hosts on one switch); when
 * the next class asks for another one, the extension takes the current one down first (one testbed
 * per id at a time; surefire runs the classes one after another). Skips (assumptions) without root,
 * sshd or ip netns, and when someone else's testbed is up. {@code BENCHSH_TESTBED_ID=k} in the
 * environment selects the k-th testbed (its own names and subnet, see {@code scripts/testbed}), so
 * several test runs on one machine do not collide. Not thread-safe beyond that: one class at a time.
 */
public final class Testbed implements BeforeAllCallback {
    /** Which testbed: 0 (the default) or 1..99. */
    public static final int ID = Integer.parseInt(System.getenv().getOrDefault("BENCHSH_TESTBED_ID", "0"));
    /** Prefix of the testbed's bridges, namespaces and veths: bsh for testbed 0, bK for testbed K. */
    public static final String NAME = ID == 0 ? "bsh" : "b" + ID;
    /** The user every sshd admits. */
    public static final String USER = ID == 0 ? "bsh-test" : "bsh-test" + ID;
    public static final Path STATE = Path.of("/tmp/benchsh-testbed-e2e" + (ID == 0 ? "" : "-" + ID));
    public static final Path SCRIPT = Path.of("..", "scripts", "testbed").toAbsolutePath().normalize();
    /** Hosts of the classic testbed (no {@link TestbedTopology}). */
    public static final int HOSTS = 3;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root (network namespaces)");
        assumeTrue(Files.isExecutable(Path.of("/usr/sbin/sshd")), "needs OpenSSH sshd (.ci/install-ssh.sh installs it)");
        assumeTrue(run(List.of("ip", "netns", "list"), Duration.ofSeconds(10)).exit() == 0, "needs 'ip netns' (iproute2)");
        Spec wanted = Spec.of(context.getRequiredTestClass());
        assumeTrue(!wanted.nfs() || Files.isExecutable(Path.of("/usr/bin/ganesha.nfsd")) && Files.isExecutable(Path.of("/usr/libexec/gvfsd-nfs"))
                && Files.exists(Path.of("/dev/fuse")), "--nfs needs nfs-ganesha, gvfs and /dev/fuse (.ci/install-nfs.sh installs them)");
        ExtensionContext.Store store = context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL);
        Up up;
        synchronized (Testbed.class) {
            Up current = store.get(Up.class, Up.class);
            if (current != null && !current.spec.equals(wanted)) {
                store.remove(Up.class);
                current.close();
            }
            up = store.getOrComputeIfAbsent(Up.class, k -> Up.bring(wanted), Up.class);
        }
        assumeTrue(up.error == null, up.error);
    }

    /** What a test class asks for; equal specs share one testbed. */
    record Spec(String topology, int hosts, boolean nfs, String shape, String busybox) {
        static Spec of(Class<?> testClass) {
            TestbedTopology t = testClass.getAnnotation(TestbedTopology.class);
            return t == null ? new Spec("switch", HOSTS, false, "", "") : new Spec(t.value(), t.hosts(), t.nfs(), t.shape(), t.busybox());
        }

        List<String> up() {
            List<String> command = new ArrayList<>(List.of(SCRIPT.toString(), "up", Integer.toString(hosts), "--topology", topology));
            if (nfs) {
                command.add("--nfs");
            }
            if (!shape.isEmpty()) {
                command.addAll(List.of("--shape", shape));
            }
            if (!busybox.isEmpty()) {
                command.addAll(List.of("--busybox", busybox));
            }
            return command;
        }
    }

    /** The testbed this JVM brought up; closing it (at the end of the run, or for another topology) tears it down. */
    static final class Up implements ExtensionContext.Store.CloseableResource, AutoCloseable {
        final Spec spec;
        final String error;

        private Up(Spec spec, String error) {
            this.spec = spec;
            this.error = error;
        }

        static Up bring(Spec spec) {
            try {
                if (Files.exists(STATE.resolve("testbed.state")) || !ours().isEmpty()) {
                    return new Up(spec, "a testbed is already up (" + STATE + " or namespaces/links " + NAME + "-… exist); run 'scripts/testbed down' first");
                }
                Outcome o = run(spec.up(), Duration.ofSeconds(180));
                if (o.exit() != 0) {
                    throw new IllegalStateException("testbed " + String.join(" ", spec.up().subList(1, spec.up().size())) + " failed: " + o.output());
                }
                if (!spec.shape().isEmpty()) {
                    TestbedRuntimeSeed.seed(STATE.resolve("home"), USER); // a shaped link would carry the runtime for minutes
                }
                return new Up(spec, null);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void close() throws Exception {
            if (error != null) {
                return;
            }
            Outcome o = run(List.of(SCRIPT.toString(), "down"), Duration.ofSeconds(120));
            if (o.exit() != 0) {
                throw new IllegalStateException("testbed down failed: " + o.output());
            }
            List<String> left = ours();
            if (!left.isEmpty()) {
                throw new IllegalStateException("still there after testbed down: " + left);
            }
        }

        /** Namespaces and root-namespace links whose names carry this testbed's prefix. */
        private static List<String> ours() throws Exception {
            List<String> names = new ArrayList<>();
            for (String line : run(List.of("ip", "netns", "list"), Duration.ofSeconds(10)).output().split("\n")) {
                if (line.startsWith(NAME + "-")) {
                    names.add("netns " + line.split(" ")[0]);
                }
            }
            for (String line : run(List.of("ip", "-o", "link", "show"), Duration.ofSeconds(10)).output().split("\n")) {
                String[] f = line.split(": ");
                if (f.length > 1 && f[1].startsWith(NAME + "-")) {
                    names.add("link " + f[1].replaceAll("@.*", ""));
                }
            }
            return names;
        }
    }

    /**
     * One host as scripts/testbed recorded it: its name in ssh_config, its namespace, its IPv4 address and its IPv6 one
     * (ssh_config reaches it by that as {@code <name>v6}, or as written: {@code user@[fd00:250:k::11]}).
     */
    public record Node(String name, String netns, String address, String address6) {
    }

    /** The hosts of the testbed that is up, in the order the script made them (h1.., then dut). */
    public static Map<String, Node> hosts() throws IOException {
        Map<String, String> six = new LinkedHashMap<>();
        for (String line : recorded("host6")) {
            String[] f = line.split(" ");
            six.put(f[0], f[1]);
        }
        Map<String, Node> hosts = new LinkedHashMap<>();
        for (String line : recorded("host")) {
            String[] f = line.split(" ");
            hosts.put(f[0], new Node(f[0], f[1], f[2], six.get(f[0])));
        }
        return hosts;
    }

    /** One host of the testbed that is up, e.g. {@code host("dut").address()}. */
    public static Node host(String name) throws IOException {
        Node node = hosts().get(name);
        if (node == null) {
            throw new IllegalStateException("the testbed has no host '" + name + "' (it has " + hosts().keySet() + ")");
        }
        return node;
    }

    /** The root a busybox host's sessions are put in ({@link TestbedTopology#busybox()}). */
    public static Path busyboxRoot(String host) throws IOException {
        return recorded("busybox_root").stream().map(l -> l.split(" ")).filter(f -> f[0].equals(host)).map(f -> Path.of(f[1])).findFirst()
                .orElseThrow(() -> new IllegalStateException("the testbed has no busybox host '" + host + "'"));
    }

    /** Command lines of the processes in host {@code host}'s namespace whose program lies under {@code root} (e.g. a busybox root). */
    public static List<String> processesUnder(String host, Path root) throws Exception {
        List<String> found = new ArrayList<>();
        for (String pid : run(List.of("ip", "netns", "pids", host(host).netns()), Duration.ofSeconds(10)).output().split("\\s+")) {
            try {
                if (!pid.isBlank() && Files.readSymbolicLink(Path.of("/proc", pid.strip(), "exe")).startsWith(root)) {
                    found.add(pid.strip() + " " + Files.readString(Path.of("/proc", pid.strip(), "cmdline"), StandardCharsets.ISO_8859_1)
                            .replace('\0', ' ').strip());
                }
            } catch (IOException e) {
                // exited meanwhile
            }
        }
        return found;
    }

    /** "pid command line" of the processes in host {@code host}'s namespace whose command line starts with {@code prefix}. */
    public static List<String> processesNamed(String host, String prefix) throws Exception {
        List<String> found = new ArrayList<>();
        for (String pid : run(List.of("ip", "netns", "pids", host(host).netns()), Duration.ofSeconds(10)).output().split("\\s+")) {
            try {
                String cmd = pid.isBlank() ? "" : Files.readString(Path.of("/proc", pid.strip(), "cmdline"), StandardCharsets.ISO_8859_1)
                        .replace('\0', ' ').strip();
                if (cmd.startsWith(prefix)) {
                    found.add(pid.strip() + " " + cmd);
                }
            } catch (IOException e) {
                // exited meanwhile
            }
        }
        return found;
    }

    /** Where h1's sessions see h2's NFS export (testbeds with {@code nfs = true}). */
    public static String nfsMount() throws IOException {
        return recorded("nfs_mount").stream().findFirst().orElseThrow(() -> new IllegalStateException("the testbed has no NFS mount"));
    }

    /** The directory h2 exports over NFS. */
    public static Path nfsExport() throws IOException {
        return Path.of(recorded("nfs_export").stream().findFirst().orElseThrow(() -> new IllegalStateException("the testbed has no NFS export")));
    }

    /** Values of the state file's {@code key=value} lines for this key. */
    static List<String> recorded(String key) throws IOException {
        Path file = STATE.resolve("testbed.state");
        if (!Files.exists(file)) {
            return List.of();
        }
        return Files.readAllLines(file).stream().filter(l -> l.startsWith(key + "=")).map(l -> l.substring(key.length() + 1)).toList();
    }

    /** Runs a command inside a host's network namespace. */
    public static Outcome exec(String host, String... command) throws Exception {
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", host(host).netns()));
        full.addAll(List.of(command));
        return run(full, Duration.ofSeconds(30));
    }

    /**
     * Shapes what host {@code host} sends on its eth0 with a token bucket ({@code tc qdisc replace ... tbf}): {@code rate}
     * (e.g. "2mbit"), a 16 KiB burst, and a queue of {@code latency} (e.g. "200ms") before packets are dropped. Closing
     * it removes the shaping again.
     */
    public static AutoCloseable shape(String host, String rate, String latency) throws Exception {
        return shape(host, "eth0", rate, latency);
    }

    /** As {@link #shape(String, String, String)}, on {@code device} of the host, e.g. the dut's bridge port toward h2 ({@code p2}). */
    public static AutoCloseable shape(String host, String device, String rate, String latency) throws Exception {
        Outcome o = exec(host, "tc", "qdisc", "replace", "dev", device, "root", "tbf", "rate", rate, "burst", "16kb", "latency", latency);
        if (o.exit() != 0) {
            throw new IllegalStateException("cannot shape " + host + "'s " + device + ": " + o.output());
        }
        return () -> exec(host, "tc", "qdisc", "del", "dev", device, "root");
    }

    /**
     * Shapes what reaches host {@code hN}, on the far end of its cable (the switch's port), with a token bucket: {@code
     * rate}, a queue of {@code latency} (e.g. "200ms", "5ms") and 16 KiB before packets are dropped ({@code scripts/testbed
     * shape}). A bottleneck in the path, as a router's: what waits there is not held back by the sender's own TCP small
     * queues, as it is on the sender's eth0 ({@link #shape}). Closing it removes the shaping again.
     */
    public static AutoCloseable shapeToward(int host, String rate, String latency) throws Exception {
        Outcome o = run(List.of(SCRIPT.toString(), "shape", "h" + host, rate, latency), Duration.ofSeconds(30));
        if (o.exit() != 0) {
            throw new IllegalStateException("cannot shape toward h" + host + ": " + o.output());
        }
        return () -> run(List.of(SCRIPT.toString(), "shape", "h" + host, rate, "off"), Duration.ofSeconds(30));
    }

    /** One ping from a host to an address, answered within 2 s or failed (exit 0 means answered). */
    public static Outcome ping(String from, String address) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/ping")) || Files.isExecutable(Path.of("/bin/ping")), "needs ping (.ci/install-ssh.sh installs iputils-ping)");
        return exec(from, "ping", "-n", "-c", "1", "-W", "2", address);
    }

    /** A counter of a network device, e.g. {@code rx_bytes}, in a namespace ({@code "root"} for this one). */
    public static long linkCounter(String netns, String device, String counter) throws Exception {
        String file = "/sys/class/net/" + device + "/statistics/" + counter;
        if ("root".equals(netns)) {
            return Long.parseLong(Files.readString(Path.of(file)).strip());
        }
        Outcome o = run(List.of("ip", "netns", "exec", netns, "cat", file), Duration.ofSeconds(10));
        if (o.exit() != 0) {
            throw new IllegalStateException("cannot read " + file + " in " + netns + ": " + o.output());
        }
        return Long.parseLong(o.output().strip());
    }

    /** The namespace of host {@code hN}. */
    public static String netns(int host) {
        return NAME + "-h" + host;
    }

    /** The root-namespace end of host {@code hN}'s veth (set it down to cut hN off). */
    public static String veth(int host) {
        return NAME + "-v" + host;
    }

    /** Host {@code hN}'s address; {@code address(0)} is the root namespace's (this machine's) address on the bridge. */
    public static String address(int host) {
        return "10.250." + ID + "." + (host == 0 ? 1 : 10 + host);
    }

    /** Host {@code hN}'s IPv6 address beside {@link #address}, in the testbed's ULA prefix: fd00:250:k::11 for h1. */
    public static String address6(int host) {
        return "fd00:250:" + ID + "::" + (host == 0 ? 1 : 10 + host);
    }

    /** A session whose SSH settings point at the testbed's config, known_hosts and key. */
    public static Session session(java.io.PrintWriter out) {
        Session session = new Session(out);
        session.ssh().settings(new SshSettings(STATE.resolve("ssh_config"), STATE.resolve("known_hosts"), false, Duration.ofSeconds(3),
                Duration.ofSeconds(30), Duration.ofSeconds(15), 4, HostKeyPrompt.REFUSE, SecretPrompt.NONE));
        return session;
    }

    /** Pids of benchsh peers (processes with --stdio on their command line) running in the namespace of host {@code hN}. */
    public static List<Long> peers(int host) throws Exception {
        return peers(netns(host));
    }

    private static List<Long> peers(String netns) throws Exception {
        List<Long> pids = new ArrayList<>();
        for (String pid : run(List.of("ip", "netns", "pids", netns), Duration.ofSeconds(10)).output().split("\\s+")) {
            if (pid.isBlank()) {
                continue;
            }
            try {
                String cmd = Files.readString(Path.of("/proc", pid.strip(), "cmdline"), StandardCharsets.ISO_8859_1).replace('\0', ' ');
                if (cmd.contains("--stdio")) {
                    pids.add(Long.parseLong(pid.strip()));
                }
            } catch (IOException e) {
                // exited meanwhile
            }
        }
        return pids;
    }

    /** Pids of peers still running in any namespace of the testbed that is up, after waiting up to {@code limit} for them to exit. */
    public static List<Long> peersLeft(Duration limit) throws Exception {
        long end = System.nanoTime() + limit.toNanos();
        List<Long> left = new ArrayList<>();
        do {
            left.clear();
            for (Node node : hosts().values()) {
                left.addAll(peers(node.netns()));
            }
            if (left.isEmpty()) {
                return left;
            }
            Thread.sleep(200);
        } while (System.nanoTime() < end);
        return left;
    }

    public record Outcome(int exit, String output) {
    }

    /** Runs a command with the testbed's state directory in its environment. */
    public static Outcome run(List<String> command, Duration timeout) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("BENCHSH_TESTBED_DIR", STATE.toString());
        pb.environment().put("BENCHSH_TESTBED_ID", Integer.toString(ID));
        Process p = pb.start();
        StringBuilder sb = new StringBuilder();
        Thread reader = new Thread(() -> {
            try {
                sb.append(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                sb.append(e);
            }
        });
        reader.start();
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            reader.join(2000);
            return new Outcome(-1, "timed out: " + sb);
        }
        reader.join(2000);
        return new Outcome(p.exitValue(), sb.toString());
    }
}
