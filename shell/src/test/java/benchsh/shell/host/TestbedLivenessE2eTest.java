package benchsh.shell.host;

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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The shell's machine vanishes mid-test (its network drops without a FIN): every remote peer stops
 * within 60 s by its own deadline on the shell's silence, and the shell's result fails naming the
 * host. Skips without the testbed ({@link Testbed}).
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@Timeout(240)
class TestbedLivenessE2eTest {
    private static final Duration PEER_LIMIT = Duration.ofSeconds(60);

    @Test
    void peersStopWithin60sWhenTheShellsNetworkVanishesMidTest() throws Exception {
        StringWriter text = new StringWriter();
        Session session = Testbed.session(new PrintWriter(text));
        List<List<String>> undo = new ArrayList<>();
        try {
            // one after the other: the testbed's hosts share one home, and two first uploads at once race on its .cache
            ScriptRunner runner = new ScriptRunner(session);
            runner.evaluate("a = host 'h1'; b = host 'h2'; connect a; connect b", "e2e");
            ProcessHandle sshd1 = sshdOf(1);
            ProcessHandle sshd2 = sshdOf(2);
            CompletableFuture<Result> run = CompletableFuture.supplyAsync(() -> (Result) runner.evaluate("tcp from: 'h1', to: 'h2', time: 180.s", "e2e"));
            Thread.sleep(3000);
            assertFalse(run.isDone(), "the test runs: " + text);

            // Cut only the shell's control path, both ways, with blackhole routes: nothing is answered, no FIN
            // or RST is sent, as when the shell's machine loses power. Setting a veth down would also cut the
            // h1-h2 data path, and its sides could then end by themselves (a stall); with the data path left up
            // the test runs on, so only the peers' deadline on the shell's silence can end them.
            for (int h = 1; h <= 2; h++) {
                undo.add(route(null, Testbed.address(h)));
                undo.add(route(Testbed.netns(h), Testbed.address(0)));
            }
            long cut = System.nanoTime();
            List<Long> left = Testbed.peersLeft(PEER_LIMIT);
            double seconds = (System.nanoTime() - cut) / 1e9;
            assertTrue(left.isEmpty(), "peers still running " + PEER_LIMIT.toSeconds() + " s after the cut: " + left);
            // sshd notices a dead client only after 4 unanswered ClientAliveInterval (15 s) probes, and it keeps
            // the session while it waits: a session still there shows the peer left by its own deadline
            assertTrue(sshd1.isAlive() && sshd2.isAlive(), "the peers' sshd sessions are still up, " + seconds + " s after the cut");

            Result r = run.get(90, TimeUnit.SECONDS);
            assertEquals(Status.FAILED, r.status(), text.toString());
            assertTrue(r.error() != null && r.error().matches("h[12]: .*"), r.error());
        } finally {
            for (List<String> command : undo) {
                Testbed.run(command, Duration.ofSeconds(10));
            }
            long closing = System.nanoTime();
            session.close();
            assertTrue(System.nanoTime() - closing < TimeUnit.SECONDS.toNanos(30), "closing the session is bounded");
        }
        assertTrue(Testbed.peersLeft(Duration.ofSeconds(30)).isEmpty(), "no peer left");
    }

    /** The sshd session process that runs the one peer on host {@code h} (the peer's parent: it is started with exec). */
    private static ProcessHandle sshdOf(int h) throws Exception {
        List<Long> pids = Testbed.peers(h);
        assertEquals(1, pids.size(), "one peer on h" + h + ": " + pids);
        ProcessHandle parent = ProcessHandle.of(pids.get(0)).flatMap(ProcessHandle::parent).orElseThrow();
        assertTrue(parent.info().commandLine().orElse("").contains("sshd"), "the peer runs under sshd: " + parent.info());
        return parent;
    }

    /** Adds a blackhole route to {@code address} in {@code netns} (null: this machine's namespace); returns the command that removes it. */
    private static List<String> route(String netns, String address) throws Exception {
        List<String> ip = netns == null ? List.of("ip") : List.of("ip", "-n", netns);
        List<String> add = new ArrayList<>(ip);
        add.addAll(List.of("route", "add", "blackhole", address + "/32"));
        Testbed.Outcome o = Testbed.run(add, Duration.ofSeconds(10));
        assertEquals(0, o.exit(), String.join(" ", add) + ": " + o.output());
        List<String> del = new ArrayList<>(ip);
        del.addAll(List.of("route", "del", "blackhole", address + "/32"));
        return del;
    }
}
