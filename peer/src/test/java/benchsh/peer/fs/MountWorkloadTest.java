package benchsh.peer.fs;

import static benchsh.peer.fs.FsTestSupport.open;
import static benchsh.peer.fs.FsTestSupport.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Sides;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class MountWorkloadTest {
    final MountWorkload mount = new MountWorkload();
    @TempDir
    Path dir;

    private static MountWorkload.Mount tmpfs(Path at, String options) {
        return new MountWorkload.Mount("tmpfs", at.toString(), null, options);
    }

    @Test
    void mountsATmpfsAndUnmountsIt() throws IOException {
        Assumptions.assumeTrue(MountWorkload.isRoot(), "mounting needs root");
        Path at = Files.createDirectory(dir.resolve("m"));
        Outcome o = run(mount, "mount", tmpfs(at, "size=1m"));
        Assumptions.assumeTrue(o.error() == null || !o.error().contains("permission"), "cannot mount here: " + o.error());
        try {
            assertNull(o.error(), o.error());
            assertEquals("tmpfs", Sides.metrics(o).get("fs_type"));
            assertTrue(MountWorkload.isMountPoint(at));
            IOException again = assertThrows(RefusedException.class, () -> open(mount, "mount", tmpfs(at, null)));
            assertTrue(again.getMessage().contains("already a mount point"), again.getMessage());
        } finally {
            Outcome u = run(mount, "umount", new MountWorkload.Umount(at.toString()));
            assertNull(u.error(), u.error());
        }
        assertFalse(MountWorkload.isMountPoint(at));
        IOException u = assertThrows(RefusedException.class, () -> open(mount, "umount", new MountWorkload.Umount(at.toString())));
        assertTrue(u.getMessage().contains("not a mount point"), u.getMessage());
    }

    @Test
    void aFailingMountSaysWhy() throws IOException {
        Path at = Files.createDirectory(dir.resolve("n"));
        Outcome o = run(mount, "mount", new MountWorkload.Mount("127.0.0.1:/no-such-export", at.toString(), null, "soft,timeo=10,retrans=1"));
        assertNotNull(o.error());
        assertTrue(o.error().contains("mount") && o.error().length() > 20, o.error());
        assertTrue(o.kind() == ErrorKind.IO || o.kind() == ErrorKind.REFUSED, "the tool failed, or this host may not mount: " + o.kind());
        assertFalse(MountWorkload.isMountPoint(at));
    }

    @Test
    void refusesOptionInjectionAndSymlinkMountPoints() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("l"), dir);
        Map<String, Object> injected = new java.util.LinkedHashMap<>(SpecCodec.encode(tmpfs(dir, null)));
        injected.put("source", "-o");
        ProtocolException e = assertThrows(ProtocolException.class, () -> mount.open("mount", injected, null, new RecordingContext()));
        assertTrue(e.getMessage().contains("refused argument '-o'"), e.getMessage());
        IOException refused = assertThrows(RefusedException.class, () -> open(mount, "mount", tmpfs(link, null)));
        assertTrue(refused.getMessage().contains("symbolic link"), refused.getMessage());
    }
}
