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
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The netns testbed ({@code scripts/testbed up 3}) as a JUnit extension: brought up once per test
 * JVM by the first e2e class that needs it and torn down when the run ends, so several classes share
 * it. Skips (assumptions) without root, sshd or ip netns, and when someone else's testbed is up.
 * {@code BENCHSH_TESTBED_ID=k} in the environment selects the k-th testbed (its own names and subnet,
 * see {@code scripts/testbed}), so several test runs on one machine do not collide.
 */
public final class Testbed implements BeforeAllCallback {
    /** Which testbed: 0 (the default) or 1..99. */
    public static final int ID = Integer.parseInt(System.getenv().getOrDefault("BENCHSH_TESTBED_ID", "0"));
    /** Prefix of the testbed's bridge, namespaces and veths: bsh for testbed 0, bK for testbed K. */
    public static final String NAME = ID == 0 ? "bsh" : "b" + ID;
    /** The user every sshd admits. */
    public static final String USER = ID == 0 ? "bsh-test" : "bsh-test" + ID;
    public static final Path STATE = Path.of("/tmp/benchsh-testbed-e2e" + (ID == 0 ? "" : "-" + ID));
    public static final Path SCRIPT = Path.of("..", "scripts", "testbed").toAbsolutePath().normalize();
    public static final int HOSTS = 3;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root (network namespaces)");
        assumeTrue(Files.isExecutable(Path.of("/usr/sbin/sshd")), "needs OpenSSH sshd (.ci/install-ssh.sh installs it)");
        assumeTrue(run(List.of("ip", "netns", "list"), Duration.ofSeconds(10)).exit() == 0, "needs 'ip netns' (iproute2)");
        Up up = context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).getOrComputeIfAbsent(Up.class, k -> Up.bring(), Up.class);
        assumeTrue(up.error == null, up.error);
    }

    /** The testbed this JVM brought up; closing it (at the end of the run) tears it down. */
    static final class Up implements ExtensionContext.Store.CloseableResource, AutoCloseable {
        final String error;

        private Up(String error) {
            this.error = error;
        }

        static Up bring() {
            try {
                if (run(List.of("ip", "link", "show", NAME + "-br0"), Duration.ofSeconds(10)).exit() == 0) {
                    return new Up("a testbed is already up (" + NAME + "-br0 exists); run 'scripts/testbed down' first");
                }
                Outcome o = run(List.of(SCRIPT.toString(), "up", Integer.toString(HOSTS)), Duration.ofSeconds(120));
                if (o.exit() != 0) {
                    throw new IllegalStateException("testbed up failed: " + o.output());
                }
                return new Up(null);
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
            for (int i = 1; i <= HOSTS; i++) {
                if (run(List.of("ip", "netns", "pids", netns(i)), Duration.ofSeconds(10)).exit() == 0) {
                    throw new IllegalStateException(netns(i) + " is still there after down");
                }
            }
        }
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

    /** A session whose SSH settings point at the testbed's config, known_hosts and key. */
    public static Session session(java.io.PrintWriter out) {
        Session session = new Session(out);
        session.ssh().settings(new SshSettings(STATE.resolve("ssh_config"), STATE.resolve("known_hosts"), false, Duration.ofSeconds(3),
                Duration.ofSeconds(30), Duration.ofSeconds(15), 4, HostKeyPrompt.REFUSE, SecretPrompt.NONE));
        return session;
    }

    /** Pids of benchsh peers (processes with --stdio on their command line) running in the namespace of host {@code hN}. */
    public static List<Long> peers(int host) throws Exception {
        List<Long> pids = new ArrayList<>();
        for (String pid : run(List.of("ip", "netns", "pids", netns(host)), Duration.ofSeconds(10)).output().split("\\s+")) {
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

    /** Command lines of peers still running in any testbed namespace, after waiting up to {@code limit} for them to exit. */
    public static List<Long> peersLeft(Duration limit) throws Exception {
        long end = System.nanoTime() + limit.toNanos();
        List<Long> left = new ArrayList<>();
        do {
            left.clear();
            for (int i = 1; i <= HOSTS; i++) {
                left.addAll(peers(i));
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
