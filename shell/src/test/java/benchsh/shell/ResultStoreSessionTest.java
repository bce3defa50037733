package benchsh.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.store.ResultStore;
import benchsh.shell.result.store.StoreQuery;
import benchsh.shell.result.store.StoredResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Batch runs store what they measure; later sessions find it with history, load it, table it and diff against it. */
@Timeout(120)
class ResultStoreSessionTest {

    @Test
    void resultsOfEarlierSessionsComeBackForTablesHistoryAndDiff(@TempDir Path dir) throws Exception {
        String db = dir.resolve("results.db").toString();
        Path script = Files.writeString(dir.resolve("base.groovy"), "tcp to: local, bytes: 2.MiB, size: 4.KiB, label: 'base'\n");
        Batch base = Batch.run("--db", db, "run", script.toString());
        assertEquals(0, base.exit(), base.err());
        Batch today = Batch.run("--db", db, "-e", "tcp to: local, bytes: 2.MiB, size: 4.KiB, label: 'today'");
        assertEquals(0, today.exit(), today.err());

        List<StoredResult> stored;
        try (ResultStore store = ResultStore.open(Path.of(db))) {
            stored = store.results(StoreQuery.ALL);
            assertEquals(2, stored.size());
            assertEquals(2, store.sessions(StoreQuery.ALL).size());
            assertTrue(store.sessions(StoreQuery.ALL).get(0).script(), "the script text is kept");
            assertTrue(store.sessions(StoreQuery.ALL).get(0).commandLine().contains("base.groovy"));
            assertTrue(store.facts(stored.get(0).id(), "local").containsKey("kernel"), "facts of the host are kept");
        }
        String s1 = stored.get(0).session();
        String s2 = stored.get(1).session();

        Batch later = Batch.run("--db", db, "-e", """
                history label: 'base'
                load label: 'base'
                load '%s'
                load label: 'base'
                table rows: 'size', cols: 'session'
                diff local, label: 'base'
                """.formatted(s2));
        assertEquals(0, later.exit(), later.err());
        String out = later.out();
        assertTrue(out.contains(s1) && out.contains("base") && out.contains("ok"), out);
        assertTrue(out.contains("loaded 1 result from " + s1), out);
        assertTrue(out.contains("loaded 1 result from " + s2), out);
        assertTrue(out.contains("loaded 0 results (1 already in this session)"), out);
        String table = out.lines().filter(l -> l.trim().startsWith("size")).findFirst().orElse("");
        assertTrue(table.contains(s1) && table.contains(s2), "one column per session: " + out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("4 KiB")), out);
        assertTrue(out.contains("no differences in") || out.contains("facts differ"), out);
    }

    @Test
    void historyWithoutMatchesAndLoadWithoutAFilterSayWhatToDo(@TempDir Path dir) {
        String db = dir.resolve("results.db").toString();
        Batch b = Batch.run("--db", db, "-e", "history test: 'nothing'");
        assertEquals(0, b.exit(), b.err());
        assertTrue(b.out().contains("no stored results match"), b.out());
        Batch load = Batch.run("--db", db, "-e", "load");
        assertEquals(2, load.exit());
        assertTrue(load.err().contains("give a session id"), load.err());
        Batch bad = Batch.run("--db", db, "-e", "history since: 'yesterday-ish'");
        assertTrue(bad.err().contains("2026-11-01"), bad.err());
    }

    @Test
    void aStoreThatCannotBeOpenedCostsOneWarningAndExit3NotTheMeasurement(@TempDir Path dir) throws Exception {
        Path notADir = Files.writeString(dir.resolve("file"), "x");
        Batch b = Batch.run("--db", notADir.resolve("results.db").toString(), "-e", "tcp to: local, bytes: 1.MiB", "--json", "-");
        assertEquals(3, b.exit(), "the result is not stored: " + b.err());
        assertEquals(1, b.results().size());
        assertEquals(1, b.err().lines().filter(l -> l.startsWith("benchsh: store " + notADir.resolve("results.db") + ": cannot open it")
                && l.endsWith("measuring goes on without storing results")).count(), b.err());
        assertTrue(b.err().contains("benchsh: 1 of 1 results were not stored: the store could not be opened (above)"), b.err());
        Batch history = Batch.run("--db", notADir.resolve("results.db").toString(), "-e", "history");
        assertTrue(history.err().contains("no result store is open"), history.err());
    }

    @Test
    void aResultTheStoreRefusesIsNamedOnStderrKeptInTheJsonLinesAndTheExitIs3(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("results.db");
        ResultStore.open(db, note -> { }).close();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            s.execute("CREATE TRIGGER refuse BEFORE INSERT ON result WHEN NEW.label = 'unstorable' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END");
        }
        Batch b = Batch.run("--db", db.toString(), "--json", "-", "-e",
                "['kept', 'unstorable', 'kept too', 'unstorable'].each { tcp to: local, bytes: 256.KiB, label: it }");
        assertEquals(3, b.exit(), b.err());
        assertEquals(List.of("kept", "unstorable", "kept too", "unstorable"),
                b.results().stream().map(r -> ((Map<?, ?>) r.get("tags")).get("label")).toList(), "every result is in the JSON lines");
        List<String> refused = b.err().lines().filter(l -> l.startsWith("benchsh: cannot store the tcp result local → local 'unstorable' of ")).toList();
        assertEquals(2, refused.size(), "each failure, when it happens: " + b.err());
        assertTrue(refused.get(0).contains(" in " + db + ": ") && refused.get(0).contains("refused by the test"), refused.get(0));
        assertTrue(b.err().contains("benchsh: 2 of 4 results were not stored in " + db + " (each is named above)"), b.err());
        try (ResultStore store = ResultStore.open(db)) {
            assertEquals(List.of("kept", "kept too"), store.results(StoreQuery.ALL).stream().map(r -> r.result().tags().get("label")).toList());
        }
        Batch failedToo = Batch.run("--db", db.toString(), "-e", "h = host 'me@127.0.0.1:1'; tcp to: h, time: 1.s, label: 'unstorable'");
        assertTrue(failedToo.err().contains("benchsh: the test did not complete"), "not 1 of 1 tests: " + failedToo.err());
        assertEquals(3, failedToo.exit(), "not stored wins over a failed test: " + failedToo.err());
    }

    @Test
    void progressPrintsAnIntervalLineOnlyWhenAsked(@TempDir Path dir) {
        String db = dir.resolve("results.db").toString();
        Batch quiet = Batch.run("--db", db, "-e", "tcp to: local, time: 2.s, omit: 0.s");
        assertTrue(quiet.out().lines().noneMatch(l -> l.matches("\\s+tcp\\s+[0-9.]+-.*")), quiet.out());
        Batch loud = Batch.run("--db", db, "--progress", "-e", "tcp to: local, time: 2.s, omit: 0.s");
        assertEquals(0, loud.exit(), loud.err());
        assertTrue(loud.out().lines().filter(l -> l.matches("\\s+tcp\\s+[0-9.]+-[0-9.]+ s\\s+.*MB/s.*")).count() >= 1, loud.out());
    }
}
