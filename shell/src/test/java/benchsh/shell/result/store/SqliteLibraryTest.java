package benchsh.shell.result.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One content-named copy of SQLite's native library, shared and checked; leftovers of killed shells swept, nothing else. */
class SqliteLibraryTest {
    static final byte[] LIBRARY = "pretend this is libsqlitejdbc.so".getBytes();

    @Test
    void theCopyIsNamedByItsContentWrittenOnceAndReplacedWhenDamaged(@TempDir Path dir) throws Exception {
        String name = SqliteLibrary.copy(dir, LIBRARY);
        assertTrue(name.matches("libsqlitejdbc-[0-9a-f]{16}\\.so"), name);
        Object inode = Files.readAttributes(dir.resolve(name), "unix:ino");
        assertEquals(name, SqliteLibrary.copy(dir, LIBRARY), "every shell uses the same file");
        assertEquals(inode, Files.readAttributes(dir.resolve(name), "unix:ino"), "a good copy is not written again");
        Files.write(dir.resolve(name), new byte[] {1, 2, 3});
        assertEquals(name, SqliteLibrary.copy(dir, LIBRARY));
        assertArrayEquals(LIBRARY, Files.readAllBytes(dir.resolve(name)), "a damaged copy is replaced");
        assertTrue(!name.equals(SqliteLibrary.copy(dir, "another version".getBytes())), "another library, another name");
        assertEquals(2, names(dir).size(), "no temp file left: " + names(dir));
    }

    @Test
    void theSweepRemovesOnlyStaleLeftoversOfThisUser(@TempDir Path dir, @TempDir Path outside) throws Exception {
        String current = SqliteLibrary.copy(dir, LIBRARY);
        old(dir.resolve(current));
        String uuid = "sqlite-3.54.1.0-0b6c2a8e-3f1d-4c4e-9a57-1d2e3f4a5b6c-libsqlitejdbc.so";
        old(Files.createFile(dir.resolve(uuid)));
        old(Files.createFile(dir.resolve(uuid + ".lck")));
        old(Files.createFile(dir.resolve("libsqlitejdbc-0123456789abcdef.so")));
        old(Files.createFile(dir.resolve("libsqlitejdbc-0123456789abcdef.so.8812734.tmp")));
        String fresh = "sqlite-3.54.1.0-7f00c0de-0000-4000-8000-000000000001-libsqlitejdbc.so";
        Files.createFile(dir.resolve(fresh));
        Files.createFile(dir.resolve(fresh + ".lck"));
        old(Files.createFile(dir.resolve("notes.txt")));
        Path target = Files.writeString(outside.resolve("kept.so"), "not benchsh's");
        String link = "sqlite-3.54.1.0-00000000-0000-4000-8000-00000000beef-libsqlitejdbc.so";
        Files.createSymbolicLink(dir.resolve(link), target);

        assertEquals(4, SqliteLibrary.sweep(dir, current));
        assertEquals(new TreeSet<>(Set.of(current, fresh, fresh + ".lck", "notes.txt", link)), names(dir),
                "the copy in use, a copy another shell is loading now, other files and links stay");
        assertTrue(Files.exists(target), "a link is never followed");
    }

    @Test
    void anotherUsersFileIsNeverRemoved(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "needs root (chown)");
        Path theirs = old(Files.createFile(dir.resolve("sqlite-3.54.1.0-0b6c2a8e-3f1d-4c4e-9a57-1d2e3f4a5b6c-libsqlitejdbc.so")));
        Files.setAttribute(theirs, "unix:uid", 65534, LinkOption.NOFOLLOW_LINKS);
        assertEquals(0, SqliteLibrary.sweep(dir, "libsqlitejdbc-0000000000000000.so"));
        assertTrue(Files.exists(theirs));
    }

    private static Path old(Path p) throws Exception {
        Files.setLastModifiedTime(p, FileTime.from(Instant.now().minus(1, ChronoUnit.HOURS)));
        return p;
    }

    private static TreeSet<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return new TreeSet<>(s.map(p -> p.getFileName().toString()).toList());
        }
    }
}
