package benchsh.shell.result.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.SessionInfo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store file is owner-only, and a session row rewritten to mask a secret keeps no copy of it. */
class StorePrivacyTest {
    private static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");

    @Test
    void aNewStoreIsOwnerOnlyAndAnOpenOneIsTightenedWithOneNote(@TempDir Path dir) throws Exception {
        List<String> notes = new ArrayList<>();
        try (ResultStore store = ResultStore.open(dir.resolve("new.db"), notes::add)) {
            store.write(StoreFixtures.recorded(StoreFixtures.result("tcp", "a", "b", null, 1, 1e9, 1, T0),
                    new SessionInfo("20261101-100000-abcd", T0, "benchsh", null)));
            assertEquals("rw-------", mode(dir.resolve("new.db-wal")), "SQLite gives its WAL the database's mode");
        }
        assertEquals("rw-------", mode(dir.resolve("new.db")));
        assertEquals(List.of(), notes);
        Path old = Files.createFile(dir.resolve("old.db"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--")));
        ResultStore.open(old, notes::add).close();
        ResultStore.open(old, notes::add).close();
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).startsWith(old + " was open to group or others (rw-r--r--)"), notes.get(0));
        assertEquals("rw-------", mode(old));
    }

    @Test
    void aSessionRowRewrittenToMaskASecretKeepsNoCopyInTheFile(@TempDir Path dir) throws Exception {
        String secret = "hunter2-" + Long.toHexString(System.nanoTime());
        Path db = dir.resolve("r.db");
        String script = "tcp to: local\npw = '" + secret + "'\nh = host 'pc1', password: pw\ntcp from: h\n";
        try (ResultStore store = ResultStore.open(db, n -> { })) {
            store.write(StoreFixtures.recorded(StoreFixtures.result("tcp", "a", "b", null, 1, 1e9, 1, T0),
                    new SessionInfo("20261101-100000-abcd", T0, "benchsh run x.groovy", script)));
            assertTrue(contains(db, secret) || contains(Path.of(db + "-wal"), secret), "the first write holds it: the test can fail");
            store.write(StoreFixtures.recorded(StoreFixtures.result("tcp", "h", "b", null, 1, 1e9, 1, T0),
                    new SessionInfo("20261101-100000-abcd", T0, "benchsh run x.groovy", script.replace(secret, "***"))));
            assertFalse(contains(db, secret) || contains(Path.of(db + "-wal"), secret), "gone while the store is still open");
            assertEquals(script.replace(secret, "***"), store.sessions(StoreQuery.ALL).get(0).script() ? scriptOf(db) : null);
        }
        assertFalse(contains(db, secret));
    }

    private static String scriptOf(Path db) throws Exception {
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db); var st = c.createStatement();
             var rs = st.executeQuery("SELECT script FROM session")) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    private static boolean contains(Path file, String text) throws Exception {
        return Files.exists(file) && new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(text);
    }

    private static String mode(Path file) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
    }
}
