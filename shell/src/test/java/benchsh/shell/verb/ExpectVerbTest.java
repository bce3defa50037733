package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Batch;
import benchsh.shell.Session;
import benchsh.shell.report.ThroughputUnit;
import benchsh.shell.result.Scenario;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code expect}: a failed expectation shows the values of its parts; a passing one only says it held. */
@Timeout(120)
class ExpectVerbTest {

    @Test
    void aFailedExpectationListsItsOperandsInTheSessionsThroughputUnit() {
        Batch b = Batch.run("--units", "Mbit/s", "-e", "r = [throughput: 412.3e6]\nexpect r.throughput > 900.Mbit");
        assertEquals(1, b.exit(), b.err());
        assertTrue(b.err().contains("benchsh: the expectation failed:\n  -e:2: expect r.throughput > 900.Mbit (r.throughput = 412 Mbit/s, 900.Mbit = 900 Mbit/s)"),
                b.err());
        assertTrue(b.out().contains("EXPECT FAILED: -e:2: expect r.throughput > 900.Mbit (r.throughput = 412 Mbit/s, 900.Mbit = 900 Mbit/s)"),
                b.out());
    }

    @Test
    void aPassingExpectationPrintsNoValues() {
        Batch b = Batch.run("-e", "x = 5\nexpect x > 3\nexpect(x == 5)");
        assertEquals(0, b.exit(), b.err());
        assertTrue(b.out().contains("expect ok: -e:2: expect x > 3\n") && b.out().contains("expect ok: -e:3: expect(x == 5)\n"), b.out());
        assertFalse(b.out().contains("x = 5"), b.out());
        assertFalse(b.err().contains("expectations failed"), b.err());
    }

    @Test
    void everyOperandThatWasComputedIsShownAndShortCircuitsStillHold() {
        Batch b = Batch.run("-e", """
                x = 5
                base = [throughput: 1e9]
                expect x > 30 && 1 / 0 == 1
                expect x + 1 == 0.9 * base.throughput || "abc".size() == x
                rs = [base]
                expect rs[0]['throughput'] < 0
                """);
        assertEquals(1, b.exit(), b.err());
        assertTrue(b.err().contains("3 of 3 expectations failed"), b.err());
        assertTrue(b.err().contains("-e:3: expect x > 30 && 1 / 0 == 1 (x = 5)\n"), b.err());
        assertTrue(b.err().contains("-e:4: expect x + 1 == 0.9 * base.throughput || \"abc\".size() == x "
                + "(x = 5, x + 1 = 6, base.throughput = 125 MB/s, 0.9 * base.throughput = 113 MB/s, \"abc\".size() = 3)"), b.err());
        assertTrue(b.err().contains("-e:6: expect rs[0]['throughput'] < 0 (rs[0]['throughput'] = 125 MB/s)"), b.err());
    }

    @Test
    void atThePromptTheFailedExpectationIsRecordedWithItsValues() {
        StringWriter printed = new StringWriter();
        Session session = new Session(new PrintWriter(printed, true));
        new ScriptRunner(session).evaluate("def m = [metrics: [latency_p99_us: 250], name: 'tcp']\n"
                + "expect m.metrics.latency_p99_us < 200 && m.name == 'tcp'\nexpect(m.name != 'tcp')", "prompt");
        List<Scenario.Expectation> failed = session.scenario().failedExpectations();
        assertEquals(List.of("expect m.metrics.latency_p99_us < 200 && m.name == 'tcp' (m.metrics.latency_p99_us = 250)",
                "expect(m.name != 'tcp') (m.name = 'tcp')"), failed.stream().map(Scenario.Expectation::text).toList());
        assertTrue(printed.toString().contains("EXPECT FAILED: prompt:2: expect m.metrics.latency_p99_us < 200"), printed.toString());
    }

    @Test
    void theNamedAndClosureFormsAreUnchanged() {
        Batch b = Batch.run("-e", "x = 5\nexpect('x is small') { x > 10 }\nexpect { x > 10 }\nexpect true\nbig = { x > 10 }\nexpect big");
        assertEquals(1, b.exit(), b.err());
        assertTrue(b.err().contains("3 of 4 expectations failed:\n  -e:2: x is small\n  -e:3: expect { x > 10 }\n  -e:6: expect big\n"), b.err());
    }

    @Test
    void aConditionOfConstantsHasNoValuesToShow() {
        Batch b = Batch.run("-e", "expect false\nexpect 1 > 2");
        assertEquals(1, b.exit(), b.err());
        assertTrue(b.err().contains("  -e:1: expect false\n  -e:2: expect 1 > 2\n"), b.err());
    }

    @Test
    void longValuesAreCut() {
        StringWriter printed = new StringWriter();
        Session session = new Session(new PrintWriter(printed, true));
        session.unit(ThroughputUnit.MB_S);
        new ScriptRunner(session).evaluate("s = 'x' * 200\nexpect s == 'y'", "cut.groovy");
        String text = session.scenario().failedExpectations().get(0).text();
        assertTrue(text.startsWith("expect s == 'y' (s = 'xxx") && text.endsWith("xx...)"), text);
        assertTrue(text.length() < 150, text);
    }
}
