package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every network workload between two testbed hosts driven from here (udp, rr over tcp and udp and
 * with a connection per transaction, pipe), a matrix over three hosts (a from × to table of six
 * results) and a together block (a measured start skew). Skips without the testbed ({@link Testbed}).
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@Timeout(120)
class TestbedWorkloadsE2eTest {
    @Test
    void everyWorkloadMatrixAndTogetherBetweenNamespaces() throws Exception {
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            ScriptRunner runner = new ScriptRunner(session);
            runner.evaluate("""
                    a = host 'h1'; b = host 'h2'; c = host 'h3'
                    connect a, b, c
                    udp from: a, to: b, time: 1.s, rate: 50.Mbit
                    rr from: a, to: b, time: 1.s, omit: 0.s
                    rr from: a, to: b, time: 1.s, omit: 0.s, proto: 'udp'
                    rr from: a, to: b, time: 1.s, omit: 0.s, connect: true
                    pipe from: a, to: b, bs: 64.KiB, count: 1000
                    """, "e2e-workloads");
            List<Result> results = session.results();
            assertEquals(5, results.size(), text.toString());
            for (Result r : results) {
                assertTrue(r.ok(), r + "\n" + text);
                assertEquals("h1>h2", r.from() + ">" + r.to(), r.toString());
            }
            assertTrue(results.get(0).metric("messages_received") > 0, results.get(0).metrics().toString());
            for (Result rr : results.subList(1, 4)) {
                assertTrue(rr.metric("transactions") > 0, rr.metrics().toString());
            }
            assertEquals(1000 * 65536.0, results.get(4).metric("bytes"), results.get(4).metrics().toString());

            int before = session.results().size();
            runner.evaluate("matrix([a, b, c]) { x, y -> tcp from: x, to: y, time: 1.s }", "e2e-matrix");
            List<Result> matrix = session.results().subList(before, session.results().size());
            assertEquals(6, matrix.size(), text.toString());
            assertTrue(matrix.stream().allMatch(Result::ok), text.toString());
            Set<String> pairs = matrix.stream().map(r -> r.from() + ">" + r.to()).collect(Collectors.toSet());
            assertEquals(Set.of("h1>h2", "h1>h3", "h2>h1", "h2>h3", "h3>h1", "h3>h2"), pairs);
            String printed = text.toString();
            assertTrue(printed.contains("h1") && printed.contains("h3"), printed);

            before = session.results().size();
            runner.evaluate("together { tcp from: a, to: c, time: 2.s; tcp from: b, to: c, time: 2.s }", "e2e-together");
            List<Result> both = session.results().subList(before, session.results().size());
            assertEquals(2, both.size(), text.toString());
            assertTrue(both.stream().allMatch(Result::ok), text.toString());
            assertTrue(text.toString().matches("(?s).*together: 2 tests, start skew [0-9.]+ ms.*"), text.toString());
            System.out.println(text);
        }
        List<Long> left = Testbed.peersLeft(Duration.ofSeconds(10));
        assertTrue(left.isEmpty(), "peers left: " + left);
    }
}
