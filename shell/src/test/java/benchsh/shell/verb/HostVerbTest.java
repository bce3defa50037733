package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.host.SshHost;
import benchsh.shell.script.ScriptError;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@code host}, {@code hosts} and {@code connect} from scripts, without reaching any host. */
class HostVerbTest {
    @Test
    void hostIsRegisteredUnderItsNameAndBoundByAssignment() {
        StringWriter out = new StringWriter();
        try (Session session = new Session(new PrintWriter(out))) {
            ScriptRunner runner = new ScriptRunner(session);
            Object a = runner.evaluate("a = host 'me@pc1:2222'; a", "t");
            SshHost h = (SshHost) a;
            assertEquals("me@pc1:2222", h.name());
            assertEquals("me", h.target().user());
            assertEquals(2222, h.target().port());
            assertSame(h, session.host("me@pc1:2222"));
            assertSame(h, runner.evaluate("host 'me@pc1:2222'", "t"), "the same spec gives the same host");
            Object named = runner.evaluate("host 'me@pc1:2222', name: 'pc1', dir: '/tmp/w'", "t");
            assertSame(named, session.host("pc1"));
            runner.evaluate("hosts", "t");
            assertTrue(out.toString().contains("pc1") && out.toString().contains("new"), out.toString());
        }
    }

    @Test
    void runtimeTrueAsksForAPrivateRuntimeWhereJavaIsMissing() {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            ScriptRunner runner = new ScriptRunner(session);
            SshHost plain = (SshHost) runner.evaluate("host 'me@pc1'", "t");
            assertTrue(!plain.target().runtime(), "no runtime unless asked");
            SshHost asked = (SshHost) runner.evaluate("host 'me@pc1', runtime: true", "t");
            assertTrue(asked.target().runtime());
            assertTrue(assertThrows(ScriptError.class, () -> runner.evaluate("host 'me@pc2', runtime: 'maybe'", "t")).getMessage()
                    .contains("true or false"));
        }
    }

    @Test
    void badSpecsAreUsageErrors() {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            ScriptRunner runner = new ScriptRunner(session);
            assertTrue(assertThrows(ScriptError.class, () -> runner.evaluate("host 'me@pc1:70000'", "t")).getMessage().contains("port"));
            assertTrue(assertThrows(ScriptError.class, () -> runner.evaluate("host 'local'", "t")).getMessage().contains("built-in"));
            assertTrue(assertThrows(ScriptError.class, () -> runner.evaluate("host 'me@pc1', passwd: 'x'", "t")).getMessage()
                    .contains("did you mean"));
        }
    }

    @Test
    void connectReportsEveryFailingHostOnOneLine() {
        StringWriter out = new StringWriter();
        try (Session session = new Session(new PrintWriter(out))) {
            Object ready = new ScriptRunner(session).evaluate("connect host('me@no-such-host-1.invalid'), host('me@no-such-host-2.invalid')", "t");
            assertEquals(java.util.List.of(), ready);
            assertTrue(out.toString().contains("error: me@no-such-host-1.invalid: resolve: unknown host name"), out.toString());
            assertTrue(out.toString().contains("error: me@no-such-host-2.invalid: resolve:"), out.toString());
            assertTrue(out.toString().contains("0 of 2 hosts ready"), out.toString());
        }
    }
}
