package benchsh.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.args.UsageException;
import benchsh.shell.config.Config;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The command line reads like other Unix tools': options anywhere, --opt=value, -- and - for stdin. */
class OptionsTest {
    private static Options parse(String... args) {
        return Options.parse(args);
    }

    @Test
    void optionsMayComeBeforeOrAfterTheScriptFile() {
        for (Options o : new Options[] {parse("run", "--dry-run", "a.groovy"), parse("run", "a.groovy", "--dry-run"),
                parse("--dry-run", "run", "a.groovy")}) {
            assertEquals("run", o.command);
            assertEquals("a.groovy", o.argument);
            assertTrue(o.dryRun);
        }
    }

    @Test
    void anOptionsValueMayFollowAnEqualsSign() {
        Options o = parse("--json=-", "--set=size=64", "--units=Mbit/s", "-e", "1");
        assertEquals("-", o.json);
        assertEquals("64", o.sets.get("size"));
        assertEquals("Mbit/s", o.units);
        assertEquals("1", o.argument);
    }

    @Test
    void doubleDashEndsTheOptionsAndDashReadsStandardInput() {
        assertEquals("--odd-name.groovy", parse("run", "--", "--odd-name.groovy").argument);
        assertEquals("-", parse("run", "-").argument);
    }

    @Test
    void helpTakesAVerbOrAPage() {
        assertEquals("tcp", parse("help", "tcp").argument);
        assertEquals("--markdown", parse("help", "--markdown").page);
        assertEquals("--metrics", parse("--metrics", "help").page);
    }

    @Test
    void completionTakesAShell() {
        assertEquals("completion", parse("completion", "zsh").command);
        assertEquals("bash", parse("completion", "bash").argument);
        assertTrue(assertThrows(UsageException.class, () -> parse("completion")).getMessage().contains("completion needs a shell: bash or zsh"));
        assertTrue(assertThrows(UsageException.class, () -> parse("completion", "fish")).getMessage().contains("not 'fish'"));
    }

    @Test
    void deployRuntimeIsAGlobalOption() {
        assertTrue(parse("--deploy-runtime", "-e", "1").deployRuntime);
        assertFalse(parse("-e", "1").deployRuntime);
    }

    @Test
    void theConfigFillsOnlyWhatTheCommandLineLeftOpenAndBenchshDbWins() {
        Config config = new Config("Mbit/s", "/srv/team.db", "/lab/hosts.groovy", List.of());
        Options given = parse("--units", "Gbit/s", "-e", "1");
        given.defaults(config, false);
        assertEquals("Gbit/s", given.units);
        assertEquals("/srv/team.db", given.db);
        assertEquals("/lab/hosts.groovy", given.hosts);
        Options env = parse("-e", "1");
        env.defaults(config, true);
        assertEquals(null, env.db, "$BENCHSH_DB names the store");
        assertEquals("Mbit/s", env.units);
    }

    @Test
    void mistakesAreNamed() {
        assertTrue(assertThrows(UsageException.class, () -> parse("run")).getMessage().contains("run needs a script file"));
        assertTrue(assertThrows(UsageException.class, () -> parse("--dry-run=yes", "-e", "1")).getMessage().contains("--dry-run takes no value"));
        assertTrue(assertThrows(UsageException.class, () -> parse("--json")).getMessage().contains("--json needs a value"));
        assertTrue(assertThrows(UsageException.class, () -> parse("--jsn", "-")).getMessage().contains("unknown option '--jsn'"));
        assertTrue(assertThrows(UsageException.class, () -> parse("a.groovy")).getMessage().contains("unknown command 'a.groovy'"));
        assertTrue(assertThrows(UsageException.class, () -> parse("run", "a.groovy", "b.groovy")).getMessage()
                .contains("unexpected argument 'b.groovy'"));
        assertTrue(assertThrows(UsageException.class, () -> parse("-e", "1", "-e", "2")).getMessage().contains("give one of"));
        assertTrue(assertThrows(UsageException.class, () -> parse("--markdown", "-e", "1")).getMessage().contains("goes with help"));
    }
}
