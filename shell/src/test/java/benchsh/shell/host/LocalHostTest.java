package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
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
        assertEquals(List.of("java", "-XX:+UseSerialGC", "-Xss512k", "-XX:-UsePerfData", "-jar", "p.jar", "--stdio"), LocalHost.peerCommand("java", null, null, "p.jar"));
        assertEquals(List.of("java", "-XX:+UseSerialGC", "-Xss512k", "-XX:-UsePerfData", "-jar", "p.jar", "--stdio"), LocalHost.peerCommand("java", null, " ", "p.jar"),
                "blank options add nothing");
        assertEquals(List.of("java", "-XX:+UseSerialGC", "-Xss512k", "-XX:-UsePerfData", "-Xlog:disable", "-Xlog:all=warning:stderr",
                        "-Xlog:jfr+startup=error:stderr",                         "-XX:StartFlightRecording=filename=a.jfr", "-Xss1m", "-jar", "p.jar", "--stdio"),
                LocalHost.peerCommand("java", null, " -XX:StartFlightRecording=filename=a.jfr \t -Xss1m ", "p.jar"));
    }

    /** A peer killed with SIGKILL left /tmp/hsperfdata_USER/PID: the file exists only while a JVM with perf data runs. */
    @Test
    void aLocalPeerKeepsNoPerfDataFileAKillCouldLeave() throws Exception {
        Path perfData = Path.of(System.getProperty("java.io.tmpdir"), "hsperfdata_" + System.getProperty("user.name"));
        assumeTrue(Files.exists(perfData.resolve(Long.toString(ProcessHandle.current().pid()))), "this JVM keeps perf data where the peer's would go");
        try (LocalHost h = new LocalHost("local", LocalHost.defaultJava())) {
            h.peer();
            assertFalse(Files.exists(perfData.resolve(Long.toString(h.peerPid()))), "the running peer has no perf data file");
        }
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
        assertEquals(List.of("taskset", "-c", "0,2", "java", "-XX:+UseSerialGC", "-Xss512k", "-XX:-UsePerfData", "-jar", "p.jar", "--stdio"),
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

    /** benchsh's first line of a local peer's log, which the sweep looks for. */
    private static final String MARKER = "# benchsh local peer log: ";

    /** The reproduced bug: the next shell deleted any such log whose pid did not run here, whoever owned it. */
    @Test
    void startingALocalPeerSweepsOnlyWhatIsCertainlyGone() throws Exception {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        long gone = exitedPid();
        Map<String, String> own = Map.of("boot", Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).strip(),
                "ns", Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString());
        String id = UUID.randomUUID().toString();
        List<Path> planted = new ArrayList<>();
        try {
            Path unmarked = plant(planted, tmp, gone, id + "-unmarked", "not benchsh's");
            Path otherNamespace = plant(planted, tmp, gone, id + "-ns", MARKER + "shell " + gone + ", boot " + own.get("boot")
                    + ", pid namespace pid:[1]");
            Path killed = plant(planted, tmp, gone, id + "-killed", MARKER + "shell " + gone + ", boot " + own.get("boot")
                    + ", pid namespace " + own.get("ns"));
            Path theirs = null;
            if ("root".equals(System.getProperty("user.name"))) {
                theirs = plant(planted, tmp, gone, id + "-theirs", MARKER + "shell " + gone + ", boot " + own.get("boot")
                        + ", pid namespace " + own.get("ns"));
                Files.setAttribute(theirs, "unix:uid", 65534);
            }
            try (LocalHost h = new LocalHost("local", LocalHost.defaultJava())) {
                h.peer();
            }
            assertTrue(Files.exists(unmarked), "a file without benchsh's first line stays");
            assertTrue(Files.exists(otherNamespace), "a shell of another PID namespace may be alive: its log stays");
            assertTrue(theirs == null || Files.exists(theirs), "another user's file stays");
            assertFalse(Files.exists(killed), "the log of this user's killed shell goes");
        } finally {
            for (Path p : planted) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static Path plant(List<Path> planted, Path tmp, long pid, String suffix, String firstLine) throws IOException {
        Path p = tmp.resolve("benchsh-local-peer-" + pid + "-" + suffix + ".log");
        planted.add(p);
        return Files.writeString(p, firstLine + "\n");
    }

    /** The pid of a process that has just exited: no process of this namespace runs under it (barring a quick reuse). */
    private static long exitedPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }
}
