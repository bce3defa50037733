package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

/** Copies and dd into a real NFS export (nfs-ganesha) mounted through gvfs FUSE on 127.0.0.1. */
@Tag("nfs")
@Timeout(120)
class NfsCopyTest {
    @TempDir
    static Path dir;
    static NfsLoopback nfs;
    static FsVerbSession s;
    /** Why NFS cannot run here (a missing package, no root, no /dev/fuse), or null. */
    static String unavailable;

    @BeforeAll
    static void start() throws Exception {
        try {
            nfs = NfsLoopback.start(dir.resolve("nfs"));
        } catch (TestAbortedException e) {
            unavailable = e.getMessage();
            return;
        }
        s = new FsVerbSession();
        s.eval("src = tree path: '" + dir.resolve("src") + "', profile: 'maildir', scale: 0.01, seed: 3");
    }

    @AfterAll
    static void stop() throws Exception {
        if (s != null) {
            s.close();
        }
        if (nfs != null) {
            nfs.close();
        }
    }

    /** Each test is reported skipped, with the reason, rather than the class silently running none. */
    @BeforeEach
    void needsNfs() {
        Assumptions.assumeTrue(unavailable == null, unavailable);
    }

    @Test
    void aTreeCopiedIntoTheNfsMountIsVerifiedAndLabelledFuse() throws Exception {
        Path dst = nfs.mount().resolve("maildir");
        Result r = (Result) s.eval("copy src, to: '" + dst + "', verify: true");
        assertTrue(r.ok(), r.error() + "\n" + s.out);
        assertEquals("yes", r.metrics().get("verified"));
        assertTrue(r.metrics().get("dst_fs_type").toString().startsWith("fuse"), "gvfs shows as fuse: " + r.metrics().get("dst_fs_type"));
        assertEquals(Files.getFileStore(dir).type(), r.metrics().get("src_fs_type"));
        assertTrue(Files.isDirectory(nfs.export.resolve("maildir/cur")), "the files arrived on the server's export");
        Result back = (Result) s.eval("copy '" + dst + "', from: local, to: 'b', path: '" + dir.resolve("back") + "', verify: true, keep: false");
        assertTrue(back.ok(), back.error());
        assertTrue(back.metrics().get("src_fs_type").toString().startsWith("fuse"));
    }

    @Test
    void ddIntoTheNfsMount() {
        Result w = (Result) s.eval("disk path: '" + nfs.mount().resolve("bin.dat") + "', write: 4.MiB, bs: 64.KiB, sync: true");
        assertTrue(w.ok(), w.error());
        assertTrue(w.metrics().get("fs_type").toString().startsWith("fuse"));
        assertFalse(Files.exists(nfs.export.resolve("bin.dat")), "removed after the run");
    }
}
