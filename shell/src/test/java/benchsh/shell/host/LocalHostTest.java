package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class LocalHostTest {

    @Test
    void aPeerThatCannotStartSaysWhatWasTried() {
        try (LocalHost h = new LocalHost("local", "/nonexistent/bin/java")) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertTrue(e.getMessage().startsWith("local: start peer: cannot run '/nonexistent/bin/java"), e.getMessage());
            assertTrue(e.getMessage().contains("BENCHSH_JAVA"), e.getMessage());
            assertEquals(Host.State.FAILED, h.state());
        }
    }

    @Test
    void theLocalPeerReportsItsFactsAndDiesWithTheShellConnection() throws Exception {
        LocalHost h = new LocalHost("local", LocalHost.defaultJava());
        h.peer();
        assertEquals(Host.State.READY, h.state());
        assertTrue(h.facts().containsKey("kernel"));
        long pid = h.peerPid();
        assertTrue(pid > 0);
        h.close();
        ProcessHandle p = ProcessHandle.of(pid).orElse(null);
        assertTrue(p == null || !p.isAlive(), "peer process still alive after close");
    }
}
