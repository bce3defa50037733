package benchsh.shell.result.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import benchsh.peer.fs.Commands;
import benchsh.shell.result.SessionInfo;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store on a full disk (a 512 KiB tmpfs mounted for the test): a write that runs out of space, a
 * store opened on a disk that is already full and an open store whose disk another file filled all say
 * "no space left" (ENOSPC), name the store file and say what to do; never only "disk I/O error".
 * Needs root to mount (skipped otherwise).
 */
@Tag("e2e")
@Timeout(120)
class StoreDiskFullTest {
    @TempDir
    Path dir;

    @BeforeEach
    void mountASmallTmpfs() throws Exception {
        Commands.Output out = Commands.run(List.of("mount", "-t", "tmpfs", "-o", "size=512k", "benchsh-store-test", dir.toString()), Duration.ofSeconds(20));
        assumeTrue(out.exit() == 0, "cannot mount a tmpfs here (needs root): " + out.text());
    }

    @AfterEach
    void unmount() throws Exception {
        Commands.run(List.of("umount", dir.toString()), Duration.ofSeconds(20)); // fails harmlessly when nothing was mounted
    }

    @Test
    void aWriteThatRunsOutOfSpaceSaysNoSpaceLeftAndNamesTheStore() throws Exception {
        Path db = dir.resolve("results.db");
        SessionInfo session = SessionInfo.start("benchsh", null);
        StoreException full = null;
        try (ResultStore store = ResultStore.open(db, note -> { })) {
            for (int i = 0; i < 5_000 && full == null; i++) {
                try {
                    store.write(StoreFixtures.recorded(StoreFixtures.result("tcp", "a", "b", "fill", 4096, 1e9, 40, Instant.now()), session));
                } catch (StoreException e) {
                    full = e;
                }
            }
        }
        assertNotNull(full, "512 KiB cannot hold 5,000 results");
        assertNoSpaceLeft(full.getMessage(), db);
        assertTrue(full.getMessage().startsWith("cannot store the tcp result a → b 'fill' of "), full.getMessage());
    }

    @Test
    void aStoreOpenedOnAFullDiskSaysNoSpaceLeft() throws Exception {
        fill();
        Path db = dir.resolve("results.db");
        StoreException e = assertThrows(StoreException.class, () -> ResultStore.open(db, note -> { }));
        assertTrue(e.getMessage().startsWith("store " + db + ": cannot open it"), e.getMessage());
        assertNoSpaceLeft(e.getMessage(), db);
    }

    @Test
    void aStoreWhoseDiskFilledUpSinceItWasCreatedSaysNoSpaceLeft() throws Exception {
        Path db = dir.resolve("results.db");
        SessionInfo session = SessionInfo.start("benchsh", null);
        try (ResultStore store = ResultStore.open(db, note -> { })) {
            store.write(StoreFixtures.recorded(StoreFixtures.result("tcp", "a", "b", "first", 4096, 1e9, 1, Instant.now()), session));
        }
        fill();
        String m;
        try (ResultStore store = ResultStore.open(db, note -> { })) {
            m = assertThrows(StoreException.class,
                    () -> store.write(StoreFixtures.recorded(StoreFixtures.result("tcp", "a", "b", "second", 4096, 1e9, 40, Instant.now()), session)))
                    .getMessage();
        } catch (StoreException e) {
            m = e.getMessage(); // SQLite could not even map its -shm file: the open says so
        }
        assertNoSpaceLeft(m, db);
    }

    private static void assertNoSpaceLeft(String m, Path db) {
        assertTrue(m.contains("no space left on the device holding " + db + " (ENOSPC, "), m);
        assertTrue(m.contains("free some space there, or give another file with --db"), m);
    }

    /** Fills the tmpfs with another file, as a log or a download would. */
    private void fill() throws IOException {
        byte[] block = new byte[4096];
        try (OutputStream out = Files.newOutputStream(dir.resolve("filler"))) {
            for (int i = 0; i < 1024; i++) {
                out.write(block);
                out.flush();
            }
        } catch (IOException e) {
            assertTrue(e.getMessage().contains("No space left"), e.getMessage());
            return;
        }
        assertEquals("full", "not full after 4 MiB", "the tmpfs takes 512 KiB");
    }
}
