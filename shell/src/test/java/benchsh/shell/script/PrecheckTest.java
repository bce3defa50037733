package benchsh.shell.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Batch;
import benchsh.shell.Session;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A script is compiled and checked as a dry run before anything runs: a mistake on line 2 costs line 1 nothing. */
@Timeout(120)
class PrecheckTest {
    private static final String MEASURE = "tcp to: local, bytes: 1.MiB\n";

    /** Runs {@code script} in batch mode; asserts it failed with exit 2 before measuring anything; returns stderr. */
    private static String refused(String script) throws Exception {
        Batch b = Batch.run("--json", "-", "-e", script);
        assertEquals(2, b.exit(), b.err());
        assertEquals(List.of(), b.results(), "nothing was measured: " + b.err());
        return b.err();
    }

    @Test
    void aMistakeOnALaterLineStopsTheScriptBeforeItsFirstTest() throws Exception {
        assertTrue(refused(MEASURE + "tcp to: local, tme: 2.s").startsWith("-e:2: tcp has no argument 'tme'; did you mean 'time'?"));
        assertTrue(refused(MEASURE + "tcp to: local, size: 1.GiB").startsWith("-e:2: tcp: size must be between 1 B and 16 MiB, not 1 GiB"));
        assertTrue(refused(MEASURE + "tcp to: lcoal").startsWith("-e:2: unknown name 'lcoal'; did you mean 'local'?"));
        assertTrue(refused(MEASURE + "repeat(2) {\n  sweep(size: [1.KiB, 2.KiB]) { p -> udp size: p.size, rate: 5.KiB }\n}")
                .startsWith("-e:3: rate: 5 KiB is a size, not bits/s, e.g. 100.Mbit"), "inside blocks too");
        assertTrue(refused(MEASURE + "table rows: 'size', colz: 'dir'").contains("table has no argument 'colz'; did you mean 'cols'?"),
                "a verb that reads results has its arguments checked too");
    }

    @Test
    void aMissingColonIsNamedWithItsLineAndColumn() throws Exception {
        String err = refused(MEASURE + "tcp time 2.s");
        assertTrue(err.startsWith("-e:2:5: missing ':' after 'time'"), err);
        assertTrue(refused(MEASURE + "tcp to local, time: 2.s").startsWith("-e:2:5: missing ':' after 'to'"));
        assertTrue(refused("tcp time: 1.s, size 4.KiB").startsWith("-e:1:16: missing ':' after 'size'"));
    }

    /** What was measured cannot be known before: the check stops where the script reads it, and the run goes on. */
    @Test
    void controlFlowOnMeasuredValuesIsCheckedUpToThereAndThenRuns() throws Exception {
        Batch b = Batch.run("--json", "-", "-e", MEASURE.replace("\n", "") + ", label: 'first'\n"
                + "r = results.last()\n"
                + "if (r.throughput > 0) { tcp to: lcoal }");
        assertEquals(2, b.exit(), b.err());
        assertTrue(b.err().contains("\n-e:3: unknown name 'lcoal'"), b.err());
        assertEquals(1, b.results().size(), "the first test ran: past the measured value, the run finds the mistake: " + b.err());

        Batch rate = Batch.run("--json", "-", "-e", "r = tcp to: local, bytes: 1.MiB\nudp to: local, rate: r.throughput / 100, time: 0.5.s");
        assertEquals(0, rate.exit(), "a rate computed from a measurement is not refused as unknown: " + rate.err());
        assertEquals(2, rate.results().size());
    }

    @Test
    void theCheckPrintsNothingConnectsNowhereAndLeavesTheVariablesAsTheyWere() throws Exception {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            StringWriter printed = new StringWriter();
            session.attachTerminal(new PrintWriter(printed, true));
            ScriptRunner runner = new ScriptRunner(session);
            runner.evaluate("seen = []\ncount = 0", "setup");
            runner.evaluate("""
                    h = host 'me@127.0.0.1:1'
                    println 'once'
                    seen << 'x'
                    count++
                    plan { tcp from: h, to: local }
                    """, "s.groovy");
            assertEquals(1, printed.toString().split("once", -1).length - 1, printed.toString());
            assertEquals(List.of("x"), runner.variable("seen"), "the check added to a copy");
            assertEquals(1, runner.variable("count"));
            assertTrue(printed.toString().contains("plan: 1 test,"), "the script's own plan is printed once: " + printed);

            List<Object> passes = new java.util.concurrent.CopyOnWriteArrayList<>();
            runner.bind("passes", passes);
            runner.evaluate("passes << checking", "guard.groovy");
            assertEquals(List.of(true, false), passes, "checking is true in the check only, so a script can guard its own effects");
        }
    }

    @Test
    void theCheckSaysWhereItStoppedAndTheRunnerGetsItBeforeTheRun() {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            ScriptRunner runner = new ScriptRunner(session);
            Precheck.Outcome[] seen = new Precheck.Outcome[1];
            runner.evaluate("x = 1\ny = x + 1", "a", o -> seen[0] = o);
            assertTrue(seen[0].complete(), seen[0].toString());
            runner.evaluate("r = results\nprintln r.size()", "b", o -> seen[0] = o);
            assertEquals(new Precheck.Outcome(false, "the script reads what results returns, which only a run measures"), seen[0]);
            ScriptError e = assertThrows(ScriptError.class, () -> runner.evaluate("x = 1\ntcp nosuch: 1", "c", o -> {
                throw new AssertionError("the check found the mistake: nothing runs");
            }));
            assertEquals(2, e.line());
        }
    }

    /** A long loop of verb calls is checked only so far: the check has a budget, and the script runs. */
    @Test
    void aLongLoopIsCheckedWithinABudget() {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            ScriptRunner runner = new ScriptRunner(session);
            Precheck.Outcome[] seen = new Precheck.Outcome[1];
            runner.evaluate("n = 0\nfor (i in 1..25000) { units 'MB/s'; n++ }", "loop", o -> seen[0] = o);
            assertEquals(25000, runner.variable("n"), "the run did every step");
            assertTrue(!seen[0].complete() && seen[0].stopped().startsWith("checked the first 20000 verb calls"), seen[0].toString());
        }
    }
}
