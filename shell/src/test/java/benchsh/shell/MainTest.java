package benchsh.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The command line without a terminal: -e, run FILE, --json, exit codes and error locations. */
@Timeout(120)
class MainTest {

    @Test
    void tcpToLocalPrintsOneValidJsonLinePerResult() throws Exception {
        Batch b = Batch.run("-e", "tcp to: local, time: 1.s, omit: 0.s, size: 16.KiB, streams: 2", "--json", "-");
        assertEquals(0, b.exit(), b.err());
        List<Map<String, Object>> results = b.results();
        assertEquals(1, results.size());
        Map<String, Object> r = results.get(0);
        assertEquals("tcp", r.get("test"));
        assertEquals("ok", r.get("status"));
        assertEquals("local", r.get("from"));
        assertEquals(null, r.get("error"));
        assertTrue(((Number) Batch.metrics(r).get("throughput_bps")).doubleValue() > 0);
        for (String metric : List.of("bytes", "seconds", "cpu_local_pct", "cpu_remote_pct", "service_demand_local_us_per_kb",
                "service_demand_remote_us_per_kb")) {
            assertTrue(Batch.metrics(r).containsKey(metric), metric);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> params = (Map<String, Object>) r.get("params");
        assertEquals(16384L, params.get("size"));
        assertEquals(2L, params.get("streams"));
        assertTrue(b.err().contains("throughput MB/s"), "the table goes to stderr when JSON owns stdout: " + b.err());
    }

    @Test
    void scriptsSeeResultsAsObjects(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("s.groovy");
        Files.writeString(script, """
                r = tcp to: local, bytes: 4.MiB
                assert r.ok()
                assert r.metrics.bytes == 4 * 1024 * 1024
                println "got ${r.throughput > 0}"
                """);
        Batch b = Batch.run("run", script.toString());
        assertEquals(0, b.exit(), b.err());
        assertTrue(b.out().contains("got true"), b.out());
    }

    @Test
    void aSyntaxErrorNamesFileAndLineAndRunsNothing(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("broken.groovy");
        Files.writeString(script, "tcp to: local, bytes: 1.MiB\nsweep(size: [1, 2] {\n");
        Batch b = Batch.run("run", script.toString(), "--json", "-");
        assertEquals(2, b.exit());
        assertTrue(b.err().startsWith(script + ":"), b.err());
        assertEquals("", b.out(), "nothing ran");
    }

    @Test
    void aRuntimeErrorNamesTheLine() {
        Batch b = Batch.run("-e", "x = 1\ntcp to: local, size: -4");
        assertEquals(2, b.exit());
        assertTrue(b.err().startsWith("-e:2: tcp: size must be between 1 B and 16 MiB, not -4 B"), b.err());
    }

    @Test
    void unknownVerbsAndArgumentsSuggestTheClosest() {
        assertTrue(Batch.run("-e", "tpc to: local").err().contains("unknown verb 'tpc'; did you mean 'tcp'?"));
        assertTrue(Batch.run("-e", "tcp to: local, sise: 1.KiB").err().contains("tcp has no argument 'sise'; did you mean 'size'?"));
        assertTrue(Batch.run("-e", "tcp to: loca").err().contains("did you mean 'local'?"));
    }

    @Test
    void badValuesAreRefusedBeforeAnythingRuns() {
        assertTrue(Batch.run("-e", "tcp time: 0.s").err().contains("tcp: time must be more than 0 s and at most 24 h, not 0 s"));
        assertTrue(Batch.run("-e", "tcp size: 1.GiB").err().contains("tcp: size must be between 1 B and 16 MiB, not 1 GiB"));
        assertTrue(Batch.run("-e", "tcp streams: 0").err().contains("tcp: streams must be between 1 and 128, not 0"));
    }

    @Test
    void helpInAScriptExplainsAVerbWithoutRunningIt() throws Exception {
        Batch b = Batch.run("-e", "help tcp", "--json", "-");
        assertEquals(0, b.exit(), b.err());
        assertTrue(b.results().isEmpty(), "no test ran: " + b.out());
        assertTrue(b.err().contains("Examples:"), b.err());
    }

    @Test
    void anUnreachableHostFailsItsTestAndTheScriptGoesOn() throws Exception {
        Batch b = Batch.run("-e", "h = host 'me@127.0.0.1:1'\ntcp to: h, time: 1.s\ntcp to: local, bytes: 1.MiB", "--json", "-");
        assertEquals(1, b.exit(), b.err());
        List<Map<String, Object>> results = b.results();
        assertEquals(List.of("failed", "ok"), results.stream().map(r -> r.get("status")).toList());
        assertTrue(results.get(0).get("error").toString().startsWith("me@127.0.0.1:1: connect: "), results.get(0).toString());
    }

    @Test
    void usageErrorsExitWithTwo() {
        assertEquals(2, Batch.run("--bogus").exit());
        assertEquals(2, Batch.run("run").exit());
        assertEquals(2, Batch.run("run", "/nonexistent/x.groovy").exit());
        assertEquals(0, Batch.run("--help").exit());
    }

    @Test
    void aFailedTestExitsWithOneAndKeepsTheResult() throws Exception {
        // nothing connects to the listener: it gives up at its deadline and the result is kept, marked failed
        Batch b = Batch.run("-e", "tcp to: local, bytes: 1.MiB, target: '127.0.0.2', bind: '127.0.0.1', timeout: 1.s", "--json", "-");
        assertEquals(1, b.exit(), b.err());
        Map<String, Object> r = b.results().get(0);
        assertEquals("failed", r.get("status"));
        assertTrue(r.get("error").toString().startsWith("local: "), r.get("error").toString());
    }

    @Test
    void runReportKeepsWhatWasMeasuredWhenATestFailsAndTheScriptStops(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("s.groovy");
        Files.writeString(script, """
                tcp to: local, bytes: 1.MiB, label: 'fine'
                tcp to: local, bytes: 1.MiB, target: '127.0.0.2', bind: '127.0.0.1', timeout: 1.s
                throw new IllegalStateException('boom')
                """.replace(", label: 'fine'", ""));
        Path md = dir.resolve("out.md");
        Batch b = Batch.run("run", script.toString(), "--report", md.toString());
        assertEquals(2, b.exit(), b.err());
        assertTrue(b.err().contains("wrote " + md + " (2 results)"), b.err());
        String report = Files.readString(md);
        assertTrue(report.contains("- 2 results: 1 ok, 1 failed"), report);
        assertTrue(report.contains("**The script stopped early:** `" + script + ":3: boom`"), report);
        assertTrue(report.contains("## Did not complete"), report);
        assertTrue(report.contains("| failed | local: "), report);
        assertTrue(report.contains("- rerun with: `benchsh run " + script + " --report " + md + "`"), report);
        assertTrue(report.contains("## Environment") && report.contains("| kernel "), "the local host's facts: " + report);

        Path json = dir.resolve("out.json");
        Batch ok = Batch.run("-e", "tcp to: local, bytes: 1.MiB", "--report", json.toString());
        assertEquals(0, ok.exit(), ok.err());
        Map<String, Object> doc = benchsh.peer.protocol.Json.parseObject(Files.readString(json));
        assertEquals(1, ((List<?>) doc.get("results")).size());
        assertEquals("-e", doc.get("script_path"));

        assertEquals(2, Batch.run("-e", "1", "--report", dir.resolve("out.txt").toString()).exit(), "unknown report format");
    }

    @Test
    void aScriptFromStandardInputRunsWithOptionsOnEitherSide(@TempDir Path dir) throws Exception {
        java.io.InputStream stdin = System.in;
        try {
            System.setIn(new java.io.ByteArrayInputStream("tcp to: local, bytes: 1.MiB\n".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            Batch b = Batch.run("--db=" + dir.resolve("r.db"), "run", "--json", "-", "-");
            assertEquals(0, b.exit(), b.err());
            assertEquals(1, b.results().size());
        } finally {
            System.setIn(stdin);
        }
    }

    @Test
    void helpOnTheCommandLinePrintsWhatThePromptDoes() {
        Batch verb = Batch.run("help", "tcp");
        assertEquals(0, verb.exit(), verb.err());
        assertTrue(verb.out().startsWith("tcp name: value, ...") && verb.out().contains("Examples:"), verb.out());
        assertTrue(Batch.run("help").out().contains("Verbs (every line is Groovy"));
        assertTrue(Batch.run("help", "--markdown").out().startsWith("# Verb reference"));
        assertTrue(Batch.run("help", "--metrics").out().contains("| `throughput_bps` | bits per second |"));
        Batch typo = Batch.run("help", "tpc");
        assertEquals(2, typo.exit());
        assertTrue(typo.err().contains("did you mean 'tcp'"), typo.err());
        assertTrue(Batch.run("--help").out().contains("--deploy-runtime"));
    }
}
