package benchsh.peer.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FsFactsTest {
    @TempDir
    Path dir;

    private static FsFacts of(String type) {
        return new FsFacts(type, "rw", "server:/export", "/mnt");
    }

    @Test
    void networkFileSystemsAreThoseWhoseFilesLiveOnAServer() {
        for (String type : List.of("nfs", "nfs4", "cifs", "smb3", "fuse.sshfs", "ceph", "glusterfs", "9p", "lustre")) {
            assertTrue(of(type).network(), type);
        }
        for (String type : List.of("ext4", "xfs", "btrfs", "tmpfs", "zfs", "overlay", "f2fs", "vfat")) {
            assertFalse(of(type).network(), type);
        }
    }

    @Test
    void aPathNotYetMadeIsOnItsParentsFileSystem() throws IOException {
        FsFacts fs = FsFacts.of(dir.resolve("not/yet"));
        assertNotNull(fs);
        assertEquals(Files.getFileStore(dir).type(), fs.fsType());
    }
}
