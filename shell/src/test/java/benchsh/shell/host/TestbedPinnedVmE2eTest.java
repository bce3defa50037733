package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import benchsh.shell.Session;
import benchsh.shell.host.ssh.RuntimeImage;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * End to end on the testbed with real OpenSSH: hosts whose only Java on PATH is 17 run their peers on benchsh's
 * runtime by default, so {@code udp batch: 64}, {@code rr} and {@code tcp} take the native paths between them, the results say
 * which VM ran ({@code peer_java}) and {@code hosts} shows it; with {@code runtime: false} a host runs its own Java
 * 17 on the NIO paths and every result involving it carries a note saying what it lacks, printed once.
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
class TestbedPinnedVmE2eTest {
    @Test
    void hostsWithOnlyJava17RunTheNativePathsOnBenchshsRuntimeByDefault() throws Exception {
        assumeTrue(Testbed.exec("h1", "java", "-version").output().contains("version \"17"), "the testbed hosts' java is Java 17");
        assumeTrue(RuntimeImage.forPeers().unavailable() == null && PeerJar.hasNativePaths(), "needs a JDK 22+ here (the build's)");
        String runtimeJava = RuntimeImage.forPeers().javaVersion();
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text, true))) {
            ScriptRunner runner = new ScriptRunner(session);
            runner.evaluate("a = host 'h1'; b = host 'h2'\nudp from: a, to: b, batch: 64, time: 1.s\nrr from: a, to: b, time: 1.s\n"
                    + "tcp from: a, to: b, time: 1.s\nhosts", "e2e");
            List<Result> results = session.results();
            assertEquals(3, results.size(), text.toString());
            Result udp = results.get(0);
            Result rr = results.get(1);
            Result tcp = results.get(2);
            assertTrue(udp.ok() && rr.ok() && tcp.ok(), text.toString());
            assertTrue(List.of("mmsg", "gso").contains(udp.metrics().get("send_io")), udp.metrics() + "\n" + text);
            assertTrue(List.of("mmsg", "gso").contains(udp.metrics().get("recv_io")), udp.metrics() + "\n" + text);
            assertEquals("native", rr.metrics().get("client_io"), rr.metrics().toString());
            assertEquals("native", rr.metrics().get("server_io"), rr.metrics().toString());
            assertEquals(List.of("native", "native"), List.of(tcp.metrics().get("send_io"), tcp.metrics().get("recv_io")), tcp.metrics().toString());
            for (Result r : results) {
                assertEquals(runtimeJava + " runtime", r.metrics().get("peer_java"), "one VM on both ends: " + r.metrics());
                assertNull(r.metrics().get("peer_note"), r.metrics().toString());
            }
            for (String h : List.of("h1", "h2")) {
                SshHost host = (SshHost) session.host(h);
                assertNotNull(host.deployment().runtime(), h + " runs benchsh's runtime");
                assertTrue(text.toString().lines().anyMatch(l -> l.startsWith(h + " ") && l.endsWith(runtimeJava + " runtime, native")),
                        "hosts shows " + h + "'s VM:\n" + text);
            }
        }
    }

    @Test
    void runtimeFalseKeepsJava17OnTheNioPathsAndTheResultsSaySo() throws Exception {
        assumeTrue(Testbed.exec("h3", "java", "-version").output().contains("version \"17"), "the testbed hosts' java is Java 17");
        assumeTrue(RuntimeImage.forPeers().unavailable() == null && PeerJar.hasNativePaths(), "needs a JDK 22+ here (the build's)");
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text, true))) {
            ScriptRunner runner = new ScriptRunner(session);
            runner.evaluate("c = host 'h3', runtime: false\nudp from: c, to: local, batch: 64, time: 1.s\nrr from: local, to: c, time: 1.s", "e2e");
            List<Result> results = session.results();
            assertEquals(2, results.size(), text.toString());
            assertEquals("nio", results.get(0).metrics().get("send_io"), text.toString());
            assertEquals("nio", results.get(1).metrics().get("server_io"), text.toString());
            String note = "h3 ran its own Java 17 (runtime: false or java:), without the native paths";
            for (Result r : results) {
                assertTrue(r.ok(), text.toString());
                assertTrue(String.valueOf(r.metrics().get("peer_note")).startsWith(note), r.metrics().toString());
                assertTrue(String.valueOf(r.metrics().get("peer_java")).matches("17\\.[0-9.]+ host / [0-9.]+ host|[0-9.]+ host / 17\\.[0-9.]+ host"),
                        r.metrics().toString());
            }
            assertEquals(1, text.toString().lines().filter(l -> l.startsWith("  note: " + note)).count(), "the note is printed once:\n" + text);
        }
    }
}
