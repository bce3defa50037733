package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.report.Comparison;
import benchsh.shell.script.ScriptError;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code compare A, B}: rows paired on everything but what A and B differ in, with a ratio, its interval and a verdict. */
@Timeout(60)
class CompareVerbTest {
    final StringWriter printed = new StringWriter();
    final Session session = new Session(new PrintWriter(printed, true));
    final ScriptRunner runner = new ScriptRunner(session);
    final FakeMeasure stream = new FakeMeasure("fake", "throughput_bps");
    final FakeMeasure rr = new FakeMeasure("fakerr", "transactions_per_s");

    CompareVerbTest() {
        runner.verbs().add(stream);
        runner.verbs().add(rr);
    }

    Object eval(String code) {
        return runner.evaluate(code, "test.groovy");
    }

    @Test
    void twoSettingsPairUpAndTheSlowerOneIsCalledSlower() {
        stream.samples(100.0e6, 101.0e6, 99.0e6, 100.5e6, 99.5e6, 90.2e6, 89.7e6, 90.4e6, 89.9e6, 90.1e6);
        eval("5.times { fake size: 16.KiB, busywait: 50.us, label: 'busy' }; 5.times { fake size: 16.KiB, busywait: 0, label: 'sleep' }");
        Comparison c = (Comparison) eval("compare 'busy', 'sleep'");
        assertEquals(1, c.rows().size(), "one row, paired across the setting that differs: " + printed);
        Comparison.Row row = c.rows().get(0);
        assertEquals("slower", row.verdict(), printed.toString());
        assertTrue(row.difference().low() < 0.9 && 0.9 < row.difference().high(), "the interval holds 0.9: " + row.difference());
        assertEquals("slower", c.verdict());
        String out = printed.toString();
        assertTrue(out.contains("differ in busywait: 50 us vs 0 s"), "a duration in its unit, not 5.00e-05: " + out);
        assertTrue(out.contains("Welch's t"), out);
        assertTrue(out.contains("95 % confidence"), out);
    }

    /** What compare showed is part of the session's report: its table and what A and B differ in. */
    @Test
    void aComparisonIsInTheSessionsReport(@TempDir Path dir) throws Exception {
        stream.samples(100.0e6, 101.0e6, 99.0e6, 90.2e6, 89.7e6, 90.4e6);
        eval("3.times { fake busywait: 50.us, label: 'busy' }; 3.times { fake busywait: 0, label: 'sleep' }; compare 'busy', 'sleep'");
        Path md = dir.resolve("r.md");
        Path json = dir.resolve("r.json");
        eval("report '" + md + "'; report '" + json + "'");
        String text = Files.readString(md);
        String comparisons = text.substring(text.indexOf("## Comparisons"));
        assertTrue(comparisons.startsWith("## Comparisons\n\n### label 'busy' vs 'sleep'\n"), text);
        assertTrue(comparisons.contains("busy MB/s |") && comparisons.contains("slower"), comparisons);
        assertTrue(comparisons.contains("label 'busy' and 'sleep' differ in busywait: 50 us vs 0 s"), comparisons);
        java.util.Map<String, Object> doc = benchsh.peer.protocol.Json.parseObject(Files.readString(json));
        java.util.List<?> shown = (java.util.List<?>) doc.get("comparisons");
        assertEquals(1, shown.size());
        assertEquals("slower", ((java.util.Map<?, ?>) ((java.util.List<?>) ((java.util.Map<?, ?>) shown.get(0)).get("rows")).get(0)).get("verdict"));
    }

    @Test
    void runsOfTheSameSystemAreNoDifference() {
        stream.samples(100.0e6, 101.0e6, 99.0e6, 100.5e6, 99.5e6, 100.2e6, 99.7e6, 100.4e6, 99.9e6, 101.1e6);
        eval("5.times { fake label: 'a' }; 5.times { fake label: 'b' }");
        Comparison c = (Comparison) eval("compare 'a', 'b'");
        assertEquals("no difference", c.verdict(), printed.toString());
        assertTrue(printed.toString().contains("no difference"), printed.toString());
    }

    @Test
    void aSingleRunASideCannotTell() {
        stream.samples(100.0e6, 50.0e6);
        eval("fake label: 'a'; fake label: 'b'");
        Comparison c = (Comparison) eval("compare 'a', 'b'");
        assertEquals("cannot tell (1 run each)", c.verdict());
        assertTrue(printed.toString().contains("-50.0 %"), printed.toString());
    }

    @Test
    void eachTestIsComparedOnItsOwnHeadline() {
        stream.samples(100.0e6, 100.0e6, 120.0e6, 120.0e6);
        rr.samples(20_000.0, 20_100.0, 15_000.0, 15_100.0);
        eval("2.times { fake label: 'a' }; 2.times { fakerr label: 'a' }; 2.times { fake label: 'b' }; 2.times { fakerr label: 'b' }");
        Comparison c = (Comparison) eval("compare 'a', 'b'");
        assertEquals(2, c.rows().size(), printed.toString());
        assertEquals("throughput_bps", c.rows().get(0).metric());
        assertEquals("transactions_per_s", c.rows().get(1).metric(), "request/response rows are not dropped: " + printed);
        assertTrue(printed.toString().contains("+20.0 %") && printed.toString().contains("-24.9 %"), printed.toString());
    }

    @Test
    void aLabelNotInTheSessionPointsAtLoad() {
        eval("fake label: 'today'");
        String message = assertThrows(ScriptError.class, () -> eval("compare 'nightly', 'today'")).getMessage();
        assertTrue(message.contains("no results with label 'nightly' in this session"), message);
        assertTrue(message.contains("load label: 'nightly'"), message);
    }

    @Test
    void aVerdictCanGateAScript() {
        stream.samples(100.0e6, 101.0e6, 99.0e6, 50.0e6, 51.0e6, 49.0e6);
        eval("3.times { fake label: 'a' }; 3.times { fake label: 'b' }");
        eval("c = compare 'a', 'b'; expect c.verdict != 'slower'");
        assertTrue(printed.toString().contains("EXPECT FAILED"), printed.toString());
    }
}
