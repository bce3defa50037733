package benchsh.shell.result.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.Json;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 in the middle of writes never leaves a half-written result: every stored result is whole. Nor
 * does a killed writer leave its own copy of SQLite's native library behind: the cache holds one, shared.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ResultStoreKillTest {
    static final int KILLS = 4;

    @Test
    void aWriterKilledMidWriteLeavesOnlyWholeResults(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("results.db");
        Path cache = dir.resolve("cache");
        for (int k = 0; k < KILLS; k++) {
            ProcessBuilder writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), StoreWriter.class.getName(), db.toString())
                    .redirectError(ProcessBuilder.Redirect.INHERIT);
            writer.environment().put("XDG_CACHE_HOME", cache.toString());
            Process p = writer.start();
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                String first = CompletableFuture.supplyAsync(() -> {
                    try {
                        return out.readLine();
                    } catch (java.io.IOException e) {
                        return null;
                    }
                }).get(60, TimeUnit.SECONDS);
                assertEquals("ready", first, "the writer did not start");
                Thread.sleep(150 + 100L * k); // mid-stream: many results per second are in flight
            } finally {
                p.destroyForcibly(); // SIGKILL
                assertTrue(p.waitFor(20, TimeUnit.SECONDS));
            }
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("PRAGMA integrity_check")) {
                rs.next();
                assertEquals("ok", rs.getString(1));
            }
            try (ResultSet rs = s.executeQuery("PRAGMA foreign_key_check")) {
                assertTrue(!rs.next(), "no dangling rows");
            }
        }
        try (ResultStore store = ResultStore.open(db)) {
            List<StoredResult> all = store.results(StoreQuery.ALL);
            assertTrue(all.size() >= KILLS, "each writer stored at least its first result: " + all.size());
            assertEquals(KILLS, store.sessions(StoreQuery.ALL).size());
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT r.id, r.json, (SELECT COUNT(*) FROM param WHERE result_id = r.id),"
                     + " (SELECT COUNT(*) FROM metric WHERE result_id = r.id), (SELECT COUNT(*) FROM tag WHERE result_id = r.id),"
                     + " (SELECT COUNT(*) FROM interval WHERE result_id = r.id), (SELECT COUNT(*) FROM result_host WHERE result_id = r.id)"
                     + " FROM result r")) {
            int n = 0;
            while (rs.next()) {
                Map<String, Object> json = Json.parseObject(rs.getString(2));
                String id = "result " + rs.getLong(1);
                assertEquals(((Map<?, ?>) json.get("params")).size(), rs.getInt(3), id + " params");
                assertEquals(((Map<?, ?>) json.get("metrics")).size(), rs.getInt(4), id + " metrics");
                assertEquals(((Map<?, ?>) json.get("tags")).size(), rs.getInt(5), id + " tags");
                assertEquals(((List<?>) json.get("intervals")).size(), rs.getInt(6), id + " intervals");
                assertEquals(40, rs.getInt(6), id + " intervals");
                assertEquals(2, rs.getInt(7), id + " hosts");
                n++;
            }
            assertTrue(n >= KILLS);
        }
        try (Stream<Path> files = Files.list(cache.resolve("benchsh/sqlite"))) {
            List<String> names = files.map(f -> f.getFileName().toString()).toList();
            assertEquals(1, names.size(), "one shared library, no copy per killed writer: " + names);
            assertTrue(names.get(0).matches("libsqlitejdbc-[0-9a-f]{16}\\.so"), names.toString());
        }
    }
}
