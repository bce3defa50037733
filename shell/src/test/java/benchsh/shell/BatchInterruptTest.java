package benchsh.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.store.ResultStore;
import benchsh.shell.result.store.StoreQuery;
import benchsh.shell.result.store.StoredResult;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** SIGINT in batch mode stops the run, keeps what was measured (JSON lines, store) and exits 130. */
@Timeout(value = 90, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BatchInterruptTest {

    @Test
    void sigintKeepsThePartialResultAndStopsTheScript(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("results.db");
        Path json = dir.resolve("results.jsonl");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "--db", db.toString(), "--json", json.toString(), "--progress",
                "-e", "tcp to: local, time: 20.s, omit: 0.s\ntcp to: local, time: 20.s, omit: 0.s")
                .redirectErrorStream(true).start();
        StringBuilder seen = new StringBuilder();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            int intervals = 0;
            String line;
            while (intervals < 2 && (line = out.readLine()) != null) { // bounded by the class timeout and the 20 s test
                seen.append(line).append('\n');
                if (line.matches("\\s+tcp\\s+[0-9.]+-[0-9.]+ s.*")) {
                    intervals++;
                }
            }
            assertEquals(2, intervals, "two interval lines before SIGINT: " + seen);
            assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor());
            while ((line = out.readLine()) != null) {
                seen.append(line).append('\n');
            }
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        } finally {
            p.destroyForcibly();
        }
        assertEquals(130, p.exitValue(), seen.toString());
        assertTrue(seen.toString().contains("stopped by SIGINT"), seen.toString());
        List<Map<String, Object>> lines = Batch.results(Files.readString(json));
        assertEquals(1, lines.size(), "the second test never started: " + lines);
        Map<String, Object> r = lines.get(0);
        assertEquals("interrupted", r.get("status"));
        assertTrue(((List<?>) r.get("intervals")).size() >= 2, r.toString());
        try (ResultStore store = ResultStore.open(db)) {
            List<StoredResult> stored = store.results(StoreQuery.ALL);
            assertEquals(1, stored.size());
            assertEquals("interrupted", stored.get(0).result().status().wire());
            double seconds = stored.get(0).result().metric("seconds");
            assertTrue(seconds > 1 && seconds < 19, "about the measured span, not the asked 20 s: " + seconds);
        }
    }
}
