package benchsh.shell.console;

import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The full REPL stack on a dumb 120x60 terminal: lines go in, tables come out. */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ReplTest {

    static String session(Path dir, String input) throws Exception {
        return session(dir, input, null);
    }

    static String session(Path dir, String input, Path inventory) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Terminal t = new DumbTerminal("test", "dumb", new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out, StandardCharsets.UTF_8);
             Session s = new Session(new PrintWriter(t.writer()))) {
            t.setSize(new org.jline.terminal.Size(120, 60));
            s.attachTerminal(t.writer());
            Repl repl = new Repl(t, s, dir.resolve("history"));
            if (inventory != null) {
                repl.declareHosts(inventory);
            }
            repl.run();
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void anInventoryDeclaresItsHostsAtThePrompt(@TempDir Path dir) throws Exception {
        Path inventory = Files.writeString(dir.resolve("inventory.ini"), "pc9 = me@192.0.2.9:2222\n");
        String out = session(dir, "println pc9.name()\n", inventory);
        assertTrue(out.contains("pc9"), out);
        String bad = session(dir, "println 'still here'\n", dir.resolve("missing.groovy"));
        assertTrue(bad.contains("benchsh: --hosts") && bad.contains("still here"), bad);
    }

    @Test
    void aTcpLineGivesATableAndHistoryIsKept(@TempDir Path dir) throws Exception {
        String out = session(dir, "tcp to: local, time: 1.s, omit: 0.s\nhelp tcp\n");
        assertTrue(out.contains("throughput MB/s"), out);
        assertTrue(out.contains("local  local"), out);
        assertTrue(out.contains("Examples:"), out);
        assertTrue(Files.readString(dir.resolve("history")).contains("tcp to: local"));
    }

    @Test
    void openBracesContinueOnTheNextLineAndVariablesPersist(@TempDir Path dir) throws Exception {
        String out = session(dir, "twice = { x ->\nx * 2\n}\nn = 21\nprintln twice(n)\n");
        assertTrue(out.contains("42"), out);
    }

    @Test
    void errorsArePrintedAndTheReplGoesOn(@TempDir Path dir) throws Exception {
        String out = session(dir, "tpc to: local\nunits 'Gbit/s'\nprintln 'still here'\n");
        assertTrue(out.contains("error: unknown verb 'tpc'; did you mean 'tcp'?"), out);
        assertTrue(out.contains("still here"), out);
    }
}
