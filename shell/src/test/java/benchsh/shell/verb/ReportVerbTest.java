package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.Json;
import benchsh.shell.Session;
import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import benchsh.shell.script.ScriptError;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report} and {@code export} from scripts, on results recorded without running tests. */
class ReportVerbTest {

    private static Session session(StringWriter out) {
        Session s = new Session(new PrintWriter(out));
        for (String dir : List.of("Tx", "Rx")) {
            s.record(new Result("tcp", Status.OK, "local", "local", Map.of("size", 1024L),
                    Map.of("throughput_bps", dir.equals("Tx") ? 8e8 : 9e8), Map.of("dir", dir), Instant.EPOCH, 1, null, List.of()), List.of("size"));
        }
        return s;
    }

    @Test
    void exportWritesTheSessionsOrTheGivenResultsByExtension(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        try (Session s = session(out)) {
            ScriptRunner runner = new ScriptRunner(s);
            runner.evaluate("export '" + dir.resolve("all.csv") + "'", "t");
            assertEquals(3, Files.readAllLines(dir.resolve("all.csv")).size(), "header and two rows");
            runner.evaluate("export '" + dir.resolve("tx.json") + "', results.findAll { it.tags.dir == 'Tx' }", "t");
            List<?> tx = (List<?>) Json.parse(Files.readString(dir.resolve("tx.json")));
            assertEquals(1, tx.size());
            runner.evaluate("export '" + dir.resolve("rx.md") + "', where: { it.tags.dir == 'Rx' }", "t");
            String md = Files.readString(dir.resolve("rx.md"));
            assertTrue(md.contains("| Rx MB/s") || md.contains("| dir "), md);
            assertFalse(md.contains("Tx"), "<<" + md + ">>");
            assertTrue(out.toString().contains("wrote " + dir.resolve("rx.md") + " (1 result)"), out.toString());
            ScriptError html = assertThrows(ScriptError.class, () -> runner.evaluate("export '" + dir.resolve("x.html") + "'", "t"));
            assertTrue(html.getMessage().contains("for HTML use report"), html.getMessage());
            ScriptError txt = assertThrows(ScriptError.class, () -> runner.evaluate("export '" + dir.resolve("x.txt") + "'", "t"));
            assertTrue(txt.getMessage().contains("name it .md, .html, .csv or .json"), txt.getMessage());
            assertThrows(ScriptError.class, () -> runner.evaluate("export '" + dir.resolve("y.csv") + "', 42", "t"));
            assertFalse(Files.exists(dir.resolve("x.html")));
            try (var files = Files.list(dir)) {
                assertTrue(files.noneMatch(f -> f.getFileName().toString().endsWith(".tmp")), "no temp file left");
            }
        }
    }

    @Test
    void reportWritesContextAndTheReplLinesToRerun(@TempDir Path dir) throws Exception {
        try (Session s = session(new StringWriter())) {
            ScriptRunner runner = new ScriptRunner(s);
            runner.evaluate("x = 1", "<repl>");
            runner.evaluate("report '" + dir.resolve("r.md") + "'", "<repl>");
            String md = Files.readString(dir.resolve("r.md"));
            assertTrue(md.startsWith("# benchsh report: benchsh session\n"), md);
            assertTrue(md.contains("## tcp by dir"), md);
            String quoted = "'\\''" + dir.resolve("r.md") + "'\\''";
            assertTrue(md.contains("- rerun with:\n\n```sh\nbenchsh -e 'x = 1\nreport " + quoted + "'\n```\n"), md);
            assertTrue(md.contains("## Script\n\n`typed in the REPL`:\n\n```groovy\nx = 1\n"), md);
            runner.evaluate("report '" + dir.resolve("r.html") + "'", "<repl>");
            assertTrue(Files.readString(dir.resolve("r.html")).contains("<svg") == false, "one x value: no chart");
            assertTrue(Files.readString(dir.resolve("r.html")).contains("<th class=\"num\">throughput MB/s</th>"));
        }
    }
}
