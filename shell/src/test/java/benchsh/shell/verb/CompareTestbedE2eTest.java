package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.host.Testbed;
import benchsh.shell.host.TestbedTopology;
import benchsh.shell.report.Comparison;
import benchsh.shell.result.Difference;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code compare} tells a real difference from noise on the bridge testbed: five tcp runs from h1 to h2 through a
 * 100 Mbit/s tbf on h1's interface (label {@code A}), five through one 10 % slower ({@code B}), five more at 100 Mbit/s
 * ({@code A again}): B is "slower" with an interval for B / A within 3 % of the shapers' 0.9 (a token bucket's burst and
 * TCP's own overhead move the goodputs' ratio off 0.9 by a few tenths of a percent, which five steady runs resolve), and A
 * again is "no difference".
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@TestbedTopology(value = "bridge", hosts = 3)
@Timeout(600)
class CompareTestbedE2eTest {
    @Test
    void aLinkTenPercentSlowerIsSlowerAndTheSameLinkIsNoDifference() throws Exception {
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            ScriptRunner script = new ScriptRunner(session);
            script.evaluate("a = host 'h1'; b = host 'h2'", "e2e-compare");
            for (String[] set : new String[][] {{"100mbit", "A"}, {"90mbit", "B"}, {"100mbit", "A again"}}) {
                try (AutoCloseable shaper = Testbed.shape("h1", set[0], "50ms")) {
                    script.evaluate("tcp from: a, to: b, time: 3.s, repeats: 5, label: '" + set[1] + "'", "e2e-compare");
                }
            }
            Comparison slower = (Comparison) script.evaluate("compare 'A', 'B'", "e2e-compare");
            assertEquals("slower", slower.verdict(), text.toString());
            Difference d = slower.rows().get(0).difference();
            assertEquals(5, d.runsA());
            assertEquals(5, d.runsB());
            assertTrue(d.low() <= d.ratio() && d.ratio() <= d.high() && d.low() >= 0.87 && d.high() <= 0.93,
                    "B / A " + d.ratio() + " in [" + d.low() + ", " + d.high() + "], within 3 % of 0.9\n" + text);
            Comparison same = (Comparison) script.evaluate("compare 'A', 'A again'", "e2e-compare");
            assertEquals("no difference", same.verdict(), text.toString());
        }
    }
}
