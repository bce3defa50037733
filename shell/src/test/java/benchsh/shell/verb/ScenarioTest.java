package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Batch;
import benchsh.shell.Session;
import benchsh.shell.host.Host;
import benchsh.shell.result.Repeated;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The scenario language on synthetic measurements: sweeps, repeats, confidence, compare, plans, params, expectations. */
@Timeout(120)
class ScenarioTest {
    final StringWriter printed = new StringWriter();
    final Session session = new Session(new PrintWriter(printed, true));
    final ScriptRunner runner = new ScriptRunner(session);
    /** {@code fake size: …}: a test run by the executor whose throughput comes from its samples ({@link #mbps}). */
    final FakeMeasure fake = new FakeMeasure("fake", "throughput_bps");

    /** The next tests' throughputs, in MB/s. */
    void mbps(double... values) {
        for (double v : values) {
            fake.samples.add(v * 8e6);
        }
    }

    Object eval(String code) {
        if (runner.verbs().get("fake") == null) {
            runner.verbs().add(fake);
        }
        return runner.evaluate(code, "test.groovy");
    }

    @Test
    void sweepRunsTheCrossProductAndTagsEveryResult() {
        eval("sweep(size: [1.KiB, 2.KiB, 4.KiB], dir: ['tx', 'rx']) { p -> fake size: p.size }");
        List<Result> rs = session.results();
        assertEquals(6, rs.size());
        assertEquals(Map.of("size", 1024L, "dir", "tx"), rs.get(0).tags());
        assertEquals(Map.of("size", 4096L, "dir", "rx"), rs.get(5).tags());
        assertTrue(printed.toString().contains("tx MB/s"), printed.toString());
    }

    @Test
    void sweepStepsThroughRanges() {
        eval("sweep(size: 64..320, step: 128) { p -> fake size: p.size }");
        assertEquals(List.of(64L, 192L, 320L), session.results().stream().map(r -> ((Number) r.params().get("size")).longValue()).toList());
    }

    @Test
    void repeatNumbersTheRunsAndSummarizesThem() {
        mbps(83.3, 82.9, 83.0);
        Repeated rep = (Repeated) eval("repeat(3) { fake() }");
        assertEquals(List.of(1, 2, 3), session.results().stream().map(Result::repeat).toList());
        assertEquals(83.0 * 8e6, rep.getMedian(), 1);
        assertTrue(printed.toString().contains("83.0 (83.3; 82.9; 83.0)"), printed.toString());
    }

    /** A block of two kinds of test gets a summary for each, never one median over both. */
    @Test
    void aRepeatOfSeveralKindsSummarizesEachKindApart() {
        mbps(10.0, 100.0, 11.0, 101.0, 12.0, 102.0);
        Repeated rep = (Repeated) eval("repeat(3) { fake size: 1.KiB; fake size: 2.KiB }");
        assertEquals(2, rep.kinds().size());
        assertEquals(11.0 * 8e6, rep.kinds().get(0).stats().median(), 1);
        assertEquals(101.0 * 8e6, rep.kinds().get(1).stats().median(), 1);
        assertEquals(6, rep.runs().size());
        String out = printed.toString();
        assertTrue(out.contains("fake size 1 KiB: 3 runs: throughput MB/s 11.0 (10.0; 11.0; 12.0)"), out);
        assertTrue(out.contains("fake size 2 KiB: 3 runs: throughput MB/s 101 (100; 101; 102)"), out);
        assertFalse(out.contains("6 runs"), out);
    }

    @Test
    void aRepeatCountIsCheckedBeforeItIsNarrowed() {
        assertTrue(assertThrowsUsage("repeat(4294967297) { fake() }").contains("repeat: the count must be between 1 and 10000, not 4,294,967,297"));
        assertTrue(assertThrowsUsage("fake repeats: 4294967297").contains("repeats"));
        assertTrue(session.results().isEmpty(), "nothing ran");
    }

    @Test
    void tablesShowTheRunsOrTheMedianWithItsConfidenceInterval() {
        mbps(83.3, 82.9, 83.0);
        eval("repeat(3) { fake size: 1.KiB }");
        eval("table rows: 'size', show: 'ci'");
        // t(0.995, 2) = 9.925; stddev 0.208 MB/s; 9.925 * 0.208 / sqrt(3) = 1.19
        assertTrue(printed.toString().contains("83.0 ± 1.19"), printed.toString());
        assertTrue(assertThrowsUsage("table rows: 'size', show: 'mean'").contains("runs or ci"));
    }

    String assertThrowsUsage(String code) {
        return org.junit.jupiter.api.Assertions.assertThrows(benchsh.shell.script.ScriptError.class, () -> eval(code)).getMessage();
    }

    @Test
    void confidenceModeStopsWhenTheIntervalIsNarrowEnough() {
        mbps(100.0, 100.2, 99.9, 100.1, 500.0);
        Repeated rep = (Repeated) eval("repeat(min: 3, max: 30, confidence: 99, width: 5.percent) { fake() }");
        assertTrue(rep.converged());
        assertEquals(3, rep.runs().size());
    }

    @Test
    void confidenceModeGivesUpAtMax() {
        for (int i = 0; i < 10; i++) {
            mbps(i % 2 == 0 ? 50.0 : 150.0);
        }
        Repeated rep = (Repeated) eval("repeat(min: 3, max: 6, confidence: 99, width: 1.percent) { fake() }");
        assertFalse(rep.converged());
        assertEquals(6, rep.runs().size());
        assertTrue(printed.toString().contains("did not reach"), printed.toString());
    }

    @Test
    void perVerbRepeats() {
        eval("fake repeats: 4");
        assertEquals(4, session.results().size());
    }

    /** A stop asked for while the first of 100 repeats runs (as SIGTERM asks) lets that run be recorded and starts no other. */
    @Test
    void aStopEndsRepeatsAndRepeatBlocksBeforeTheirNextTest() {
        for (String script : List.of("fake repeats: 100", "repeat(100) { fake() }", "sweep(size: 1..100, step: 1) { p -> fake size: p.size }")) {
            session.control().clearCancel();
            int before = session.results().size();
            fake.duringNextTest(s -> s.control().requestCancel("stopped by the test"));
            assertThrows(benchsh.shell.run.TestCancelledException.class, () -> eval(script), script);
            assertEquals(before + 1, session.results().size(), script + ": the running test is recorded, no later one starts");
        }
    }

    @Test
    void compareShowsTwoLabelsSideBySideWithTheDelta() {
        mbps(100.0, 50.0, 110.0, 45.0);
        eval("fake size: 1.KiB, label: 'old'; fake size: 2.KiB, label: 'old'; fake size: 1.KiB, label: 'new'; fake size: 2.KiB, label: 'new'");
        eval("compare 'old', 'new'");
        String out = printed.toString();
        assertTrue(out.contains("+10.0 %"), out);
        assertTrue(out.contains("-10.0 %"), out);
    }

    @Test
    void aPlanConnectsNowhereAndEstimatesTheDuration() {
        Host local = session.hosts().local();
        eval("plan { sweep(size: [1.KiB, 2.KiB], dir: ['tx', 'rx']) { p -> tcp to: local, size: p.size, reverse: p.dir == 'rx', time: 3.s, omit: 1.s } }");
        assertEquals(Host.State.NEW, local.state(), "a dry run must not start a peer");
        assertTrue(session.results().isEmpty());
        assertTrue(printed.toString().contains("plan: 4 tests, about 16.00 s of measuring; nothing was connected"), printed.toString());
    }

    @Test
    void setOverridesParamsWithTheDefaultsType(@TempDir Path dir) throws Exception {
        Path s = dir.resolve("p.groovy");
        Files.writeString(s, """
                size = param('size', 4.KiB)
                time = param('time', 2.s)
                n = param('n', 3)
                name = param('name', 'x')
                println "size=$size bytes=${size as long} time=${time.toMillis()} n=$n name=$name"
                """);
        Batch b = Batch.run("run", s.toString(), "--set", "size=8.KiB", "--set", "time=500ms", "--set", "name=y", "--set", "nope=1");
        assertEquals(0, b.exit(), b.err());
        assertTrue(b.out().contains("size=8 KiB bytes=8192 time=500 n=3 name=y"), b.out());
        assertTrue(b.err().contains("--set nope was not used"), b.err());
    }

    @Test
    void failedExpectationsMakeBatchModeExitOne() {
        Batch ok = Batch.run("-e", "x = 5\nexpect x > 3");
        assertEquals(0, ok.exit(), ok.err());
        Batch failed = Batch.run("-e", "x = 5\nexpect x > 30\nexpect('x is small') { x < 10 }");
        assertEquals(1, failed.exit());
        assertTrue(failed.err().contains("1 of 2 expectations failed"), failed.err());
        assertTrue(failed.err().contains("-e:2: expect x > 30"), failed.err());
    }

    /** Too many repeats are refused where the argument is read, before a single test is planned: the dry run ends at once. */
    @Test
    void aDryRunOfTooManyRepeatsIsAUsageErrorBeforeAnyTestIsPlanned(@TempDir Path dir) throws Exception {
        Map<String, String> scripts = Map.of("tcp to: local, time: 1.s, repeats: 100000", "tcp: repeats must be between 1 and 10000, not 100,000",
                "repeat(100000) { tcp to: local, time: 1.s }", "repeat: the count must be between 1 and 10000, not 100,000");
        for (Map.Entry<String, String> e : scripts.entrySet()) {
            Path s = Files.writeString(dir.resolve("s.groovy"), e.getKey() + "\n");
            Batch b = Batch.run("run", s.toString(), "--dry-run");
            assertEquals(2, b.exit(), e.getKey() + ": " + b.err());
            assertTrue(b.err().contains(s + ":1: " + e.getValue()), b.err());
            assertEquals("", b.out(), e.getKey() + ": no test was planned");
        }
    }

    @Test
    void dryRunOfAScriptWithAnInventoryConnectsNowhere(@TempDir Path dir) throws Exception {
        Path inv = dir.resolve("hosts.ini");
        Files.writeString(inv, "[hosts]\n# the lab\npc1 = me@192.0.2.1:2222\n");
        Path s = dir.resolve("s.groovy");
        Files.writeString(s, "a = param('a', local)\ntcp from: a, to: pc1, time: 5.s\n");
        Batch b = Batch.run("run", s.toString(), "--hosts", inv.toString(), "--dry-run", "--set", "a=pc1");
        assertEquals(0, b.exit(), b.err());
        assertTrue(b.out().matches("(?s).*tcp\\s+pc1\\s+pc1.*"), b.out());
        assertTrue(b.out().contains("plan: 1 test,"), b.out());
    }
}
