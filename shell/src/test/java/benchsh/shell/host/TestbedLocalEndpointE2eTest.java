package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code local} as a first-class endpoint on the testbed: every two-host verb (tcp, udp, rr over tcp
 * and udp, pipe, http, copy of a tree over the peer stream) from h1 to {@code local} and from
 * {@code local} to h1, with no {@code bind:}; a matrix and a together block that include {@code local};
 * and h3 behind h1 as a jump host sending to {@code local}. The root namespace has other interfaces
 * too, so {@code local} must pick its bridge address by route. Skips without the testbed ({@link Testbed}).
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@Timeout(300)
class TestbedLocalEndpointE2eTest {
    private static final long PIPE_BLOCKS = 64;
    private static final long HTTP_BYTES = 4L << 20;

    @Test
    void everyTwoHostVerbRunsFromAHostToLocalAndBack() throws Exception {
        StringWriter text = new StringWriter();
        String base = "/tmp/bsh-local-e2e-" + ProcessHandle.current().pid();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            ScriptRunner runner = new ScriptRunner(session);
            runner.evaluate("a = host 'h1'; connect a", "e2e-local");
            assertEquals(Testbed.address(0), DataAddresses.listenAddress(session.host("local"), session.host("h1"), null, null),
                    "local listens for h1 on its bridge address, the source of the route to h1\n" + text);

            for (String way : List.of("from: a, to: local", "from: local, to: a")) {
                int before = session.results().size();
                runner.evaluate("""
                        tcp %1$s, time: 1.s, omit: 0.s
                        udp %1$s, time: 1.s, rate: 20.Mbit
                        rr %1$s, time: 1.s, omit: 0.s
                        rr %1$s, time: 1.s, omit: 0.s, proto: 'udp'
                        pipe %1$s, bs: 64.KiB, count: %2$d
                        http %1$s, bytes: %3$d
                        """.formatted(way, PIPE_BLOCKS, HTTP_BYTES), "e2e-local");
                List<Result> rows = session.results().subList(before, session.results().size());
                assertEquals(6, rows.size(), text.toString());
                String pair = way.startsWith("from: a") ? "h1>local" : "local>h1";
                for (Result r : rows) {
                    assertTrue(r.ok(), r + "\n" + text);
                    assertEquals(pair, r.from() + ">" + r.to(), r.toString());
                }
                assertTrue(rows.get(0).getThroughput() > 0, rows.get(0).metrics().toString());
                assertTrue(rows.get(1).metric("messages_received") > 0, rows.get(1).metrics().toString());
                assertTrue(rows.get(2).metric("transactions") > 0, rows.get(2).metrics().toString());
                assertTrue(rows.get(3).metric("transactions") > 0, rows.get(3).metrics().toString());
                assertEquals(PIPE_BLOCKS * 65536.0, rows.get(4).metric("bytes"), rows.get(4).metrics().toString());
                assertEquals((double) HTTP_BYTES, rows.get(5).metric("bytes"), rows.get(5).metrics().toString());
            }

            // the namespaces share the file system: every tree and copy gets its own path
            Result toLocal = (Result) runner.evaluate("t = tree on: a, path: '" + base + "-h1', profile: 'maildir', scale: 0.01\n"
                    + "c = copy t, to: local, path: '" + base + "-at-local', verify: true, keep: false\n"
                    + "remove t\n"
                    + "c", "e2e-local");
            Result toH1 = (Result) runner.evaluate("u = tree path: '" + base + "-local', profile: 'maildir', scale: 0.01\n"
                    + "c = copy u, to: a, path: '" + base + "-at-h1', verify: true, keep: false\n"
                    + "remove u\n"
                    + "c", "e2e-local");
            for (Result c : List.of(toLocal, toH1)) {
                assertTrue(c.ok(), c + "\n" + text);
                assertEquals("stream", c.params().get("via"), c.toString());
                assertEquals("yes", c.metrics().get("verified"), c.toString());
                assertTrue(c.metric("files") > 0 && c.metric("bytes") > 0, c.metrics().toString());
            }
            assertEquals("h1>local", toLocal.from() + ">" + toLocal.to());
            assertEquals("local>h1", toH1.from() + ">" + toH1.to());
            for (String left : List.of("-h1", "-local", "-at-local", "-at-h1")) {
                assertFalse(Files.exists(Path.of(base + left)), base + left + " is removed");
            }

            int before = session.results().size();
            runner.evaluate("matrix([local, a]) { x, y -> tcp from: x, to: y, time: 1.s, omit: 0.s }", "e2e-local-matrix");
            List<Result> matrix = session.results().subList(before, session.results().size());
            assertEquals(Set.of("local>h1", "h1>local"), matrix.stream().map(r -> r.from() + ">" + r.to()).collect(Collectors.toSet()));
            assertTrue(matrix.stream().allMatch(r -> r.ok() && r.getThroughput() > 0), text.toString());

            before = session.results().size();
            runner.evaluate("together { tcp from: a, to: local, time: 2.s, omit: 0.s; udp from: local, to: a, time: 2.s, rate: 10.Mbit }",
                    "e2e-local-together");
            List<Result> both = session.results().subList(before, session.results().size());
            assertEquals(2, both.size(), text.toString());
            assertTrue(both.stream().allMatch(Result::ok), text.toString());
            assertTrue(both.get(0).getThroughput() > 0 && both.get(1).metric("messages_received") > 0, both.toString());

            // behind a jump host the SSH connection starts at loopback: the route to h3 itself decides
            Result viaJump = (Result) runner.evaluate("c = host 'h3', jump: 'h1'; tcp from: c, to: local, time: 1.s, omit: 0.s", "e2e-local-jump");
            assertTrue(viaJump.ok() && viaJump.getThroughput() > 0, viaJump + "\n" + text);
            assertEquals(Testbed.address(0), DataAddresses.listenAddress(session.host("local"), session.host("h3"), null, null));
        }
        List<Long> left = Testbed.peersLeft(Duration.ofSeconds(10));
        assertTrue(left.isEmpty(), "peers left: " + left);
    }
}
