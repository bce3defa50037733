package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Main;
import benchsh.shell.ProcFs;
import benchsh.shell.Session;
import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Faults on the testbed, between hosts reached over SSH: a remote peer killed with SIGKILL, the
 * shell JVM killed while a remote peer runs, and a host's link set down mid-test. Each ends within
 * its limit, names the host, and leaves no peer behind. Skips without the testbed ({@link Testbed}).
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@Timeout(120)
class TestbedFaultsE2eTest {
    private static CompletableFuture<Result> start(Session session, String verb, Map<String, Object> args) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return (Result) new benchsh.shell.script.ScriptRunner(session).verbs().get(verb).invoke(session, new Object[] {args});
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static long onlyPeer(int host) throws Exception {
        List<Long> pids = Testbed.peers(host);
        assertEquals(1, pids.size(), "one peer on h" + host + ": " + pids);
        return pids.get(0);
    }

    @Test
    void aRemotePeerKilledMidTestIsNamedWithin5sAndThePartnerStops() throws Exception {
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            new ScriptRunner(session).evaluate("a = host 'h1'; b = host 'h2'; connect a, b", "e2e");
            long partner = onlyPeer(1);
            Set<String> idleSockets = ProcFs.inetSocketInodes(partner);
            CompletableFuture<Result> run = start(session, "tcp", Map.of("from", "h1", "to", "h2", "time", 30, "interval", 0.25));
            Thread.sleep(2500);
            assertFalse(run.isDone(), "still running: " + text);
            ProcessHandle.of(onlyPeer(2)).orElseThrow().destroyForcibly();
            long killed = System.nanoTime();
            Result r = run.get(20, TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - killed) / 1e9;
            assertTrue(seconds < 5.0, "stopped " + seconds + " s after the kill");
            assertEquals(Status.FAILED, r.status());
            assertTrue(r.error() != null && r.error().contains("h2"), r.error());
            assertFalse(r.intervals().isEmpty(), "the intervals measured before the kill are kept");
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!idleSockets.containsAll(ProcFs.inetSocketInodes(partner)) && System.nanoTime() < end) {
                Thread.sleep(50);
            }
            assertTrue(idleSockets.containsAll(ProcFs.inetSocketInodes(partner)), "h1's side closed its data sockets");
        }
        assertTrue(Testbed.peersLeft(Duration.ofSeconds(10)).isEmpty(), "no peer left");
    }

    @Test
    void killingTheShellEndsTheRemotePeerWithin30s() throws Exception {
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder pb = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "-e", "h = host 'h1'; tcp from: h, to: local, time: 60.s")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("BENCHSH_SSH_CONFIG", Testbed.STATE.resolve("ssh_config").toString());
        Process shell = pb.start();
        try {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
            while (Testbed.peers(1).isEmpty() && shell.isAlive() && System.nanoTime() < end) {
                Thread.sleep(100);
            }
            assertFalse(Testbed.peers(1).isEmpty(), "the shell started a peer on h1");
            Thread.sleep(1000); // the test is running
            List<ProcessHandle> local = shell.toHandle().descendants().toList();
            shell.toHandle().destroyForcibly();
            assertTrue(shell.waitFor(10, TimeUnit.SECONDS));
            List<Long> left = Testbed.peersLeft(Duration.ofSeconds(30));
            assertTrue(left.isEmpty(), "remote peers left 30 s after the shell died: " + left);
            for (ProcessHandle p : local) {
                p.onExit().get(30, TimeUnit.SECONDS);
            }
        } finally {
            shell.destroyForcibly();
        }
    }

    @Test
    void aLinkSetDownMidTestIsAStallNamingTheHostNotAHang() throws Exception {
        StringWriter text = new StringWriter();
        Session session = Testbed.session(new PrintWriter(text));
        try {
            new ScriptRunner(session).evaluate("a = host 'h1'; b = host 'h2'; connect a, b", "e2e");
            CompletableFuture<Result> run = start(session, "tcp", Map.of("from", "h1", "to", "h2", "time", 30, "timeout", 3));
            Thread.sleep(2000);
            assertFalse(run.isDone(), "still running: " + text);
            assertEquals(0, Testbed.run(List.of("ip", "link", "set", Testbed.veth(2), "down"), Duration.ofSeconds(10)).exit());
            long down = System.nanoTime();
            Result r = run.get(30, TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - down) / 1e9;
            assertEquals(Status.FAILED, r.status());
            assertTrue(r.error() != null && r.error().matches(".*no data from h2 for \\d+ s.*"), r.error());
            assertTrue(seconds < 3 + 5 + 2, "ended " + seconds + " s after the link went down (receive timeout 3 s)");
        } finally {
            Testbed.run(List.of("ip", "link", "set", Testbed.veth(2), "up"), Duration.ofSeconds(10));
            long closing = System.nanoTime();
            session.close();
            assertTrue(System.nanoTime() - closing < TimeUnit.SECONDS.toNanos(30), "closing a session with a host cut off is bounded");
        }
        assertTrue(Testbed.peersLeft(Duration.ofSeconds(30)).isEmpty(), "no peer left");
    }
}
