package benchsh.shell.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

    /** Rows are numbered, and the numbers refer back to results: {@code _2}, {@code results[2]}; using results as a value prints no table. */
    @Test
    void resultsAreNumberedAndReferredToByNumber(@TempDir Path dir) throws Exception {
        String out = session(dir, String.join("\n",
                "tcp to: local, bytes: 1.MiB, label: 'a'",
                "tcp to: local, bytes: 1.MiB, label: 'b'",
                "r = results.last()",
                "println 'label of _2: ' + _2.label + ', of results[1]: ' + results[1].label",
                "println results.findAll { it.label == 'b' }.size() + ' labelled b'",
                "table rows: 'label', where: { it.label == 'a' }",
                "results.clear()",
                "_7", ""));
        assertTrue(out.contains("\n_1    a      local"), "rows start with their number: " + out);
        assertTrue(out.contains("\n_2    b      local"), out);
        String afterLast = out.substring(out.indexOf("benchsh> r = results.last()"), out.indexOf("benchsh> println 'label"));
        assertTrue(afterLast.contains("_2  b") && !afterLast.contains("_1"), "the one result, not the whole table: " + afterLast);
        assertTrue(out.contains("label of _2: b, of results[1]: a"), out);
        assertTrue(out.contains("1 labelled b"), out);
        String table = out.substring(out.indexOf("benchsh> table"), out.indexOf("benchsh> results.clear()"));
        java.util.List<String> rows = table.lines().skip(1).filter(l -> !l.isBlank()).toList();
        assertEquals(3, rows.size(), "a header, a rule and the one row it.label == 'a' keeps: " + table);
        assertTrue(rows.get(0).startsWith("label") && rows.get(2).matches("a +[0-9.,]+"), "the row of label a alone: " + table);
        assertTrue(out.contains("error: the session's results cannot be changed: they are what was measured, and stored"), out);
        assertTrue(out.contains("error: no result _7: the session's results are _1 to _2"), out);
    }

    /** Quitting says which generated trees the session leaves, and how to remove them later. */
    @Test
    void quittingSaysWhatTheSessionLeft(@TempDir Path dir) throws Exception {
        Path tree = dir.resolve("m");
        String out = session(dir, "tree path: '" + tree + "', scale: 0.01\nexit\n");
        assertTrue(out.contains("benchsh: this session generated 1 tree and did not remove it"), out);
        assertTrue(out.contains("remove '" + tree + "'"), out);
        String clean = session(dir, "t = tree path: '" + dir.resolve("n") + "', scale: 0.01\nremove t\n");
        assertTrue(!clean.contains("did not remove"), "Ctrl-D after removing says nothing: " + clean);
    }

    /** What groovysh and ipython users type: a def that does not persist says why, clear, values in their units. */
    @Test
    void theReplExplainsDefClearsTheScreenAndShowsUnits(@TempDir Path dir) throws Exception {
        String out = session(dir, "def x = 5\nx\nclear\n5.s + 500.ms\n4.KiB * 2\n100.Mbit\nhelp host\n");
        assertTrue(out.contains("error: unknown name 'x': 'def x' made it local to the line (or script) that declared it"), out);
        assertTrue(!out.contains("unknown name 'clear'"), out);
        assertTrue(out.contains("=> 5,500 ms") && out.contains("=> 8 KiB") && out.contains("=> 100 Mbit/s"), out);
        String help = out.substring(out.indexOf("benchsh> help host"));
        assertTrue(help.lines().allMatch(l -> l.length() < 120), "help fits the 120 columns, its meanings wrapped at words: " + help);
    }

    @Test
    void errorsArePrintedAndTheReplGoesOn(@TempDir Path dir) throws Exception {
        String out = session(dir, "tpc to: local\nunits 'Gbit/s'\nprintln 'still here'\n");
        assertTrue(out.contains("error: unknown verb 'tpc'; did you mean 'tcp'?"), out);
        assertTrue(out.contains("still here"), out);
    }
}
