package benchsh.shell.verb;

import benchsh.shell.definition.TreeHandle;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptError;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class CopyVerbTest {
    static FsVerbSession s;
    @TempDir
    static Path dir;
    static TreeHandle tree;

    @BeforeAll
    static void start() {
        s = new FsVerbSession();
        tree = (TreeHandle) s.eval("src = tree path: '" + dir.resolve("src") + "', profile: 'maildir', scale: 0.02, seed: 9");
    }

    @AfterAll
    static void stop() {
        s.close();
    }

    @Test
    void treeReturnsAHandleWithItsShape() {
        assertEquals(214, tree.files());
        assertEquals(9, tree.dirs());
        assertEquals(Math.round(134_000_000 * 0.02), tree.bytes());
        assertEquals("local", tree.host().name());
    }

    @Test
    void localCopyIsVerifiedAndReportsBothFileSystems() throws Exception {
        Path dst = dir.resolve("local-copy");
        s.eval("t = tree path: '" + dir.resolve("t2") + "', profile: 'custom', files: 30, dirs: 4, bytes: 300.KiB");
        Result r = (Result) s.eval("copy t, to: '" + dst + "', verify: true");
        assertTrue(r.ok(), r.error());
        assertEquals("yes", r.metrics().get("verified"));
        assertEquals(30L, r.metrics().get("files"));
        String fs = Files.getFileStore(dir).type();
        assertEquals(fs, r.metrics().get("src_fs_type"));
        assertEquals(fs, r.metrics().get("dst_fs_type"));
        assertEquals("local", r.params().get("via"));
        assertTrue(Files.isDirectory(dst));
    }

    @Test
    void hostToHostCopyBetweenTwoPeersIsVerifiedAndRemovedWithKeepFalse() {
        Path dst = dir.resolve("remote-copy");
        Result r = (Result) s.eval("copy src, from: local, to: 'b', path: '" + dst + "', verify: true, keep: false");
        assertTrue(r.ok(), r.error());
        assertEquals("local", r.from());
        assertEquals("b", r.to());
        assertEquals("yes", r.metrics().get("verified"));
        assertEquals(214L, r.metrics().get("files"));
        assertEquals(tree.bytes(), ((Number) r.metrics().get("bytes")).longValue());
        assertTrue(r.metric("files_per_s") > 0);
        assertFalse(Files.exists(dst));
    }

    @Test
    void threadsChoosesHowManyCopyAndWriteAndIsRecorded() {
        Result local = (Result) s.eval("copy src, to: '" + dir.resolve("one-thread") + "', threads: 1, verify: true");
        assertTrue(local.ok(), local.error());
        assertEquals("yes", local.metrics().get("verified"));
        assertEquals(1L, ((Number) local.params().get("threads")).longValue());
        Result net = (Result) s.eval("copy src, from: local, to: 'b', path: '" + dir.resolve("sixteen-writers") + "', threads: 16, verify: true");
        assertTrue(net.ok(), net.error());
        assertEquals(214L, net.metrics().get("files"));
        assertEquals(16L, net.metrics().get("write_threads"));
        ScriptError tooMany = assertThrows(ScriptError.class, () -> s.eval("copy src, to: '" + dir.resolve("x") + "', threads: 65"));
        assertTrue(tooMany.getMessage().contains("copy: threads must be between 1 and 64, not 65"), tooMany.getMessage());
        ScriptError none = assertThrows(ScriptError.class, () -> s.eval("copy src, to: '" + dir.resolve("y") + "', threads: 0"));
        assertTrue(none.getMessage().contains("threads"), none.getMessage());
    }

    @Test
    void aReceiverWithOneCpuWritesTheFilesOnItsReceivingThread() {
        Result free = (Result) s.eval("copy src, from: local, to: 'b', path: '" + dir.resolve("writers-chosen") + "', keep: false");
        assertTrue(free.ok(), free.error());
        assertEquals(Runtime.getRuntime().availableProcessors() == 1 ? 1L : 4L, free.metrics().get("write_threads"));
        assertFalse(free.params().containsKey("threads"));
        try {
            s.eval("host 'local', cpus: '0'");
            Result pinned = (Result) s.eval("copy '" + dir.resolve("src") + "', from: 'b', to: local, path: '" + dir.resolve("one-cpu") + "', verify: true, keep: false");
            assertTrue(pinned.ok(), pinned.error());
            assertEquals("yes", pinned.metrics().get("verified"));
            assertEquals(1L, pinned.metrics().get("write_threads"));
        } finally {
            s.eval("host 'local', cpus: ''");
        }
    }

    @Test
    void bindAndTargetChooseTheAddressesOfACopyBetweenHosts() {
        Result r = (Result) s.eval("copy src, from: local, to: 'b', path: '" + dir.resolve("bound-copy") + "', bind: '127.0.0.2', keep: false");
        assertTrue(r.ok(), r.error());
        r = (Result) s.eval("copy src, from: local, to: 'b', path: '" + dir.resolve("unbound-copy") + "', bind: '198.51.100.7'");
        assertFalse(r.ok());
        assertTrue(r.error().contains("198.51.100.7"), "the receiver tried the given address: " + r.error());
        ScriptError e = assertThrows(ScriptError.class, () -> s.eval("copy src, to: '" + dir.resolve("x") + "', target: '127.0.0.1'"));
        assertTrue(e.getMessage().contains("between hosts"), e.getMessage());
    }

    @Test
    void copyIntoATmpfsMountReportsTmpfs() throws Exception {
        Path at = Files.createDirectory(dir.resolve("mnt"));
        Result r = (Result) s.eval("copy src, to: '" + at.resolve("m") + "', verify: true, mount: 'tmpfs', at: '" + at + "', options: 'size=64m'");
        org.junit.jupiter.api.Assumptions.assumeFalse(s.out.toString().contains("needs root"), "mounting needs root");
        assertTrue(r.ok(), r.error());
        assertEquals("tmpfs", r.metrics().get("dst_fs_type"));
        assertTrue(r.metrics().get("dst_fs").toString().startsWith("tmpfs"));
    }

    @Test
    void existingDestinationsAndUnknownTransportsAreExplained() {
        Result r = (Result) s.eval("copy src, to: '" + dir + "'");
        assertFalse(r.ok());
        assertTrue(r.error().contains("already exists"), r.error());
        ScriptError e = assertThrows(ScriptError.class, () -> s.eval("copy src, to: 'b', path: '/tmp/x', via: 'ftp'"));
        assertTrue(e.getMessage().contains("'stream' or 'sftp'"), e.getMessage());
        e = assertThrows(ScriptError.class, () -> s.eval("copy src, to: 'nohost', path: '/tmp/x'"));
        assertTrue(e.getMessage().contains("no host named"), e.getMessage());
    }

    @Test
    void httpMovesTheBytesBetweenPeers() {
        Result r = (Result) s.eval("http from: local, to: b, bytes: 8.MiB");
        assertTrue(r.ok(), r.error());
        assertEquals(8L << 20, ((Number) r.metrics().get("bytes")).longValue());
    }
}
