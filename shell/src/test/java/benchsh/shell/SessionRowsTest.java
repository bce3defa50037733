package benchsh.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Result rows fit the terminal, their columns taken in the order of priority the test declares; what a table leaves out
 * is said once, under it; `results wide: true` and piped output keep every column.
 */
@Timeout(60)
class SessionRowsTest {
    @Test
    void aUdpRowFits120ColumnsAndResultsWideShowsEverything() {
        StringWriter text = new StringWriter();
        try (Session session = new Session(new PrintWriter(text, true))) {
            session.width(() -> 120);
            ScriptRunner runner = new ScriptRunner(session);
            runner.evaluate("udp time: 1.s, rate: 10.mbit", "t");
            session.endTable();
            String rows = text.toString();
            assertTrue(rows.lines().allMatch(l -> l.length() <= 120), rows);
            assertTrue(rows.contains("from") && rows.contains("throughput MB/s") && rows.contains("loss %"), rows);
            assertTrue(rows.contains("results wide: true"), rows);
            text.getBuffer().setLength(0);
            runner.evaluate("results wide: true", "t");
            assertTrue(text.toString().contains("jitter us") && text.toString().contains("send io"), text.toString());
        }
    }

    /** A REPL of 140 columns (numbered rows): the figures a udp or pipe user reads first show; the I/O details go first. */
    @Test
    void at140ColumnsAUdpRowShowsLossAndJitterAndAPipeRowWhatBoundedIt() {
        StringWriter text = new StringWriter();
        try (Session session = new Session(new PrintWriter(text, true))) {
            session.width(() -> 140);
            session.numberRows(true);
            ScriptRunner runner = new ScriptRunner(session);
            runner.evaluate("udp time: 1.s, rate: 10.mbit; udp time: 1.s, rate: 20.mbit; pipe count: 100", "t");
            session.endTable();
            String out = text.toString();
            assertTrue(out.lines().allMatch(l -> l.length() <= 140), out);
            List<String> lines = out.lines().toList();
            String udpHeader = lines.get(0);
            for (String column : List.of("messages received", "messages lost", "loss %", "jitter us", "sender throughput MB/s", "throughput MB/s")) {
                assertTrue(udpHeader.contains(column), column + " shows: " + out);
            }
            assertTrue(!udpHeader.contains("send io") && !udpHeader.contains("recv socket bytes"), out);
            assertEquals(1, lines.stream().filter(l -> l.contains("more columns: results wide: true")).count(),
                    "what the udp table leaves out is said once, under its two rows: " + out);
            assertTrue(lines.get(4).contains("more columns: results wide: true"), out);
            assertTrue(lines.get(5).contains("bounded by"), "the pipe's table: " + out);
            assertTrue(lines.get(lines.size() - 1).startsWith("(not shown: "), "under the pipe's row, its hidden columns by name: " + out);
        }
    }

    @Test
    void withoutATerminalEveryColumnPrints() {
        StringWriter text = new StringWriter();
        try (Session session = new Session(new PrintWriter(text, true))) {
            new ScriptRunner(session).evaluate("udp time: 1.s, rate: 10.mbit", "t");
            session.endTable();
            assertTrue(text.toString().contains("jitter us") && !text.toString().contains("not shown"), text.toString());
        }
    }
}
