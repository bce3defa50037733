package benchsh.shell.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.host.LocalHost;
import benchsh.shell.host.SshHost;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An .ini inventory's passwords: prompt, env(NAME) or written; none of them reaches a host until used. */
class InventoryTest {
    @Test
    void aWrittenPasswordIsRememberedForMasking(@TempDir Path dir) throws Exception {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            Path ini = Files.writeString(dir.resolve("hosts.ini"), "[hosts]\npc3 = me@pc3 password=hunter2x dir=/tmp/w\n");
            ScriptRunner runner = new ScriptRunner(session);
            Inventory.load(ini, session, runner);
            assertTrue(runner.evaluate("pc3", "t") instanceof SshHost);
            assertEquals("--set x=***", session.secrets().redact("--set x=hunter2x"));
        }
    }

    @Test
    void promptInBatchModeAndAnUnsetVariableAreErrorsNamingFileAndLine(@TempDir Path dir) throws Exception {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            Path prompt = Files.writeString(dir.resolve("a.ini"), "# lab\npc1 = me@pc1 password=prompt\n");
            ScriptError e = assertThrows(ScriptError.class, () -> Inventory.load(prompt, session, new ScriptRunner(session)));
            assertTrue(e.located().startsWith(prompt + ":2: host pc1: password: prompt asks on a terminal, and this run has none"), e.located());
            Path env = Files.writeString(dir.resolve("b.ini"), "pc2 = me@pc2 password=env(BENCHSH_TEST_SURELY_UNSET)\n");
            ScriptError unset = assertThrows(ScriptError.class, () -> Inventory.load(env, session, new ScriptRunner(session)));
            assertTrue(unset.located().startsWith(env + ":1: env('BENCHSH_TEST_SURELY_UNSET'): the environment variable"), unset.located());
        }
    }

    @Test
    void cpusPinHostsAndTheLocalHost(@TempDir Path dir) throws Exception {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            Path ini = Files.writeString(dir.resolve("hosts.ini"), "pc1 = me@pc1 cpus=0-1\nlocal = local cpus=1\n");
            Inventory.load(ini, session, new ScriptRunner(session));
            assertEquals("0-1", ((SshHost) session.host("pc1")).target().cpus());
            assertEquals("1", ((LocalHost) session.hosts().local()).cpus());
        }
    }
}
