package benchsh.shell.host.shellpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.host.ssh.SshTarget;
import benchsh.shell.result.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code pipe} between the local peer and a host that runs its own busybox dd and nc, both ways, under dash and busybox's
 * sh: the bytes, what ran, a file source and sink, and the bad input (no nc, an nc that cannot listen, a sink that exists,
 * the session lost mid-test, with nothing left behind).
 */
@Timeout(300)
class ShellPipeTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void busybox() {
        ShellHost.assumeBusybox();
    }

    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < end, "not within 60 s: " + what);
            Thread.sleep(50);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void fromTheShellHostToThePeer(boolean busyboxSh) throws Exception {
        try (ShellHost h = new ShellHost(tmp, busyboxSh, SshTarget.PeerChoice.SHELL)) {
            Result r = h.run("pipe from: dut, to: local, bs: 64.KiB, count: 64");
            assertTrue(r.ok(), r.error());
            assertEquals(4L << 20, ShellHost.bytes(r), "what the peer received");
            assertEquals(64L, ((Number) r.metrics().get("blocks")).longValue(), "dd's records");
            assertEquals("dut: dd if=/dev/zero | nc", r.metrics().get("tools"));
            assertTrue(String.valueOf(r.metrics().get("peer_java")).startsWith("shell / "), r.metrics().toString());
            assertTrue(r.metrics().containsKey("cpu_local_pct"), "the shell host's CPU: " + r.metrics());
            assertNull(r.metrics().get("bounded_by"), "a host's own dd | nc times no stage");
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void fromThePeerToTheShellHost(boolean busyboxSh) throws Exception {
        try (ShellHost h = new ShellHost(tmp, busyboxSh, SshTarget.PeerChoice.SHELL)) {
            Path sink = tmp.resolve("sink.bin");
            Result r = h.run("pipe from: local, to: dut, bs: 64.KiB, count: 64, sink: '" + sink + "', sync: true, keep: true");
            assertTrue(r.ok(), r.error());
            assertEquals(4L << 20, Files.size(sink));
            assertEquals(4L << 20, ShellHost.bytes(r));
            assertEquals(1L, ((Number) r.metrics().get("syncs")).longValue());
            assertEquals("dut: nc -l | dd of=FILE conv=fsync", r.metrics().get("tools"));
            assertTrue(r.metrics().containsKey("cpu_remote_pct") && r.metrics().containsKey("service_demand_remote_us_per_kb"), r.metrics().toString());
            Result n = h.run("pipe from: local, to: dut, bs: 64.KiB, count: 64");
            assertTrue(n.ok(), n.error());
            assertEquals(4L << 20, ShellHost.bytes(n), "what wc counted");
            assertEquals("dut: nc -l | wc -c", n.metrics().get("tools"));
        }
    }

    @Test
    void aFileOnTheShellHostIsSentWhole() throws Exception {
        try (ShellHost h = new ShellHost(tmp, true, SshTarget.PeerChoice.SHELL)) {
            Path src = Files.write(tmp.resolve("src.bin"), new byte[100_000]);
            Result r = h.run("pipe from: dut, to: local, source: '" + src + "', bs: 64.KiB");
            assertTrue(r.ok(), r.error());
            assertEquals(100_000L, ShellHost.bytes(r));
            assertEquals(2L, ((Number) r.metrics().get("blocks")).longValue(), "one whole block and one partial");
            Result link = h.run("pipe from: dut, to: local, source: '" + Files.createSymbolicLink(tmp.resolve("l.bin"), src) + "'");
            assertTrue(link.error().contains("is a symbolic link"), link.error());
        }
    }

    @Test
    void aSinkThatExistsIsLeftAlone() throws Exception {
        try (ShellHost h = new ShellHost(tmp, true, SshTarget.PeerChoice.SHELL)) {
            Path there = Files.writeString(tmp.resolve("there.bin"), "mine");
            Result r = h.run("pipe from: local, to: dut, bs: 64.KiB, count: 4, sink: '" + there + "'");
            assertFalse(r.ok());
            assertTrue(r.error().contains(there + " exists"), r.error());
            assertEquals("mine", Files.readString(there));
        }
    }

    @Test
    void aHostWithoutNcOrWithAnNcThatCannotListenIsTold() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        try (Stream<Path> applets = Files.list(ShellHost.applets())) {
            for (Path a : applets.toList()) {
                if (!a.getFileName().toString().equals("nc")) {
                    Files.createSymbolicLink(bin.resolve(a.getFileName()), ShellHost.BUSYBOX);
                }
            }
        }
        // dash: busybox's own sh finds its applets whatever PATH says
        try (ShellHost h = new ShellHost(tmp.resolve("a"), false, SshTarget.PeerChoice.SHELL, bin.toString())) {
            Result r = h.run("pipe from: dut, to: local, bs: 64.KiB, count: 4");
            assertEquals("dut: start pipe: dut has no nc on its PATH: pipe from a host without a peer needs it there", r.error());
        }
        Path nc = bin.resolve("nc");
        Files.writeString(nc, "#!/bin/busybox sh\ncase \" $* \" in *\" -l \"*) echo 'nc: no listening here' >&2; exit 1;; esac\nexec busybox nc \"$@\"\n");
        Files.setPosixFilePermissions(nc, PosixFilePermissions.fromString("rwxr-xr-x"));
        try (ShellHost h = new ShellHost(tmp.resolve("b"), false, SshTarget.PeerChoice.SHELL, bin.toString())) {
            Result to = h.run("pipe from: local, to: dut, bs: 64.KiB, count: 4");
            assertTrue(to.error().startsWith("dut: start pipe: its nc cannot listen"), to.error());
            Result from = h.run("pipe from: dut, to: local, bs: 64.KiB, count: 4");
            assertTrue(from.ok(), "it still sends: " + from.error());
        }
    }

    @Test
    void aSessionLostMidTestFailsTheTestAndLeavesNothingBehind() throws Exception {
        try (ShellHost h = new ShellHost(tmp, true, SshTarget.PeerChoice.SHELL)) {
            Path sink = tmp.resolve("lost.bin");
            CompletableFuture<Result> run = CompletableFuture.supplyAsync(() -> h.run("pipe from: local, to: dut, bs: 64.KiB, count: 10000000, sink: '"
                    + sink + "'"));
            await(() -> Files.exists(sink) && sink.toFile().length() > 0, "data arrives");
            assertTrue(ShellHost.running(ShellSide.COMMAND_LINE), "its script runs");
            h.host.loginSession().close(true);
            Result r = run.get(120, TimeUnit.SECONDS);
            assertFalse(r.ok());
            assertTrue(r.error().contains("dut: receive (nc -l | dd of=FILE): the SSH channel closed before its tools ended"), r.error());
            await(() -> !ShellHost.running(ShellSide.COMMAND_LINE), "the script and its tools ended");
            await(() -> !Files.exists(sink), "the file it created removed");
            assertTrue(h.run("pipe from: local, to: dut, bs: 64.KiB, count: 4").ok(), "the next test logs in again");
        }
    }
}
