package benchsh.shell;

import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Result rows fit the terminal (120 columns here); `results wide: true` and piped output keep every column. */
@Timeout(60)
class SessionRowsTest {
    @Test
    void aUdpRowFits120ColumnsAndResultsWideShowsEverything() {
        StringWriter text = new StringWriter();
        try (Session session = new Session(new PrintWriter(text, true))) {
            session.width(() -> 120);
            ScriptRunner runner = new ScriptRunner(session);
            runner.evaluate("udp time: 1.s, rate: 10.mbit", "t");
            String rows = text.toString();
            assertTrue(rows.lines().allMatch(l -> l.length() <= 120), rows);
            assertTrue(rows.contains("from") && rows.contains("throughput MB/s") && rows.contains("cpu local %"), rows);
            assertTrue(rows.contains("more columns: results wide: true"), rows);
            text.getBuffer().setLength(0);
            runner.evaluate("results wide: true", "t");
            assertTrue(text.toString().contains("jitter us") && text.toString().contains("messages lost"), text.toString());
        }
    }

    @Test
    void withoutATerminalEveryColumnPrints() {
        StringWriter text = new StringWriter();
        try (Session session = new Session(new PrintWriter(text, true))) {
            new ScriptRunner(session).evaluate("udp time: 1.s, rate: 10.mbit", "t");
            assertTrue(text.toString().contains("jitter us") && !text.toString().contains("more columns"), text.toString());
        }
    }
}
