package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import benchsh.shell.Session;
import benchsh.shell.host.ssh.HostKeyPrompt;
import benchsh.shell.host.ssh.SecretPrompt;
import benchsh.shell.host.ssh.SshSettings;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * End to end on the real testbed: three network namespaces with OpenSSH, the peer deployed to two
 * of them, TCP from the root namespace to a host and back (with bind:), between two hosts driven
 * from here (third party) in both directions and with target:; h3 reached through h1 as a jump
 * host; an unreachable address bounded by
 * the connect timeout; no peer left behind. Needs root, ip netns and sshd; skips otherwise.
 */
@Tag("e2e")
class TestbedE2eTest {
    private static final Path STATE = Path.of("/tmp/benchsh-testbed-e2e");
    private static final Path SCRIPT = Path.of("..", "scripts", "testbed").toAbsolutePath().normalize();
    private static boolean up;

    @BeforeAll
    static void up() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root (network namespaces)");
        assumeTrue(Files.isExecutable(Path.of("/usr/sbin/sshd")), "needs OpenSSH sshd (.ci/install-ssh.sh installs it)");
        assumeTrue(run(List.of("ip", "netns", "list"), Duration.ofSeconds(10)).exit == 0, "needs 'ip netns' (iproute2)");
        assumeTrue(run(List.of("ip", "link", "show", "bsh-br0"), Duration.ofSeconds(10)).exit != 0,
                "a testbed is already up (bsh-br0 exists); run 'scripts/testbed down' first");
        Outcome o = run(List.of(SCRIPT.toString(), "up", "3"), Duration.ofSeconds(120));
        up = o.exit == 0;
        assertEquals(0, o.exit, "testbed up failed: " + o.output);
    }

    @AfterAll
    static void down() throws Exception {
        if (up) {
            Outcome o = run(List.of(SCRIPT.toString(), "down"), Duration.ofSeconds(120));
            assertEquals(0, o.exit, "testbed down failed: " + o.output);
            for (int i = 1; i <= 3; i++) {
                assertTrue(run(List.of("ip", "netns", "pids", "bsh-h" + i), Duration.ofSeconds(10)).exit != 0, "bsh-h" + i + " is gone");
            }
            assertTrue(run(List.of("ip", "link", "show", "bsh-br0"), Duration.ofSeconds(10)).exit != 0, "the bridge is gone");
        }
    }

    @Test
    void deployMeasureThirdPartyAndLeaveNothingBehind() throws Exception {
        StringWriter text = new StringWriter();
        List<Result> results;
        try (Session session = new Session(new PrintWriter(text))) {
            session.ssh().settings(new SshSettings(STATE.resolve("ssh_config"), STATE.resolve("known_hosts"), false, Duration.ofSeconds(3),
                    Duration.ofSeconds(30), Duration.ofSeconds(15), 4, HostKeyPrompt.REFUSE, SecretPrompt.NONE));
            ScriptRunner runner = new ScriptRunner(session);
            runner.evaluate("""
                    a = host 'h1'; b = host 'h2'
                    connect a, b
                    tcp from: local, to: a, time: 2.s
                    tcp from: a, to: local, bind: '10.250.0.1', time: 2.s
                    tcp from: a, to: b, time: 2.s
                    tcp from: b, to: a, time: 2.s
                    tcp from: a, to: b, bind: '0.0.0.0', target: '10.250.0.12', time: 2.s
                    """, "e2e");
            results = session.results();
            assertEquals(5, results.size(), text.toString());
            for (Result r : results) {
                assertTrue(r.ok(), r + "\n" + text);
                assertTrue(r.getThroughput() > 0, r.toString());
            }
            assertEquals(List.of("local>h1", "h1>local", "h1>h2", "h2>h1", "h1>h2"),
                    results.stream().map(r -> r.from() + ">" + r.to()).toList());
            assertEquals("10.250.0.11", session.host("h1").dataAddress());

            runner.evaluate("c = host 'h3', jump: 'h1'; tcp from: local, to: c, time: 1.s", "e2e");
            Result viaJump = session.results().get(session.results().size() - 1);
            assertTrue(viaJump.ok() && "h3".equals(viaJump.to()), "h3 reached through h1: " + viaJump + "\n" + text);
            assertEquals("10.250.0.13", session.host("h3").dataAddress(), "data goes to h3 directly, not through h1");

            long start = System.nanoTime();
            runner.evaluate("ghost = host 'bsh-test@10.250.0.99', name: 'ghost'; connect ghost", "e2e");
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(30), "an unreachable host is bounded by the connect timeout");
            assertTrue(text.toString().contains("ghost: connect:"), text.toString());
        }
        assertTrue(peersLeft().isEmpty(), "peers left: " + peersLeft());
    }

    /** Command lines of benchsh peers still running in the testbed namespaces (waits up to 10 s for them to exit). */
    private static List<String> peersLeft() throws Exception {
        List<String> left = new ArrayList<>();
        for (int attempt = 0; attempt < 50; attempt++) {
            left.clear();
            for (int i = 1; i <= 3; i++) {
                for (String pid : run(List.of("ip", "netns", "pids", "bsh-h" + i), Duration.ofSeconds(10)).output.split("\\s+")) {
                    if (pid.isBlank()) {
                        continue;
                    }
                    try {
                        String cmd = Files.readString(Path.of("/proc", pid.strip(), "cmdline"), StandardCharsets.ISO_8859_1).replace('\0', ' ');
                        if (cmd.contains("benchsh-peer")) {
                            left.add(pid.strip() + ": " + cmd);
                        }
                    } catch (IOException e) {
                        // exited meanwhile
                    }
                }
            }
            if (left.isEmpty()) {
                return left;
            }
            Thread.sleep(200);
        }
        return left;
    }

    private record Outcome(int exit, String output) {
    }

    private static Outcome run(List<String> command, Duration timeout) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("BENCHSH_TESTBED_DIR", STATE.toString());
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
