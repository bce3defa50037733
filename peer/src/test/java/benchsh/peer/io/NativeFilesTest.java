package benchsh.peer.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * New files through the C library (the Java 22+ class of the multi-release jar): created exclusively without
 * following a link, identified on their descriptor, written and copied whole with exact counts, timed to the
 * nanosecond, and failing with the JDK's exceptions. On Java 17 the class says why it is unavailable.
 */
class NativeFilesTest {
    @TempDir
    Path dir;

    @BeforeEach
    void availableHere() {
        if (Runtime.version().feature() < 22) {
            assertTrue(NativeFiles.unavailable().contains("Java 22"), NativeFiles.unavailable());
        }
        assumeTrue(NativeFiles.unavailable() == null, NativeFiles.unavailable());
    }

    @Test
    void createsWritesTimesAndClosesOnOneDescriptor() throws IOException {
        Path p = dir.resolve("f");
        byte[] content = new byte[300_000];
        new Random(7).nextBytes(content);
        NewFile f = NativeFiles.create(p, 0640);
        AtomicLong progress = new AtomicLong();
        ByteBuffer data = ByteBuffer.allocateDirect(content.length).put(content).flip();
        NativeFiles.write(f.fd(), data, p, progress::addAndGet);
        assertFalse(data.hasRemaining());
        FileTime mtime = FileTime.from(Instant.parse("2001-02-03T04:05:06.123456789Z"));
        FileTime atime = FileTime.from(Instant.parse("2002-02-03T04:05:06.5Z"));
        assertThrows(IllegalArgumentException.class, () -> NativeFiles.write(f.fd(), ByteBuffer.wrap(content), p, n -> { }));
        assertTrue(NativeFiles.chmod(f.fd(), 0604));
        assertTrue(NativeFiles.setTimes(f.fd(), mtime, atime));
        NativeFiles.close(f.fd(), p);

        assertEquals(mtime, Files.getLastModifiedTime(p));
        assertEquals(atime, Files.readAttributes(p, "lastAccessTime").get("lastAccessTime"), "read before the content: reading may move it");
        assertEquals(content.length, progress.get());
        assertArrayEquals(content, Files.readAllBytes(p));
        assertEquals("rw----r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(p)));
        Map<String, Object> id = Files.readAttributes(p, "unix:dev,ino", LinkOption.NOFOLLOW_LINKS);
        assertEquals(id.get("dev"), f.dev());
        assertEquals(id.get("ino"), f.ino());
    }

    @Test
    void readsUpToTheBufferThenSaysTheEnd() throws IOException {
        byte[] content = new byte[70_000];
        new Random(9).nextBytes(content);
        Path p = Files.write(dir.resolve("r"), content);
        int fd = NativeFiles.openRead(p);
        ByteBuffer first = ByteBuffer.allocateDirect(50_000);
        assertEquals(50_000, NativeFiles.read(fd, first, p));
        ByteBuffer rest = ByteBuffer.allocateDirect(50_000);
        assertEquals(20_000, NativeFiles.read(fd, rest, p));
        assertEquals(-1, NativeFiles.read(fd, rest, p));
        NativeFiles.close(fd, p);
        byte[] read = new byte[70_000];
        first.flip().get(read, 0, 50_000);
        rest.flip().get(read, 50_000, 20_000);
        assertArrayEquals(content, read);
    }

    @Test
    void neverOverwritesNorFollowsALink() throws IOException {
        Path existing = Files.writeString(dir.resolve("existing"), "keep");
        assertThrows(FileAlreadyExistsException.class, () -> NativeFiles.create(existing, 0644));
        Path link = Files.createSymbolicLink(dir.resolve("link"), dir.resolve("nowhere"));
        assertThrows(FileAlreadyExistsException.class, () -> NativeFiles.create(link, 0644));
        assertFalse(Files.exists(dir.resolve("nowhere")), "the link's target was not created");
        Path toFile = Files.createSymbolicLink(dir.resolve("link2"), existing);
        FileSystemException e = assertThrows(FileSystemException.class, () -> NativeFiles.openRead(toFile));
        assertTrue(e.getMessage().contains("symbolic link"), e.getMessage());
        assertEquals("keep", Files.readString(existing));
        assertThrows(NoSuchFileException.class, () -> NativeFiles.create(dir.resolve("no/such/dir"), 0644));
    }

    @Test
    void refusesALinkInAnyDirectoryOnThePath() throws IOException {
        Path real = Files.createDirectories(dir.resolve("real/sub"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), real.getParent());
        FileSystemException e = assertThrows(FileSystemException.class, () -> NativeFiles.create(link.resolve("sub/f"), 0644));
        assertTrue(e.getMessage().contains("symbolic link"), e.getMessage());
        assertFalse(Files.exists(real.resolve("f")), "nothing created through the link");
        NewFile f = NativeFiles.create(real.resolve("f"), 0644);
        NativeFiles.close(f.fd(), f.path());
    }

    @Test
    void aDirectoryThatRefusesWritesSaysPermissionDenied() throws IOException {
        assumeTrue(!"root".equals(System.getProperty("user.name")), "root may write anywhere");
        Path closed = Files.createDirectory(dir.resolve("closed"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("r-x------")));
        assertThrows(AccessDeniedException.class, () -> NativeFiles.create(closed.resolve("f"), 0644));
    }

    @Test
    void copiesExactlyTheSizeAskedAndSaysWhenTheSourceShrank() throws IOException {
        byte[] content = new byte[(3 << 20) + 17];
        new Random(8).nextBytes(content);
        Path src = Files.write(dir.resolve("src"), content);
        Path dst = dir.resolve("dst");
        int in = NativeFiles.openRead(src);
        NewFile out = NativeFiles.create(dst, 0644);
        AtomicLong progress = new AtomicLong();
        NativeFiles.copy(in, out.fd(), content.length, src, progress::addAndGet);
        NativeFiles.close(out.fd(), dst);
        assertEquals(content.length, progress.get());
        assertArrayEquals(content, Files.readAllBytes(dst));

        Path shorter = dir.resolve("shorter");
        NewFile again = NativeFiles.create(shorter, 0644);
        IOException e = assertThrows(IOException.class, () -> NativeFiles.copy(in, again.fd(), content.length + 1L, src, n -> { }));
        assertNotNull(e.getMessage());
        assertTrue(e.getMessage().contains("shrank"), e.getMessage());
        NativeFiles.close(again.fd(), shorter);
        NativeFiles.close(in, src);
        assertEquals(content.length, Files.size(shorter), "every byte there was, then the error");
    }
}
