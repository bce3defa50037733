package benchsh.shell.host.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.host.HostException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The deploy probe: its script under this machine's /bin/sh, and how its output is read. */
class DeployProbeTest {
    @Test
    void theScriptPrintsTheUidAndAWorkingHashTool() throws Exception {
        Process p = new ProcessBuilder("/bin/sh", "-c", RemoteCommand.sh(DeployProbe.script())).start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        DeployProbe probe = DeployProbe.parse("local", out);
        assertEquals(Integer.parseInt(new String(new ProcessBuilder("id", "-u").start().getInputStream().readAllBytes()).strip()),
                probe.uid());
        assertEquals(DeployProbe.HashTool.SHA256SUM, probe.hash(), out);
    }

    @Test
    void onlyAKnownToolIsAccepted() throws Exception {
        assertEquals(DeployProbe.HashTool.OPENSSL, DeployProbe.parse("h1", "1000\nopenssl dgst -sha256 -r\n").hash());
        assertNull(DeployProbe.parse("h1", "1000\nrm -rf /\n").hash());
        assertNull(DeployProbe.parse("h1", "1000\n").hash());
    }

    @Test
    void aShellThatPrintsNoUidIsExplained() {
        HostException e = assertThrows(HostException.class, () -> DeployProbe.parse("h1", "Unknown command 'id'\n"));
        assertEquals("deploy peer", e.step());
        assertTrue(e.getMessage().contains("not a uid"), e.getMessage());
    }

    @Test
    void theDigestIsTheFirstWordOfEveryToolsOutput() {
        assertEquals("ab12", DeployProbe.digest("AB12  -\n"));
        assertEquals("ab12", DeployProbe.digest("ab12 *stdin\n"));
    }
}
