package benchsh.shell.host.shellpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.host.HostException;
import benchsh.shell.host.ssh.SshTarget;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the probe learns of a host's tools: busybox's under dash and under its own sh, and what a host lacks said plainly. */
@Timeout(120)
class ToolProbeTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void busyboxToolsAreFoundWithWhatTheyCanDo(boolean busyboxSh) throws Exception {
        ShellHost.assumeBusybox();
        try (ShellHost h = new ShellHost(tmp, busyboxSh, SshTarget.PeerChoice.SHELL)) {
            Tools t = h.host.shell().tools();
            assertTrue(t.busybox().startsWith("BusyBox v"), t.toString());
            assertTrue(t.label().matches("BusyBox v[0-9.]+"), t.label());
            for (String c : List.of("nc", "dd", "tar", "cp", "od", "grep", "find", "ls", "rm", "mkdir", "wc", "kill", "sleep", "cat", "printf")) {
                assertTrue(t.has(c), c + " in " + t);
            }
            assertEquals("-l -p", t.ncListen(), "busybox's nc listens with -l -p");
            assertEquals("", t.ncClose(), "busybox's nc ends its sending half by itself");
            assertFalse(t.dd("conv=fdatasync"), "busybox's dd has no fdatasync");
            assertEquals("fsync", t.ddSync());
            assertTrue(t.dd("iflag=direct") && t.dd("oflag=direct"), t.toString());
            assertFalse(t.dd("oflag=dsync"), t.toString());
            assertFalse(t.ddCountsBytes(), "busybox's dd says records, not bytes");
            assertTrue(t.fractionalSleep(), t.toString());
            assertNull(t.lacking("dut", "pipe", List.of("nc", "dd")));
            assertTrue(h.host.shell().known() == t, "probed once, kept");
        }
    }

    @Test
    void gnuToolsWithoutNcAreSaidToLackIt() throws Exception {
        try (ShellHost h = new ShellHost(tmp, false, SshTarget.PeerChoice.SHELL, "/usr/bin:/bin")) {
            Tools t = h.host.shell().tools();
            assertNull(t.busybox(), "GNU's dd is not busybox's: " + t);
            assertTrue(t.dd("conv=fdatasync") && t.dd("oflag=dsync") && t.ddCountsBytes(), t.toString());
            assertTrue(t.has("tar") && t.has("dd"), t.toString());
            if (!t.has("nc")) {
                assertNull(t.ncListen());
                assertTrue(h.host.shell().note(null).startsWith("dut runs its own tools (sh), no Java peer (peer: 'shell')"), h.host.shell().note(null));
            }
        }
        Tools gnu = ToolProbe.parse("@t", String.join("\n", "@t has dd", "@t has ls", "@t has cat", "@t has kill", "@t has sleep", "@t has rm",
                "@t dd conv=fdatasync", "@t dd conv=fsync", "@t dd oflag=dsync", "@t dd bytes", "@t sleeps fractions", "noise", "@x has nc"));
        assertNull(gnu.busybox());
        assertEquals("sh", gnu.label());
        assertEquals("fdatasync", gnu.ddSync());
        assertTrue(gnu.ddCountsBytes());
        assertFalse(gnu.has("nc"), "a line of another token is not the probe's");
        assertNull(gnu.ncListen());
        assertEquals("dut has no nc or od on its PATH: pipe to a host without a peer needs them there",
                gnu.lacking("dut", "pipe to a host without a peer", List.of("nc", "dd", "od")));
        assertEquals("dut has no tar on its PATH: copy needs it there", gnu.lacking("dut", "copy", List.of("tar")));
    }

    @Test
    void aShellThatCannotRunTheProbeIsNamed() throws Exception {
        Tools none = ToolProbe.parse("@t", "");
        assertEquals(Set.of(), none.commands());
        HostException e = assertThrows(HostException.class, () -> {
            try (ShellHost h = new ShellHost(tmp, false, SshTarget.PeerChoice.SHELL)) {
                h.server.close();
                h.host.shell().tools();
            }
        });
        assertEquals("dut", e.host());
    }
}
