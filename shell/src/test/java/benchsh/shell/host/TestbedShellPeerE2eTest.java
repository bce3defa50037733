package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A device with no Java as an end of the tests, with its own busybox tools, on the bridge testbed (h1 — dut's br0 —
 * h2, {@code --busybox dut}): pipe both ways with the shell's own machine and with h1, a disk write and read, a tree
 * copied to it, from it and on it; and the bad input: a read-only file system, a full one, a session lost mid-test.
 * Each test ends with no process of its scripts on the dut and nothing it created in its root. Skips without the
 * testbed ({@link Testbed}).
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@TestbedTopology(value = "bridge", hosts = 3, shape = "200mbit", busybox = "dut")
@Timeout(600)
class TestbedShellPeerE2eTest {

    /** Runs code in the session's script (its variables stay for the next call); returns what the last line gave. */
    private static Object eval(ScriptRunner runner, String code) {
        return runner.evaluate(code, "e2e-shell-peer");
    }

    private static Result run(ScriptRunner runner, String code) {
        return (Result) eval(runner, code);
    }

    private static long number(Result r, String key) {
        return ((Number) r.metrics().get(key)).longValue();
    }

    /** No process of benchsh's (a program under the dut's busybox root) is left on the dut within a minute, nor a file in its /tmp and /mnt/small. */
    private static void nothingLeftOnTheDut() throws Exception {
        Path root = Testbed.busyboxRoot("dut");
        long end = System.nanoTime() + 60_000_000_000L; // the clean-up is a busybox sh loop over /proc: slow on a loaded machine
        List<String> left = Testbed.processesUnder("dut", root);
        while (!left.isEmpty() && System.nanoTime() < end) {
            Thread.sleep(100);
            left = Testbed.processesUnder("dut", root);
        }
        assertEquals(List.of(), left, "still running on the dut 60 s after the test");
        for (String dir : List.of("tmp", "mnt/small")) {
            try (var files = Files.list(root.resolve(dir))) {
                List<String> there = files.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("benchsh-testbed"))
                        .toList();
                assertEquals(List.of(), there, "left in the dut's /" + dir);
            }
        }
    }

    @Test
    void pipeGoesBothWaysWithThisMachineAndWithAnotherHost() throws Exception {
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            ScriptRunner runner = new ScriptRunner(session);
            eval(runner, "dut = host 'dut'; h1 = host 'h1'");
            for (String other : List.of("h1", "local")) {
                Result out = run(runner, "pipe from: dut, to: " + other + ", bs: 64.KiB, count: 160");
                assertTrue(out.ok(), out + "\n" + text);
                assertEquals(10L << 20, number(out, "bytes"), "what " + other + " received");
                assertEquals("dut: dd if=/dev/zero | nc", out.metrics().get("tools"));
                assertTrue(out.metric("cpu_local_pct") >= 0 && out.metric("service_demand_local_us_per_kb") > 0, "the dut's CPU: " + out.metrics());
                Result in = run(runner, "pipe from: " + other + ", to: dut, bs: 64.KiB, count: 160, sink: '/tmp/p.bin', sync: true");
                assertTrue(in.ok(), in + "\n" + text);
                assertEquals(10L << 20, number(in, "bytes"), "what the dut's dd wrote");
                assertEquals("dut: nc -l | dd of=FILE conv=fsync", in.metrics().get("tools"));
                assertTrue(in.metric("cpu_remote_pct") >= 0 && in.metric("service_demand_remote_us_per_kb") > 0, in.metrics().toString());
            }
            SshHost dut = (SshHost) session.host("dut");
            assertTrue(dut.runsShell() && dut.peerUnavailable().contains("check java"), "chosen by itself: " + dut.peerUnavailable());
            String out = text.toString();
            assertTrue(out.contains("note: dut runs its own tools (BusyBox v") && out.indexOf("note: dut") == out.lastIndexOf("note: dut"), out);
            nothingLeftOnTheDut();
        }
    }

    @Test
    void diskWritesAndReadsWithItsDd() throws Exception {
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            ScriptRunner runner = new ScriptRunner(session);
            Result w = run(runner, "dut = host 'dut'; disk on: dut, path: '/tmp/d.bin', write: 8.MiB, bs: 64.KiB, sync: true, keep: true");
            assertTrue(w.ok(), w + "\n" + text);
            assertEquals(8L << 20, number(w, "bytes"));
            assertEquals("dut: dd if=/dev/zero of=FILE conv=notrunc,fsync", w.metrics().get("tools"));
            Result r = run(runner, "disk on: dut, path: '/tmp/d.bin', read: 8.MiB, bs: 64.KiB, cold: true");
            assertTrue(r.ok(), r + "\n" + text);
            assertEquals(8L << 20, number(r, "bytes"));
            assertEquals("direct", r.metrics().get("cache"), "the test user may not drop the page cache: O_DIRECT");
            assertTrue(Files.exists(Testbed.busyboxRoot("dut").resolve("tmp/d.bin")), "kept: keep: true");
            Files.delete(Testbed.busyboxRoot("dut").resolve("tmp/d.bin"));
            nothingLeftOnTheDut();
        }
    }

    @Test
    void aTreeGoesToItFromItAndOnIt() throws Exception {
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            ScriptRunner runner = new ScriptRunner(session);
            String tree = "/tmp/benchsh-e2e-tree-" + System.nanoTime();
            eval(runner, "dut = host 'dut'; h1 = host 'h1'; t = tree on: h1, path: '" + tree + "', scale: 0.01, seed: 4");
            Result to = run(runner, "copy t, to: 'dut', path: '/tmp/m2'");
            assertTrue(to.ok(), to + "\n" + text);
            assertEquals("dut: nc -l | tar x", to.metrics().get("tools"));
            Result from = run(runner, "copy '/tmp/m2', from: dut, to: 'h1', path: '" + tree + "-back', keep: false");
            assertTrue(from.ok(), from + "\n" + text);
            assertEquals(number(to, "files"), number(from, "files"));
            assertEquals(number(to, "bytes"), number(from, "bytes"));
            Result on = run(runner, "copy '/tmp/m2', from: dut, to: '/tmp/m4', keep: false");
            assertTrue(on.ok(), on + "\n" + text);
            assertEquals(number(to, "files"), number(on, "files"));
            assertEquals("dut: cp -a", on.metrics().get("tools"));
            eval(runner, "remove t");
            Path m2 = Testbed.busyboxRoot("dut").resolve("tmp/m2");
            try (var all = Files.walk(m2)) {
                assertEquals(number(to, "files") + number(to, "dirs"), all.count(), "the copy to it is kept (keep: true), whole");
            }
            Testbed.exec("dut", "rm", "-rf", m2.toString());
            nothingLeftOnTheDut();
        }
    }

    @Test
    void aReadOnlyOrFullFileSystemIsNamedAndWhatWasWrittenIsKeptInTheRow() throws Exception {
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            ScriptRunner runner = new ScriptRunner(session);
            Result ro = run(runner, "dut = host 'dut'; h1 = host 'h1'; disk on: dut, path: '/mnt/ro/x.bin', write: 1.MiB, bs: 64.KiB");
            assertFalse(ro.ok());
            assertTrue(ro.error().startsWith("dut: create (dd if=/dev/zero of=FILE conv=notrunc): ") && ro.error().contains("Read-only file system"),
                    ro.error());
            Result full = run(runner, "disk on: dut, path: '/mnt/small/x.bin', write: 1.MiB, bs: 64.KiB");
            assertFalse(full.ok());
            assertTrue(full.error().startsWith("dut: write (dd if=/dev/zero of=FILE conv=notrunc): dd exited with status 1") 
                    && full.error().contains("No space left on device"), full.error());
            assertTrue(number(full, "bytes") > 0 && number(full, "bytes") < 1 << 20, "what was written is kept: " + full.metrics());
            Result sink = run(runner, "pipe from: h1, to: dut, bs: 64.KiB, count: 16, sink: '/mnt/small/p.bin'");
            assertFalse(sink.ok());
            assertTrue(sink.error().contains("dut: receive (nc -l | dd of=FILE): dd exited with status 1") && sink.error().contains("No space left"),
                    sink.error());
            nothingLeftOnTheDut();
        }
    }

    @Test
    void aSessionLostMidPipeFailsTheTestNamingTheDutAndLeavesNothing() throws Exception {
        Path root = Testbed.busyboxRoot("dut");
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            ScriptRunner runner = new ScriptRunner(session);
            eval(runner, "dut = host 'dut'; h1 = host 'h1'");
            CompletableFuture<Result> pipe = CompletableFuture.supplyAsync(() -> run(runner,
                    "pipe from: h1, to: dut, bs: 64.KiB, count: 100000, sink: '/tmp/lost.bin'"));
            long end = System.nanoTime() + 60_000_000_000L;
            while (!(Files.exists(root.resolve("tmp/lost.bin")) && Files.size(root.resolve("tmp/lost.bin")) > 0) && System.nanoTime() < end) {
                Thread.sleep(50);
            }
            for (String sshd : Testbed.processesNamed("dut", "sshd: " + Testbed.USER)) {
                Testbed.exec("dut", "kill", sshd.split(" ")[0]);
            }
            Result r = pipe.get(120, TimeUnit.SECONDS);
            assertFalse(r.ok());
            assertTrue(r.error().contains("dut: receive (nc -l | dd of=FILE): the SSH channel closed before its tools ended"), r.error() + "\n" + text);
            nothingLeftOnTheDut();
            Result again = run(runner, "pipe from: dut, to: h1, bs: 64.KiB, count: 16");
            assertTrue(again.ok(), "the next test logs in again: " + again);
        }
    }
}
