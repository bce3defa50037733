package benchsh.shell.host.shellpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.host.ssh.SshTarget;
import benchsh.shell.result.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code disk} on a host that runs its own busybox dd: write, read, what it refuses, and what it removes. */
@Timeout(300)
class ShellDiskTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void busybox() {
        ShellHost.assumeBusybox();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void writesWithSyncAndRemovesWhatItWrote(boolean busyboxSh) throws Exception {
        try (ShellHost h = new ShellHost(tmp, busyboxSh, SshTarget.PeerChoice.SHELL)) {
            Path f = tmp.resolve("w.bin");
            Result r = h.run("disk on: dut, path: '" + f + "', write: 4.MiB, bs: 64.KiB, sync: true");
            assertTrue(r.ok(), r.error());
            assertEquals(4L << 20, ShellHost.bytes(r));
            assertTrue(r.metric("throughput_bps") > 0, r.metrics().toString());
            assertTrue(r.metrics().containsKey("cpu_pct") && r.metrics().containsKey("process_cpu_seconds"), r.metrics().toString());
            assertEquals("dut: dd if=/dev/zero of=FILE conv=notrunc,fsync", r.metrics().get("tools"));
            assertEquals("shell", r.metrics().get("peer_java"));
            assertFalse(Files.exists(f), "the file it wrote is removed");
            assertTrue(h.out.toString().contains("note: dut runs its own tools (BusyBox v"), h.out.toString());
        }
    }

    @Test
    void keepsTheFileAndReadsItBackDirect() throws Exception {
        try (ShellHost h = new ShellHost(tmp, true, SshTarget.PeerChoice.SHELL)) {
            Path f = tmp.resolve("k.bin");
            assertTrue(h.run("disk on: dut, path: '" + f + "', write: 2.MiB, bs: 64.KiB, keep: true").ok());
            assertEquals(2L << 20, Files.size(f));
            Result r = h.run("disk on: dut, path: '" + f + "', read: 2.MiB, bs: 64.KiB, direct: true");
            assertTrue(r.ok(), r.error());
            assertEquals(2L << 20, ShellHost.bytes(r));
            assertEquals("direct", r.metrics().get("cache"));
            assertTrue(Files.exists(f), "a file it did not create for the read stays");
            Result whole = h.run("disk on: dut, path: '" + f + "', read: 4.MiB, bs: 64.KiB");
            assertTrue(whole.ok(), whole.error());
            assertEquals(2L << 20, ShellHost.bytes(whole), "a read stops where the file ends");
        }
    }

    @Test
    void aMissingFileToReadIsWrittenFirstAndRemoved() throws Exception {
        try (ShellHost h = new ShellHost(tmp, true, SshTarget.PeerChoice.SHELL)) {
            Path f = tmp.resolve("r.bin");
            Result r = h.run("disk on: dut, path: '" + f + "', read: 1.MiB, bs: 64.KiB");
            assertTrue(r.ok(), r.error());
            assertEquals(1L << 20, ShellHost.bytes(r));
            assertEquals("warm", r.metrics().get("cache"));
            assertFalse(Files.exists(f));
        }
    }

    @Test
    void whatItCannotDoIsRefusedInWords() throws Exception {
        try (ShellHost h = new ShellHost(tmp, true, SshTarget.PeerChoice.SHELL)) {
            Path there = Files.writeString(tmp.resolve("there.bin"), "not benchsh's");
            Result exists = h.run("disk on: dut, path: '" + there + "', write: 1.MiB, bs: 64.KiB");
            assertFalse(exists.ok());
            assertTrue(exists.error().contains(there + " exists; benchsh never overwrites"), exists.error());
            assertEquals("not benchsh's", Files.readString(there), "what it did not create is left alone");
            Result dsync = h.run("disk on: dut, path: '" + tmp.resolve("d.bin") + "', write: 1.MiB, bs: 64.KiB, dsync: true");
            assertTrue(dsync.error().startsWith("dut: start disk: its dd (BusyBox v"), dsync.error());
            assertTrue(dsync.error().contains("takes no oflag=dsync"), dsync.error());
            Result odd = h.run("disk on: dut, path: '" + tmp.resolve("o.bin") + "', write: 100.KiB, bs: 64.KiB");
            assertTrue(odd.error().contains("must be a multiple of bs:"), odd.error());
            Result noDir = h.run("disk on: dut, path: '" + tmp.resolve("no/such/dir/x.bin") + "', write: 1.MiB, bs: 64.KiB");
            assertTrue(noDir.error().startsWith("dut: create (dd if=/dev/zero of=FILE conv=notrunc): can't create " + tmp.resolve("no/such")), noDir.error());
            Result tcp = h.run("tcp from: dut, to: local, time: 1.s");
            assertFalse(tcp.ok());
            assertTrue(tcp.error().contains("dut runs its own tools, not benchsh's Java peer: tcp needs the peer"), tcp.error());
            assertFalse(Files.exists(tmp.resolve("d.bin")) || Files.exists(tmp.resolve("o.bin")), "nothing was started for a refusal");
        }
    }

    @Test
    void aHostWithoutJavaRunsItsToolsByItselfAndSaysSoOnce() throws Exception {
        try (ShellHost h = new ShellHost(tmp, true, SshTarget.PeerChoice.AUTO)) {
            Result r = h.run("disk on: dut, path: '" + tmp.resolve("a.bin") + "', write: 1.MiB, bs: 64.KiB");
            assertTrue(r.ok(), r.error());
            assertTrue(h.host.runsShell());
            String note = String.valueOf(r.metrics().get("peer_note"));
            assertTrue(note.startsWith("dut runs its own tools (BusyBox v") && note.contains("no Java for its peer there"), note);
            assertTrue(h.run("disk on: dut, path: '" + tmp.resolve("b.bin") + "', write: 1.MiB, bs: 64.KiB").ok());
            String out = h.out.toString();
            assertEquals(out.indexOf("note: dut runs its own tools"), out.lastIndexOf("note: dut runs its own tools"), "said once: " + out);
        }
    }
}
