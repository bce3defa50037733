package benchsh.shell.host;

import static benchsh.shell.host.PeerTextTest.HOSTILE;
import static benchsh.shell.host.PeerTextTest.hasControl;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A hostile host whose peer answers with escape sequences in its facts, interval samples and errors:
 * what the session prints (fact sheet, host table, result row, error line) shows them escaped and
 * holds no character a terminal would act on.
 */
@Timeout(60)
class HostilePeerTest {

    /** A host named {@code name} whose peer is {@code peer}. */
    private static Host host(String name, FakePeer peer) {
        return new Host(name) {
            @Override
            public String dataAddress() {
                return "127.0.0.1";
            }

            @Override
            protected PeerConnection connect() throws HostException, InterruptedException {
                PeerConnection c = new PeerConnection(name(), peer.shellEnd(), () -> null);
                c.handshake("test", Duration.ofSeconds(20));
                return c;
            }
        };
    }

    @Test
    void whatTheSessionPrintsCarriesNoRawControlCharacters() throws Exception {
        StringWriter text = new StringWriter();
        try (FakePeer peer = new FakePeer(Map.of("kernel", HOSTILE, "hostname", "evil" + PeerTextTest.ESC + "[8m"), 2, Duration.ofMillis(10),
                HOSTILE);
                Session session = new Session(new PrintWriter(text))) {
            session.hosts().add(host("evil", peer));
            ScriptRunner runner = new ScriptRunner(session);
            runner.evaluate("sysinfo 'evil'\nhosts", "hostile");
            Result r = (Result) runner.evaluate("tcp from: 'evil', to: 'evil', time: 1.s", "hostile");
            session.out().flush();
            assertEquals(Status.FAILED, r.status());
            assertEquals("evil: " + PeerText.line(HOSTILE), r.error());
            String printed = text.toString();
            assertTrue(printed.contains("\\x1b[31mred\\x1b]0;owned\\x07"), printed);
            assertFalse(hasControl(printed, true), "raw control characters in:\n" + printed);
        }
    }
}
