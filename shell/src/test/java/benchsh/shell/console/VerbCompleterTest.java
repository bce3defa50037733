package benchsh.shell.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jline.reader.Candidate;
import org.jline.reader.impl.DefaultParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Completion reads the verbs' declarations and completes the innermost call under the cursor. */
class VerbCompleterTest {
    static final Set<String> VERBS = Set.of("tcp", "sweep", "table", "help", "run");

    @Test
    void theInnermostOpenCallIsFoundInBothForms() {
        assertEquals(new CallContext(null, null), CallContext.at("tc", VERBS));
        assertEquals(new CallContext("tcp", null), CallContext.at("tcp s", VERBS));
        assertEquals(new CallContext("tcp", null, false, Set.of("to")), CallContext.at("tcp to: local, s", VERBS));
        assertEquals(new CallContext("tcp", "to", false, Set.of("to")), CallContext.at("tcp to: lo", VERBS));
        assertEquals(new CallContext("tcp", null, false, Set.of("size")), CallContext.at("sweep(size: [1.KiB, 2.KiB]) { p -> tcp(size: p.size, s", VERBS));
        assertEquals(new CallContext("sweep", null, false, Set.of("size")), CallContext.at("sweep(size: [1, 2], s", VERBS));
        assertEquals(new CallContext(null, null), CallContext.at("sweep(size: [1]) { p -> ", VERBS));
        assertEquals(new CallContext(null, null), CallContext.at("tcp to: local; ", VERBS));
        assertEquals(new CallContext("table", null), CallContext.at("tcp to: local; table r", VERBS));
        assertEquals(new CallContext("tcp", "label", false, Set.of("label")), CallContext.at("tcp label: 'it''s, (not) a call'", VERBS));
        assertEquals(new CallContext("tcp", "label", true, Set.of("label")), CallContext.at("tcp label: 'ba", VERBS));
        assertEquals(new CallContext(null, null), CallContext.at("r.tcp ", VERBS));
    }

    @Test
    void verbsArgumentsHostsAndFilesAreOffered(@TempDir Path dir) throws Exception {
        try (Session s = new Session(new PrintWriter(new StringWriter()))) {
            VerbCompleter c = new VerbCompleter(s, new benchsh.shell.script.ScriptRunner(s).verbs());
            assertTrue(values(c, "tc").contains("tcp"));
            List<String> args = values(c, "tcp s");
            assertTrue(args.containsAll(List.of("size:", "streams:")), args.toString());
            assertTrue(args.contains("local"), "hosts too: " + args);
            assertTrue(values(c, "tcp(s").contains("tcp(size:"), "the word keeps what the parser glued to it");
            assertTrue(values(c, "sweep(size: [1]) { p -> tcp(size: p.size, s").contains("streams:"));
            assertEquals(List.of("local"), values(c, "tcp to: lo"));
            assertTrue(values(c, "help t").contains("tcp"));
            Files.writeString(dir.resolve("scenario.groovy"), "");
            Files.createDirectories(dir.resolve("sub"));
            List<String> files = values(c, "run '" + dir + "/");
            assertTrue(files.contains(dir + "/scenario.groovy"), files.toString());
            assertTrue(files.contains(dir + "/sub/"), files.toString());
            assertEquals(List.of(), values(c, "tcp label: 'no such lab"), "no labels stored in a fresh session");
        }
    }

    @Test
    void descriptionsComeFromTheDeclaration() throws Exception {
        try (Session s = new Session(new PrintWriter(new StringWriter()))) {
            List<Candidate> found = complete(new VerbCompleter(s, new benchsh.shell.script.ScriptRunner(s).verbs()), "tcp s");
            Candidate size = found.stream().filter(x -> x.value().equals("size:")).findFirst().orElseThrow();
            assertEquals("bytes per write, default 128 KiB", size.descr());
        }
    }

    /** An argument the call names already is not offered again. */
    @Test
    void argumentsGivenAlreadyAreNotOfferedAgain() throws Exception {
        try (Session s = new Session(new PrintWriter(new StringWriter()))) {
            VerbCompleter c = new VerbCompleter(s, new benchsh.shell.script.ScriptRunner(s).verbs());
            List<String> args = values(c, "tcp size: 4.KiB, s");
            assertTrue(args.contains("streams:") && !args.contains("size:"), args.toString());
            assertTrue(values(c, "tcp(to: local, size: 1.KiB, t").stream().noneMatch(v -> v.endsWith("to:")), "call form too");
            assertTrue(values(c, "tcp size: 1.KiB; tcp s").contains("size:"), "a new statement starts afresh");
        }
    }

    /** After a variable and a dot: its properties and methods, as groovysh offers them; never the verbs. */
    @Test
    void aDotCompletesWhatTheVariableHolds() throws Exception {
        try (Session s = new Session(new PrintWriter(new StringWriter()))) {
            benchsh.shell.script.ScriptRunner runner = new benchsh.shell.script.ScriptRunner(s);
            runner.evaluate("r = tcp to: local, bytes: 1.MiB, label: 'base'\nm = [alpha: 1, beta: 2]", "setup");
            VerbCompleter c = new VerbCompleter(s, runner.verbs(), runner::variable);
            List<String> r = values(c, "r.");
            assertTrue(r.containsAll(List.of("r.throughput", "r.metrics", "r.tags", "r.label", "r.ok()", "r.throughput_bps")), r.toString());
            assertTrue(!r.contains("r.tcp") && !r.contains("tcp"), "no verbs after a dot: " + r);
            assertTrue(values(c, "r.tags.").contains("r.tags.label"), values(c, "r.tags.").toString());
            assertTrue(values(c, "println m.al").contains("m.alpha"));
            assertTrue(values(c, "_1.").contains("_1.throughput"), "results by number");
            assertTrue(values(c, "results.la").contains("results.last()"), values(c, "results.la").toString());
            assertTrue(values(c, "tcp size: 4.K").containsAll(List.of("4.KiB", "4.KB")), "units after a number");
            assertEquals(List.of(), values(c, "nosuch."), "an unknown name offers nothing, not verbs");
        }
    }

    static List<String> values(VerbCompleter c, String line) {
        return complete(c, line).stream().map(Candidate::value).toList();
    }

    static List<Candidate> complete(VerbCompleter c, String line) {
        DefaultParser parser = new DefaultParser();
        List<Candidate> out = new ArrayList<>();
        c.complete(null, parser.parse(line, line.length(), org.jline.reader.Parser.ParseContext.COMPLETE), out);
        return out;
    }
}
