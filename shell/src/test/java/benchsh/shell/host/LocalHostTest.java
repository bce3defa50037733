package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
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

    @Test
    void theLocalPeerRunsOnTheShellsJavaEvenFromANativeLauncher(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        String home = System.getProperty("java.home");
        assertEquals("/opt/jdk/bin/java", LocalHost.defaultJava(null, "/opt/jdk/bin/java", home), "a java binary runs the peer itself");
        assertEquals(home + "/bin/java", LocalHost.defaultJava(null, "/opt/benchsh/bin/benchsh", home),
                "a jpackage launcher is not java: the runtime's bin/java is");
        assertEquals(home + "/bin/java", LocalHost.defaultJava("  ", null, home), "a blank BENCHSH_JAVA does not count");
        assertEquals("/my/java", LocalHost.defaultJava("/my/java", "/opt/benchsh/bin/benchsh", home), "$BENCHSH_JAVA wins");
        assertEquals("/opt/benchsh/bin/benchsh", LocalHost.defaultJava(null, "/opt/benchsh/bin/benchsh", tmp.toString()),
                "a runtime without bin/java leaves the launcher, whose error then names what was tried");
    }

    @Test
    void extraJvmOptionsOfLocalPeersComeAfterTheDefaultsWithTheJvmLogOnStderr() {
        assertEquals(List.of("java", "-XX:+UseSerialGC", "-Xss512k", "-jar", "p.jar", "--stdio"), LocalHost.peerCommand("java", null, null, "p.jar"));
        assertEquals(List.of("java", "-XX:+UseSerialGC", "-Xss512k", "-jar", "p.jar", "--stdio"), LocalHost.peerCommand("java", null, " ", "p.jar"),
                "blank options add nothing");
        assertEquals(List.of("java", "-XX:+UseSerialGC", "-Xss512k", "-Xlog:disable", "-Xlog:all=warning:stderr",
                        "-Xlog:jfr+startup=error:stderr",                         "-XX:StartFlightRecording=filename=a.jfr", "-Xss1m", "-jar", "p.jar", "--stdio"),
                LocalHost.peerCommand("java", null, " -XX:StartFlightRecording=filename=a.jfr \t -Xss1m ", "p.jar"));
    }

    @Test
    void aLocalPeerRecordingAFlightRecordingStillAnswersTheHandshake(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        java.nio.file.Path jfr = tmp.resolve("peer.jfr");
        List<String> command = LocalHost.peerCommand(LocalHost.defaultJava(), null, "-XX:StartFlightRecording=filename=" + jfr, PeerJar.local().toString());
        Process p = new ProcessBuilder(command).redirectError(tmp.resolve("err.log").toFile()).start();
        try {
            var channel = new benchsh.peer.protocol.ControlChannel("peer", p.getInputStream(), p.getOutputStream());
            new PeerConnection("local", channel, () -> "").handshake(Version.current(), PeerConnection.HANDSHAKE_TIMEOUT);
        } finally {
            p.getOutputStream().close();
            assertTrue(p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS), "the peer exits when its stdin closes");
        }
        assertTrue(java.nio.file.Files.size(jfr) > 0, "the recording was written at exit");
    }

    @Test
    void aPinnedLocalPeerRunsUnderTaskset() {
        assertEquals(List.of("taskset", "-c", "0,2", "java", "-XX:+UseSerialGC", "-Xss512k", "-jar", "p.jar", "--stdio"),
                LocalHost.peerCommand("java", "0,2", null, "p.jar"));
    }

    @Test
    void pinningWithoutTasksetOrOnCpusThisMachineLacksSaysWhatToDo(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) {
        HostException missing = assertThrows(HostException.class, () -> LocalHost.checkPinning("local", "0", tmp.toString()));
        assertEquals("local: start peer: cpus: '0' needs taskset (util-linux) on this machine; install it or drop cpus:", missing.getMessage());
        assumeTrue(hasTaskset(), "needs taskset");
        String none = String.valueOf(Runtime.getRuntime().availableProcessors() + 1000);
        HostException refused = assertThrows(HostException.class, () -> LocalHost.checkPinning("local", none, System.getenv("PATH")));
        assertTrue(refused.getMessage().startsWith("local: start peer: cpus: '" + none + "' was refused (taskset: "), refused.getMessage());
        assertTrue(refused.getMessage().contains("; give CPUs the host has; a process there may run on CPUs "), refused.getMessage());
    }

    private static boolean hasTaskset() {
        return java.nio.file.Files.isExecutable(java.nio.file.Path.of("/usr/bin/taskset"));
    }

    @Test
    void aLocalPeerPinnedToCpu0ReportsItAndUnpinningRestartsIt() throws Exception {
        assumeTrue(hasTaskset(), "needs taskset");
        try (LocalHost h = new LocalHost("local", LocalHost.defaultJava())) {
            assertFalse(h.cpus("0"), "no peer was running");
            h.peer();
            assertEquals("0", h.facts().get("cpus_allowed"));
            long pinned = h.peerPid();
            assertFalse(h.cpus(" 0 "), "the same list leaves the peer alone");
            assertEquals(pinned, h.peerPid());
            assertTrue(h.cpus(""), "the pinned peer is closed");
            ProcessHandle old = ProcessHandle.of(pinned).orElse(null);
            assertTrue(old == null || !old.isAlive(), "the pinned peer is gone");
            h.peer();
            assertNull(h.cpus());
            assertEquals(Host.State.READY, h.state());
            assertTrue(h.peerPid() != pinned);
            assertEquals(java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status")).stream()
                    .filter(l -> l.startsWith("Cpus_allowed_list:")).map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst()
                    .orElseThrow(), h.facts().get("cpus_allowed"), "unpinned, the peer may run where the shell may");
        }
    }
}
