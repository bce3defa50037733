package benchsh.shell.result.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ten shells writing 50 results each to one store at once, as separate processes ({@link CountedWriter}),
 * released together so that they open (and, on a fresh store, migrate) and write at the same moment:
 * every one of the 500 results is stored, whole, in its session's order, and every writer exits 0 with
 * nothing on stderr. Once for a fresh SQLite file, once more for the same file (existing store), once for
 * PostgreSQL. The writers share one cache directory, which holds one copy of SQLite's native library
 * afterwards.
 */
@Timeout(value = 600, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ManyWritersTest {
    static final int WRITERS = 10;
    static final int EACH = 50;
    /** How long a writer may take from "go" to its exit; a writer waits at most a few seconds per result. */
    static final long WRITE_LIMIT_S = 240;

    @Test
    void tenShellsOnOneSqliteFileStoreAll500ResultsOnAFreshAndOnAnExistingStore(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("shared.db");
        Path cache = dir.resolve("cache");
        runWriters(db.toString(), cache);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            assertEveryResultStored(c, WRITERS);
        }
        runWriters(db.toString(), cache);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            assertEveryResultStored(c, 2 * WRITERS);
        }
        try (Stream<Path> files = Files.walk(cache)) {
            List<String> names = files.filter(Files::isRegularFile).map(p -> cache.relativize(p).toString()).toList();
            assertEquals(1, names.size(), "one shared copy of the native library, nothing per process: " + names);
            assertTrue(names.get(0).matches("benchsh/sqlite/libsqlitejdbc-[0-9a-f]{16}\\.so"), names.toString());
        }
    }

    @Test
    void tenShellsOnOnePostgresqlStoreStoreAll500Results() throws Exception {
        try (PgCluster pg = PgCluster.start()) {
            String url = pg.createDatabase("many");
            runWriters(url, Files.createTempDirectory("benchsh-many-cache-"));
            try (Connection c = pg.connect("many")) {
                assertEveryResultStored(c, WRITERS);
            }
        }
    }

    /** Starts the writers, waits until each is ready, releases them at once and waits for them to exit 0. */
    private static void runWriters(String target, Path cache) throws Exception {
        List<Process> writers = new ArrayList<>();
        List<CompletableFuture<String>> errors = new ArrayList<>();
        try {
            for (int w = 0; w < WRITERS; w++) {
                ProcessBuilder b = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
                        "-cp", System.getProperty("java.class.path"), CountedWriter.class.getName(), target, Integer.toString(EACH), "w" + w);
                b.environment().put("XDG_CACHE_HOME", cache.toString());
                Process p = b.start();
                writers.add(p);
                errors.add(CompletableFuture.supplyAsync(() -> readAll(p)));
            }
            for (Process p : writers) {
                BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                String first = CompletableFuture.supplyAsync(() -> {
                    try {
                        return out.readLine();
                    } catch (IOException e) {
                        return null;
                    }
                }).get(120, TimeUnit.SECONDS);
                assertEquals("ready", first, "a writer did not start");
            }
            for (Process p : writers) {
                OutputStream go = p.getOutputStream();
                go.write('\n');
                go.flush();
            }
            for (int w = 0; w < WRITERS; w++) {
                Process p = writers.get(w);
                assertTrue(p.waitFor(WRITE_LIMIT_S, TimeUnit.SECONDS), "writer w" + w + " did not finish");
                String err = errors.get(w).get(10, TimeUnit.SECONDS);
                assertEquals(0, p.exitValue(), "writer w" + w + ": " + err);
                assertEquals("", err, "writer w" + w + " reported a problem");
            }
        } finally {
            writers.forEach(Process::destroyForcibly);
        }
    }

    private static String readAll(Process p) {
        try {
            return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** {@code sessions} sessions, each with results 1..EACH (seq) and their rows. */
    private static void assertEveryResultStored(Connection c, int sessions) throws SQLException {
        try (Statement s = c.createStatement()) {
            assertEquals(sessions * EACH, count(s, "SELECT COUNT(*) FROM result"), "every result stored");
            assertEquals(sessions, count(s, "SELECT COUNT(DISTINCT session_id) FROM result"));
            assertEquals(sessions, count(s, "SELECT COUNT(*) FROM (SELECT session_id FROM result GROUP BY session_id"
                    + " HAVING COUNT(*) = " + EACH + " AND MIN(seq) = 1 AND MAX(seq) = " + EACH + ") whole"), "each session's results 1.." + EACH);
            assertEquals(sessions * EACH * 2, count(s, "SELECT COUNT(*) FROM interval"), "every interval");
            assertEquals(sessions * EACH * 2, count(s, "SELECT COUNT(*) FROM result_host"), "both hosts of every result");
        }
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
