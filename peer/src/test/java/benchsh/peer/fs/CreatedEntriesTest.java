package benchsh.peer.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import benchsh.peer.io.NativeFiles;
import benchsh.peer.io.NewFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ledger of created entries: a cleanup removes exactly what the run created, and only while it is still that. */
class CreatedEntriesTest {
    @TempDir
    Path dir;

    private static void write(CreatedEntries created, String name, String text) throws IOException {
        try (FileChannel ch = created.createFile(name, Set.of())) {
            ch.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
        }
    }

    private static Object fileKey(Path p) throws IOException {
        return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
    }

    @Test
    void removesExactlyWhatItCreatedChildrenFirst() throws IOException {
        CreatedEntries created = new CreatedEntries(dir.resolve("t"));
        created.createDirectory("");
        created.createDirectory("a");
        created.createDirectory("a/b");
        write(created, "a/b/f", "one");
        write(created, "g", "two");
        CreatedEntries.Removal r = created.removeAll();
        assertTrue(r.complete(), r.toString());
        assertEquals(5, r.removed());
        assertNull(r.problem());
        assertFalse(Files.exists(dir.resolve("t"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aDirectoryThatAppearedBeforeTheCreateIsLeftUntouched() throws IOException {
        Path target = dir.resolve("t");
        Files.createDirectory(target);
        Files.writeString(target.resolve("mine.txt"), "mine");
        CreatedEntries created = new CreatedEntries(target);
        FileAlreadyExistsException e = assertThrows(FileAlreadyExistsException.class, () -> created.createDirectory(""));
        assertTrue(FsErrors.describe(e).contains("something else created it after benchsh had checked"), FsErrors.describe(e));
        assertThrows(FileAlreadyExistsException.class, () -> created.createFile("", Set.of()));
        assertEquals(0, created.size());
        CreatedEntries.Removal r = created.removeAll();
        assertEquals(0, r.removed());
        assertEquals("mine", Files.readString(target.resolve("mine.txt")));
    }

    @Test
    void aCreatedFileReplacedByAnotherIsNotRemoved() throws IOException {
        Path f = dir.resolve("w.dat");
        CreatedEntries created = new CreatedEntries(f);
        write(created, "", "benchsh");
        Object ours = fileKey(f);
        // another program saves its own file over it: a new inode renamed into place
        Path theirs = Files.writeString(dir.resolve("w.dat.new"), "theirs");
        Files.move(theirs, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        assertNotEquals(ours, fileKey(f), "the replacement is another inode");
        CreatedEntries.Removal r = created.removeAll();
        assertEquals(0, r.removed());
        assertEquals(1, r.notCreated());
        assertEquals("theirs", Files.readString(f));
        assertTrue(r.problem().contains("cleanup kept 1 entry benchsh did not create (" + f + ")"), r.problem());
    }

    /** The destination's parent was checked when the test opened, then swapped for a link: the base's create checks again. */
    @Test
    void theBaseIsNotCreatedBelowADirectorySwappedForALinkAfterTheCheck() throws IOException {
        Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
        Path parent = Files.createDirectory(dir.resolve("p"));
        SafePaths.requireNew(parent.resolve("t"));
        swapForLink(parent, elsewhere);
        CreatedEntries created = new CreatedEntries(parent.resolve("t"));

        RefusedException e = assertThrows(RefusedException.class, () -> created.createDirectory(""));

        assertTrue(e.getMessage().contains(parent + " is a symbolic link"), e.getMessage());
        assertFalse(Files.exists(elsewhere.resolve("t")));
        assertEquals(0, created.size());
    }

    /**
     * Java 22+: the kernel refuses a link anywhere on a new file's path (openat2, RESOLVE_NO_SYMLINKS), also a
     * directory of the run's own tree that someone swapped for one while it was written; the error names it.
     */
    @Test
    void aNativeCreateRefusesADirectorySwappedForALinkInsideTheTree() throws IOException {
        assumeTrue(NativeFiles.unavailable() == null, NativeFiles.unavailable());
        Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
        Path t = dir.resolve("t");
        CreatedEntries created = new CreatedEntries(t);
        created.createDirectory("");
        created.createDirectory("sub");
        swapForLink(t.resolve("sub"), elsewhere);

        RefusedException e = assertThrows(RefusedException.class, () -> created.createNative("sub/f", 0644));

        assertTrue(e.getMessage().contains(t.resolve("sub") + " is a symbolic link (to " + elsewhere + ")"), e.getMessage());
        assertFalse(Files.exists(elsewhere.resolve("f")), "nothing written through the link");
    }

    /** Moves {@code p} aside and puts a link to {@code target} in its place. */
    private static void swapForLink(Path p, Path target) throws IOException {
        Files.move(p, p.resolveSibling(p.getFileName() + ".moved"));
        Files.createSymbolicLink(p, target);
    }

    /** Java 22+: a file created through the C library is recorded by the identity read on its descriptor. */
    @Test
    void aNativelyCreatedFileIsRemovedWhileItIsStillThatFile() throws IOException {
        assumeTrue(NativeFiles.unavailable() == null, NativeFiles.unavailable());
        Path t = dir.resolve("t");
        CreatedEntries created = new CreatedEntries(t);
        created.createDirectory("");
        for (String name : List.of("kept", "replaced")) {
            NewFile f = created.createNative(name, 0644);
            NativeFiles.write(f.fd(), ByteBuffer.allocateDirect(4).put("ours".getBytes(StandardCharsets.UTF_8)).flip(), t.resolve(name), n -> { });
            NativeFiles.close(f.fd(), t.resolve(name));
        }
        Path theirs = Files.writeString(dir.resolve("new"), "theirs");
        Files.move(theirs, t.resolve("replaced"), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);

        CreatedEntries.Removal r = created.removeAll();

        assertFalse(Files.exists(t.resolve("kept")));
        assertEquals("theirs", Files.readString(t.resolve("replaced")));
        assertEquals(1, r.removed());
        assertEquals(1, r.notCreated());
        assertEquals(1, r.keptDirs());
        assertThrows(FileAlreadyExistsException.class, () -> created.createNative("replaced", 0644));
    }

    @Test
    void aSymlinkPlantedInACreatedTreeIsNeitherFollowedNorRemoved() throws IOException {
        Path outside = Files.createDirectory(dir.resolve("outside"));
        Files.writeString(outside.resolve("precious"), "keep me");
        Path t = dir.resolve("t");
        CreatedEntries created = new CreatedEntries(t);
        created.createDirectory("");
        created.createDirectory("sub");
        write(created, "sub/f", "ours");
        write(created, "g", "ours");
        Path planted = Files.createSymbolicLink(t.resolve("sub/link"), outside);
        Files.delete(t.resolve("g"));
        Path swapped = Files.createSymbolicLink(t.resolve("g"), outside.resolve("precious"));

        CreatedEntries.Removal r = created.removeAll();

        assertEquals("keep me", Files.readString(outside.resolve("precious")), "a link's target is never touched");
        assertTrue(Files.isSymbolicLink(planted) && Files.isSymbolicLink(swapped), "links benchsh did not create stay");
        assertFalse(Files.exists(t.resolve("sub/f")), "what benchsh created is removed");
        assertEquals(1, r.removed());
        assertEquals(2, r.notCreated());
        assertEquals(2, r.keptDirs(), "sub and the root still hold the links");
        assertTrue(r.problem().contains("cleanup kept 2 entries benchsh did not create")
                && r.problem().contains("2 created directories holding them"), r.problem());
    }

    @Test
    void filesSomeoneElseAddedKeepTheirDirectories() throws IOException {
        Path t = dir.resolve("t");
        CreatedEntries created = new CreatedEntries(t);
        created.createDirectory("");
        created.createDirectory("a");
        created.createDirectory("b");
        write(created, "a/f", "ours");
        Files.writeString(t.resolve("a/theirs.txt"), "theirs");
        CreatedEntries.Removal r = created.removeAll();
        assertEquals("theirs", Files.readString(t.resolve("a/theirs.txt")));
        assertFalse(Files.exists(t.resolve("a/f")));
        assertFalse(Files.exists(t.resolve("b")));
        assertEquals(2, r.removed());
        assertEquals(1, r.notCreated());
        assertEquals(2, r.keptDirs());
        assertEquals("failed; cleanup kept 1 entry benchsh did not create (" + t.resolve("a/theirs.txt")
                + ") and the 2 created directories holding them", r.addTo("failed", "tree"));
    }

    @Test
    void entriesAlreadyGoneAreCountedNotErrors() throws IOException {
        Path t = dir.resolve("t");
        CreatedEntries created = new CreatedEntries(t);
        created.createDirectory("");
        write(created, "f", "x");
        Files.delete(t.resolve("f"));
        CreatedEntries.Removal r = created.removeAll();
        assertTrue(r.complete());
        assertEquals(1, r.missing());
        assertEquals("failed; the partial tree was removed", r.addTo("failed", "tree"));
    }

    @Test
    void aCreateThatCompletesAfterTheCleanupBeganIsUndone() {
        Path f = dir.resolve("late");
        CreatedEntries created = new CreatedEntries(f);
        created.removeAll();
        IOException e = assertThrows(IOException.class, () -> created.createFile("", Set.of()));
        assertTrue(e.getMessage().contains("after the cleanup began"), e.getMessage());
        assertFalse(Files.exists(f, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void optionsThatCouldOverwriteAreRefused() {
        CreatedEntries created = new CreatedEntries(dir.resolve("x"));
        assertThrows(IllegalArgumentException.class, () -> created.createFile("", Set.of(java.nio.file.StandardOpenOption.CREATE)));
        assertThrows(IllegalArgumentException.class, () -> created.createFile("", Set.of(java.nio.file.StandardOpenOption.TRUNCATE_EXISTING)));
    }
}
