package benchsh.peer.fs;

import static benchsh.peer.fs.FsTestSupport.run;
import static benchsh.peer.fs.FsTestSupport.spec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.workload.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class MountWorkloadTest {
    final MountWorkload mount = new MountWorkload();
    @TempDir
    Path dir;

    @Test
    void mountsATmpfsAndUnmountsIt() throws IOException {
        Assumptions.assumeTrue(MountWorkload.isRoot(), "mounting needs root");
        Path at = Files.createDirectory(dir.resolve("m"));
        Outcome o = run(mount, "mount", spec("source", "tmpfs", "at", at.toString(), "options", "size=1m"));
        Assumptions.assumeTrue(o.error() == null || !o.error().contains("permission"), "cannot mount here: " + o.error());
        try {
            assertNull(o.error(), o.error());
            assertEquals("tmpfs", o.metrics().get("fs_type"));
            assertTrue(MountWorkload.isMountPoint(at));
            Outcome again = run(mount, "mount", spec("source", "tmpfs", "at", at.toString()));
            assertTrue(again.error().contains("already a mount point"), again.error());
        } finally {
            Outcome u = run(mount, "umount", spec("at", at.toString()));
            assertNull(u.error(), u.error());
        }
        assertFalse(MountWorkload.isMountPoint(at));
        Outcome u = run(mount, "umount", spec("at", at.toString()));
        assertTrue(u.error().contains("not a mount point"), u.error());
    }

    @Test
    void aFailingMountSaysWhy() throws IOException {
        Path at = Files.createDirectory(dir.resolve("n"));
        Outcome o = run(mount, "mount", spec("source", "127.0.0.1:/no-such-export", "at", at.toString(), "options", "soft,timeo=10,retrans=1"));
        assertNotNull(o.error());
        assertTrue(o.error().contains("mount") && o.error().length() > 20, o.error());
        assertFalse(MountWorkload.isMountPoint(at));
    }

    @Test
    void refusesOptionInjectionAndSymlinkMountPoints() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("l"), dir);
        assertThrowsIo(() -> mount.open("mount", new benchsh.peer.protocol.Fields("spec", spec("source", "-o", "at", dir.toString())), null));
        Outcome o = run(mount, "mount", spec("source", "tmpfs", "at", link.toString()));
        assertTrue(o.error().contains("symbolic link"), o.error());
    }

    private static void assertThrowsIo(org.junit.jupiter.api.function.Executable e) {
        org.junit.jupiter.api.Assertions.assertThrows(IOException.class, e);
    }
}
