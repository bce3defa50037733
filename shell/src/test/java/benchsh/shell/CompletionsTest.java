package benchsh.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.report.ThroughputUnit;
import benchsh.shell.verb.Verbs;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code benchsh completion bash|zsh}: the scripts parse, and bash really completes: each case sources the
 * script in a non-interactive bash, sets COMP_WORDS and COMP_CWORD as bash does on Tab (a word split at '='
 * included), calls the completion function and reads COMPREPLY.
 */
@Timeout(120)
class CompletionsTest {
    @TempDir
    static Path dir;
    private static Path bashScript;

    @BeforeAll
    static void writeScripts() throws IOException {
        bashScript = Files.createDirectory(dir.resolve("scripts")).resolve("benchsh.bash"); // not among the files completed
        Files.writeString(bashScript, Completions.script("bash"));
        Files.createFile(dir.resolve("alpha.groovy"));
        Files.createFile(dir.resolve("beta.groovy"));
    }

    @Test
    void bashAcceptsTheScript() throws Exception {
        Run r = run(List.of("bash", "-n", bashScript.toString()));
        assertEquals(0, r.exit, r.output);
    }

    @Test
    void optionsCompleteBeforeAndAfterTheCommand() throws Exception {
        assertEquals(List.of("--units"), complete("--un"));
        assertEquals(List.of("--dry-run"), complete("run", "--dry"));
        assertEquals(List.of("--dry-run"), complete("-e", "tcp to: local", "--dr"));
    }

    @Test
    void everyOptionOfTheParserIsOffered() throws Exception {
        List<String> expected = Stream.of(CommandLineOption.values()).flatMap(o -> o.names.stream()).sorted().toList();
        assertEquals(expected, complete("-").stream().sorted().toList());
    }

    @Test
    void theCommandsAreOfferedFirst() throws Exception {
        assertEquals(List.of("run", "demo", "help", "completion"), complete(""));
        assertEquals(List.of("run"), complete("--set", "size=64", "r"), "--set's value, split at '=', is no command");
        assertEquals(List.of("run"), complete("--progress", "--units", "Mbit/s", "r"));
    }

    @Test
    void helpCompletesVerbNames() throws Exception {
        assertEquals(List.of("tcp"), complete("help", "tc"));
        List<String> verbs = Verbs.standard(file -> null).names().stream().sorted().toList();
        assertEquals(verbs, complete("help", "").stream().sorted().toList());
        assertEquals(List.of(), complete("help", "tcp", ""), "help takes one verb");
    }

    @Test
    void unitsCompleteAfterUnitsAlsoAfterAnEqualsSign() throws Exception {
        List<String> mega = ThroughputUnit.ALL.stream().map(ThroughputUnit::name).filter(n -> n.startsWith("M")).toList();
        assertEquals(mega, complete("--units", "M"));
        assertEquals(mega, complete("--units", "=", "M"));
        assertEquals(ThroughputUnit.ALL.stream().map(ThroughputUnit::name).toList(), complete("--units", "="));
    }

    @Test
    void filesCompleteAfterRunAndTheFileOptions() throws Exception {
        assertEquals(List.of("alpha.groovy"), complete("run", "al"));
        for (String option : List.of("--report", "--json", "--hosts", "--db")) {
            assertEquals(List.of("beta.groovy"), complete(option, "be"), option);
        }
        assertEquals(List.of(), complete("run", "alpha.groovy", "b"), "run takes one file");
    }

    @Test
    void completionCompletesTheShells() throws Exception {
        assertEquals(Completions.SHELLS, complete("completion", ""));
    }

    @Test
    void zshAcceptsTheScript() throws Exception {
        Path zsh = zsh();
        Path script = dir.resolve("scripts").resolve("_benchsh");
        Files.writeString(script, Completions.script("zsh"));
        Run r = run(List.of(zsh.toString(), "-n", script.toString()));
        assertEquals(0, r.exit, r.output);
        String text = Files.readString(script);
        for (CommandLineOption o : CommandLineOption.values()) {
            o.names.forEach(name -> assertTrue(Pattern.compile("'\\*?" + Pattern.quote(name) + (o.takesValue() && name.startsWith("--") ? "=" : "")
                    + "\\[").matcher(text).find(), name + " has an _arguments spec"));
        }
    }

    @Test
    void bashRegistersTheLauncherByItsNames() throws Exception {
        Run r = run(List.of("bash", "-c", "source \"$1\"; complete -p benchsh scripts/benchsh", "bash", bashScript.toString()));
        assertEquals(0, r.exit, r.output);
        assertEquals(List.of("complete -F _benchsh benchsh", "complete -F _benchsh scripts/benchsh"), r.output.lines().toList());
    }

    @Test
    void zshRegistersTheLauncherByItsNames() throws Exception {
        Path zsh = zsh();
        Path script = dir.resolve("scripts").resolve("_benchsh_names");
        Files.writeString(script, Completions.script("zsh"));
        Run r = run(List.of(zsh.toString(), "-f", "-c",
                "autoload -U compinit; compinit -u -D; source \"$1\"; print -r -- \"${_comps[benchsh]} ${_comps[scripts/benchsh]}\"",
                "zsh", script.toString()));
        assertEquals(0, r.exit, r.output);
        assertEquals("_benchsh _benchsh", r.output.strip());
        assertTrue(Files.readString(script).startsWith("#compdef benchsh scripts/benchsh\n"), "autoloaded from $fpath for both names");
    }

    @Test
    void theCommandLinePrintsTheScriptAndRejectsOtherShells() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(Main.OK, Main.run(new String[] {"completion", "bash"}, new PrintStream(out), new PrintStream(err)));
        assertEquals(Completions.script("bash"), out.toString(StandardCharsets.UTF_8));
        assertEquals(Main.USAGE, Main.run(new String[] {"completion", "fish"}, new PrintStream(out), new PrintStream(err)));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("completion needs a shell: bash or zsh, not 'fish'"), err.toString());
    }

    /** The zsh to check the script with; the test is skipped without one. */
    private static Path zsh() {
        Path zsh = Stream.of("/usr/bin/zsh", "/bin/zsh").map(Path::of).filter(Files::isExecutable).findFirst().orElse(null);
        Assumptions.assumeTrue(zsh != null, "zsh is missing (.ci/install-zsh.sh installs it): the zsh script is not checked");
        return zsh;
    }

    /** What bash offers for {@code benchsh WORDS...}, the last word being the one under the cursor. */
    private static List<String> complete(String... words) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", "-c",
                "source \"$1\"; shift; COMP_WORDS=(benchsh \"$@\"); COMP_CWORD=$#; _benchsh; printf '%s\\n' \"${COMPREPLY[@]}\"",
                "bash", bashScript.toString()));
        command.addAll(Arrays.asList(words));
        Run r = run(command);
        assertEquals(0, r.exit, r.output);
        return r.output.lines().filter(l -> !l.isEmpty()).toList();
    }

    private record Run(int exit, String output) {
    }

    private static Run run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        p.getOutputStream().close();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(command + " did not finish in 30 s");
        }
        return new Run(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
