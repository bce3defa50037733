package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * End to end on the real testbed: three network namespaces with OpenSSH, the peer deployed to two
 * of them, TCP from the root namespace to a host and back (no bind: needed), between two hosts driven
 * from here (third party) in both directions and with target:; h3 reached through h1 as a jump
 * host; an unreachable address bounded by the connect timeout; no peer left behind. Needs root,
 * ip netns and sshd; skips otherwise ({@link Testbed}).
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
class TestbedE2eTest {
    @Test
    void deployMeasureThirdPartyAndLeaveNothingBehind() throws Exception {
        StringWriter text = new StringWriter();
        List<Result> results;
        try (Session session = Testbed.session(new PrintWriter(text))) {
            ScriptRunner runner = new ScriptRunner(session);
            runner.evaluate("""
                    a = host 'h1'; b = host 'h2'
                    connect a, b
                    tcp from: local, to: a, time: 2.s
                    tcp from: a, to: local, time: 2.s
                    tcp from: a, to: b, time: 2.s
                    tcp from: b, to: a, time: 2.s
                    tcp from: a, to: b, bind: '0.0.0.0', target: '%s', time: 2.s
                    """.formatted(Testbed.address(2)), "e2e");
            results = session.results();
            assertEquals(5, results.size(), text.toString());
            for (Result r : results) {
                assertTrue(r.ok(), r + "\n" + text);
                assertTrue(r.getThroughput() > 0, r.toString());
            }
            assertEquals(List.of("local>h1", "h1>local", "h1>h2", "h2>h1", "h1>h2"),
                    results.stream().map(r -> r.from() + ">" + r.to()).toList());
            assertEquals(Testbed.address(1), session.host("h1").dataAddress());

            // copy via SFTP between two SSH hosts (the namespaces share the file system: distinct paths), then remove the tree
            String base = "/tmp/bsh-e2e-" + ProcessHandle.current().pid();
            Object copied = runner.evaluate("t = tree on: a, path: '" + base + "-tree', profile: 'maildir', scale: 0.01\n"
                    + "c = copy t, from: a, to: b, path: '" + base + "-sftp', via: 'sftp', verify: true, keep: false\n"
                    + "remove t\n"
                    + "c", "e2e");
            Result c = (Result) copied;
            assertTrue(c.ok(), c + "\n" + text);
            assertEquals("yes", c.metrics().get("verified"));
            assertEquals("sftp", c.params().get("via"));
            assertTrue(session.results().get(session.results().size() - 1).ok(), text.toString());
            assertTrue(!Files.exists(Path.of(base + "-tree")) && !Files.exists(Path.of(base + "-sftp")), "tree and copy are removed");

            runner.evaluate("c = host 'h3', jump: 'h1'; tcp from: local, to: c, time: 1.s", "e2e");
            Result viaJump = session.results().get(session.results().size() - 1);
            assertTrue(viaJump.ok() && "h3".equals(viaJump.to()), "h3 reached through h1: " + viaJump + "\n" + text);
            assertEquals(Testbed.address(3), session.host("h3").dataAddress(), "data goes to h3 directly, not through h1");

            long start = System.nanoTime();
            runner.evaluate("ghost = host '" + Testbed.USER + "@10.250." + Testbed.ID + ".99', name: 'ghost'; connect ghost", "e2e");
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(30), "an unreachable host is bounded by the connect timeout");
            assertTrue(text.toString().contains("ghost: connect:"), text.toString());
        }
        List<Long> left = Testbed.peersLeft(Duration.ofSeconds(10));
        assertTrue(left.isEmpty(), "peers left: " + left);
    }
}
