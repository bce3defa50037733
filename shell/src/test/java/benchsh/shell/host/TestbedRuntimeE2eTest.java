package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.host.ssh.RuntimeImage;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * End to end on the testbed with real OpenSSH (sftp-server, the hosts' own tar and sha256sum): h1
 * and h2 get no usable Java ({@code java:} names a file that does not exist, as on a host without
 * Java), connect at the same time with {@code runtime: true}, and both run their peers on the one
 * private runtime that lands in the test user's cache (the hosts share the file system, so one of
 * them may find it there already or lose the race to rename it into place); tests between them and
 * with this machine succeed; a new session reuses the runtime without an upload. Prints how long
 * the first connection and the first test took.
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
class TestbedRuntimeE2eTest {
    private static final String NO_JAVA = "/nonexistent/jdk/bin/java";

    @Test
    void hostsWithoutJavaRunOnOnePrivateRuntimeAndReuseIt() throws Exception {
        StringWriter text = new StringWriter();
        String runtime;
        // the hosts share the test user's home, where earlier tests on this testbed left the runtime (every host runs on it)
        try (Stream<Path> cached = Files.list(Testbed.STATE.resolve("home/.cache/benchsh"))) {
            for (Path p : cached.filter(p -> p.getFileName().toString().startsWith("runtime-")).toList()) {
                try (Stream<Path> tree = Files.walk(p)) {
                    for (Path f : tree.sorted(java.util.Comparator.reverseOrder()).toList()) {
                        Files.delete(f);
                    }
                }
            }
        } catch (java.nio.file.NoSuchFileException e) {
            // nothing deployed yet
        }
        try (Session session = Testbed.session(new PrintWriter(text, true))) {
            ScriptRunner runner = new ScriptRunner(session);
            long start = System.nanoTime();
            runner.evaluate("a = host 'h1', java: '" + NO_JAVA + "', runtime: true; b = host 'h2', java: '" + NO_JAVA + "', runtime: true\n"
                    + "connect a, b", "e2e");
            long connected = System.nanoTime();
            runner.evaluate("tcp from: a, to: local, time: 1.s", "e2e");
            long firstTest = System.nanoTime();
            runner.evaluate("tcp from: local, to: a, time: 1.s; tcp from: a, to: b, time: 1.s; http from: b, to: a, bytes: 8.MiB", "e2e");
            List<Result> results = session.results();
            assertEquals(4, results.size(), text.toString());
            for (Result r : results) {
                assertTrue(r.ok(), r + "\n" + text);
            }
            SshHost a = (SshHost) session.host("h1");
            SshHost b = (SshHost) session.host("h2");
            runtime = a.deployment().runtime();
            assertNotNull(runtime, text.toString());
            assertEquals(runtime, b.deployment().runtime(), "both hosts use the one runtime in the shared home");
            assertTrue(a.deployment().runtimeUploaded() || b.deployment().runtimeUploaded(), "the first connections uploaded it");
            for (int host : List.of(1, 2)) {
                List<Long> peers = Testbed.peers(host);
                assertFalse(peers.isEmpty(), "a peer runs in h" + host);
                for (long pid : peers) {
                    assertEquals(Path.of(runtime, "bin", "java"), Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "exe")),
                            "h" + host + "'s peer runs the runtime's java");
                }
            }
            System.out.printf("runtime e2e: %.1f MB runtime; connect (2 hosts, upload, unpack, verify) %.1f s; first test done after "
                            + "%.1f s%n", Files.size(RuntimeImage.forPeers().build().file()) / 1e6, (connected - start) / 1e9, (firstTest - start) / 1e9);
        }
        try (Stream<Path> left = Files.list(Path.of(runtime).getParent())) {
            assertEquals(List.of(), left.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".runtime-")).toList(),
                    "no temp tarball or unpack directory is left, whoever lost the race");
        }
        assertTrue(Testbed.peersLeft(Duration.ofSeconds(10)).isEmpty(), "no peer is left running");

        try (Session again = Testbed.session(new PrintWriter(text, true))) {
            long start = System.nanoTime();
            new ScriptRunner(again).evaluate("a = host 'h1', java: '" + NO_JAVA + "', runtime: true; tcp from: a, to: local, time: 1.s", "e2e");
            assertTrue(again.results().get(0).ok(), text.toString());
            SshHost a = (SshHost) again.host("h1");
            assertEquals(runtime, a.deployment().runtime());
            assertFalse(a.deployment().runtimeUploaded(), "the cached runtime is verified and reused");
            System.out.printf("runtime e2e: cached runtime, first test done after %.1f s%n", (System.nanoTime() - start) / 1e9);
        }
    }
}
