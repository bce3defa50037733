package benchsh.shell.host.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
    void theScriptPrintsTheUidAWorkingHashToolAndThePlatformOfThisJava() throws Exception {
        Process p = new ProcessBuilder("/bin/sh", "-c", RemoteCommand.sh(DeployProbe.script())).start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        DeployProbe probe = DeployProbe.parse("local", out);
        assertEquals(Integer.parseInt(new String(new ProcessBuilder("id", "-u").start().getInputStream().readAllBytes()).strip()),
                probe.uid());
        assertEquals(DeployProbe.HashTool.SHA256SUM, probe.hash(), out);
        Platform here = Platform.ofThisJava();
        assertEquals(here.os() + "/" + here.arch() + " " + here.libc(),
                probe.platform().os() + "/" + probe.platform().arch() + " " + probe.platform().libc(), out);
        assertTrue(here.runs(probe.platform()), out);
        assertTrue(probe.platform().libcVersion().matches("[0-9]+\\.[0-9]+.*"), out);
    }

    @Test
    void onlyAKnownToolIsAccepted() throws Exception {
        assertEquals(DeployProbe.HashTool.OPENSSL, DeployProbe.parse("h1", "uid=1000\nhash=openssl dgst -sha256 -r\n").hash());
        assertNull(DeployProbe.parse("h1", "uid=1000\nhash=rm -rf /\n").hash());
        assertNull(DeployProbe.parse("h1", "uid=1000\n").hash());
    }

    @Test
    void thePlatformIsReadFromUnameAndTheLibcProbe() throws Exception {
        DeployProbe arm = DeployProbe.parse("h1", "uid=0\nhash=sha256sum\nos=Linux\narch=aarch64\nlibc=glibc 2.31\n");
        assertEquals(new Platform("linux", "aarch64", Platform.GLIBC, "2.31"), arm.platform());
        DeployProbe alpine = DeployProbe.parse("h1", "uid=0\nos=Linux\narch=x86_64\nlibc=musl\n");
        assertEquals(new Platform("linux", "x86_64", Platform.MUSL, ""), alpine.platform());
        DeployProbe bare = DeployProbe.parse("h1", "uid=0\nos=\narch=\nlibc=\n");
        assertFalse(bare.platform().known(), "a host without uname tells nothing");
    }

    @Test
    void aShellThatPrintsNoUidIsExplained() {
        HostException e = assertThrows(HostException.class, () -> DeployProbe.parse("h1", "Unknown command 'id'\n"));
        assertTrue(e.getMessage().contains("'Unknown command 'id''"), e.getMessage());
        assertEquals("deploy peer", e.step());
        assertTrue(e.getMessage().contains("not a uid"), e.getMessage());
    }

    @Test
    void theDigestIsTheFirstWordOfEveryToolsOutput() {
        assertEquals("ab12", DeployProbe.digest("AB12  -\n"));
        assertEquals("ab12", DeployProbe.digest("ab12 *stdin\n"));
    }
}
