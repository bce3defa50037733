package benchsh.shell;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The shell JVM killed with SIGKILL mid-test (no shutdown hook runs): every peer it started sees its
 * stdin close, stops its sides, removes its temp directory and exits within 30 s. The shell's own
 * temp file (the local peer's log) is removed by the next shell that starts a local peer.
 */
@Timeout(90)
class ShellKillTest {
    static final Duration ORPHAN_LIMIT = Duration.ofSeconds(30);

    @Test
    void killingTheShellEndsEveryPeerAndRemovesItsTempFiles() throws Exception {
        assumeTrue(ProcFs.available(), "needs /proc (Linux)");
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        // zerocopy: the sender keeps a file in its peer's temp directory for the whole test
        Process shell = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "-e", "tcp to: local, time: 60.s, zerocopy: true, rate: 10.Mbit")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            Optional<ProcessHandle> peer = Optional.empty();
            Path tempDir = null;
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
            while (tempDir == null && System.nanoTime() < end && shell.isAlive()) {
                peer = shell.toHandle().descendants().filter(p -> p.info().commandLine().orElse("").contains("--stdio")).findFirst();
                tempDir = peer.flatMap(p -> ProcFs.openFiles(p.pid()).stream().filter(f -> f.contains("/benchsh-peer-")).findFirst())
                        .map(f -> Path.of(f).getParent()).orElse(null);
                Thread.sleep(100);
            }
            assertTrue(shell.isAlive(), "the shell runs the test");
            assertTrue(tempDir != null, "the peer's temp directory shows up in its open files");
            List<ProcessHandle> peers = shell.toHandle().descendants().toList();

            shell.toHandle().destroyForcibly();
            assertTrue(shell.waitFor(10, TimeUnit.SECONDS), "the shell is gone");
            long killed = System.nanoTime();

            for (ProcessHandle p : peers) {
                long left = ORPHAN_LIMIT.toNanos() - (System.nanoTime() - killed);
                p.onExit().get(Math.max(1, left), TimeUnit.NANOSECONDS);
                assertFalse(p.isAlive(), "process " + p.pid() + " exited");
            }
            assertFalse(Files.exists(tempDir), tempDir + " was removed");

            // the shell's own file, the local peer's log, goes when the next shell starts a local peer
            Path log = Path.of(System.getProperty("java.io.tmpdir"));
            List<Path> logs;
            try (var s = Files.newDirectoryStream(log, "benchsh-local-peer-" + shell.pid() + "-*.log")) {
                logs = java.util.stream.StreamSupport.stream(s.spliterator(), false).toList();
            }
            assertFalse(logs.isEmpty(), "the killed shell left its peer log");
            try (Session next = new Session(new java.io.PrintWriter(new java.io.StringWriter()))) {
                next.hosts().local().peer();
            }
            for (Path p : logs) {
                assertFalse(Files.exists(p), p + " was removed by the next shell");
            }
        } finally {
            shell.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            shell.destroyForcibly();
        }
    }
}
