package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.ProcFs;
import benchsh.shell.Session;
import benchsh.shell.host.Host;
import benchsh.shell.host.LocalHost;
import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import benchsh.shell.run.ProgressListener;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A peer killed with SIGKILL mid-test: the test stops long before its time with an error naming the host, the
 * partner peer's side stops (it closes every data socket) and the intervals measured so far are kept.
 */
@Timeout(90)
class PeerLossTest {
    @ParameterizedTest
    @ValueSource(strings = {"udp", "rr", "tcp", "pipe"})
    void theTestStopsSoonAndKeepsItsIntervals(String verb) throws Exception {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            session.hosts().local().peer();
            Set<String> idleSockets = ProcFs.inetSocketInodes(((LocalHost) session.hosts().local()).peerPid());
            Set<Long> before = children();
            Host far = session.hosts().add(new LocalHost("far", LocalHost.defaultJava()));
            far.peer();
            Set<Long> farPids = children();
            farPids.removeAll(before);
            assertEquals(1, farPids.size(), "one new peer process");
            long farPid = farPids.iterator().next();

            Map<String, Object> args = verb.equals("pipe")
                    ? Map.of("from", "local", "to", "far", "count", 1_000_000, "bs", 65536, "interval", 0.25)
                    : Map.of("from", "local", "to", "far", "time", 30, "interval", 0.25);
            Map<String, Object> withRate = new java.util.HashMap<>(args);
            if (verb.equals("udp") || verb.equals("tcp")) {
                withRate.put("rate", 50_000_000L);
            }
            CountDownLatch measuring = new CountDownLatch(1);
            session.progress(new ProgressListener() {
                @Override
                public void interval(String test, benchsh.peer.workload.Interval<?> sample) {
                    measuring.countDown();
                }
            });
            CompletableFuture<Object> run = CompletableFuture.supplyAsync(() -> {
                try {
                    return new benchsh.shell.script.ScriptRunner(session).verbs().get(verb).invoke(session, new Object[] {withRate});
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            // the peer goes once the test measures (its first interval came), however loaded the machine is
            assertTrue(measuring.await(20, TimeUnit.SECONDS), "an interval within 20 s");
            Thread.sleep(300);
            assertFalse(run.isDone(), "still running before the peer goes");
            ProcessHandle.of(farPid).orElseThrow().destroyForcibly();
            // the test would run far longer than this wait (30 s; pipe: 64 GB): ending within it, it ended at the loss
            Result r = (Result) run.get(20, TimeUnit.SECONDS);
            assertEquals(Status.FAILED, r.status());
            assertTrue(r.error() != null && r.error().contains("far"), r.error());
            long survivor = ((LocalHost) session.hosts().local()).peerPid();
            assertTrue(survivor > 0, "the partner peer process itself lives on for the next test");
            assertTrue(noSocketsWithin(survivor, idleSockets, 5), "the partner peer's side stopped: it still holds " + ProcFs.openFiles(survivor));
            if (!verb.equals("rr")) { // rr's figures come from the client, which is on the surviving host
                assertFalse(r.intervals().isEmpty(), "intervals measured before the loss are kept: " + r.error());
            } else {
                assertTrue(r.metric("transactions") > 0, r.metrics().toString());
            }
        }
    }

    /** The reproduced leak: a killed copy receiver left its partial destination, and the error did not say so. */
    @Test
    void aKilledCopyReceiverNamesThePartialDestinationItLeft(@TempDir Path tmp) throws Exception {
        Path src = Files.createDirectory(tmp.resolve("src"));
        for (String name : List.of("a.bin", "b.bin")) {
            try (RandomAccessFile f = new RandomAccessFile(src.resolve(name).toFile(), "rw")) {
                f.setLength(512L << 20); // sparse: cheap to hold and read, real bytes to write
            }
        }
        Path dst = tmp.resolve("dst");
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            session.hosts().local().peer();
            LocalHost far = (LocalHost) session.hosts().add(new LocalHost("far", LocalHost.defaultJava()));
            far.peer();
            CompletableFuture<Object> run = CompletableFuture.supplyAsync(() -> {
                try {
                    return new benchsh.shell.script.ScriptRunner(session).verbs().get("copy")
                            .invoke(session, new Object[] {Map.of("from", "local", "to", "far", "path", dst.toString()), src.toString()});
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            // the receiver goes once it has created the destination
            for (int i = 0; i < 4000 && !Files.exists(dst) && !run.isDone(); i++) {
                Thread.sleep(5);
            }
            assertTrue(Files.exists(dst), "the receiver created the destination; test: " + (run.isDone() ? run.get() : "running"));
            ProcessHandle.of(far.peerPid()).orElseThrow().destroyForcibly();
            Result r = (Result) run.get(30, TimeUnit.SECONDS);
            assertEquals(Status.FAILED, r.status());
            assertTrue(r.error().startsWith("far: ") && r.error().contains("benchsh could not remove the partial destination " + dst + " on far")
                    && r.error().endsWith("remove it there: rm -rf " + dst), r.error());
            assertTrue(Files.exists(dst), "left behind, as the error says");
        }
    }

    /** True once the process holds no socket but those it had when idle (its sides closed their data sockets), polling up to {@code seconds}. */
    private static boolean noSocketsWithin(long pid, Set<String> idle, int seconds) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!idle.containsAll(ProcFs.inetSocketInodes(pid))) {
            if (System.nanoTime() > end) {
                return !ProcFs.available();
            }
            Thread.sleep(50);
        }
        return true;
    }

    private static Set<Long> children() {
        return ProcessHandle.current().children().filter(ProcessHandle::isAlive).map(ProcessHandle::pid).collect(Collectors.toSet());
    }
}
