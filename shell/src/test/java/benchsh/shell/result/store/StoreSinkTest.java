package benchsh.shell.result.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.SessionInfo;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every write that fails is reported, each time, naming the result, the store and why; the sink counts them. */
class StoreSinkTest {
    /** A store that refuses results labelled 'unstorable' (a trigger), as a full disk would refuse them now and then. */
    static Path refusingStore(Path dir) throws Exception {
        Path db = dir.resolve("results.db");
        ResultStore.open(db, note -> { }).close();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            s.execute("CREATE TRIGGER refuse BEFORE INSERT ON result WHEN NEW.label = 'unstorable' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END");
        }
        return db;
    }

    @Test
    void everyFailedWriteIsReportedAndCountedWhileTheOthersAreStored(@TempDir Path dir) throws Exception {
        Path db = refusingStore(dir);
        List<String> warnings = new ArrayList<>();
        SessionInfo session = SessionInfo.start("benchsh", null);
        try (ResultStore store = ResultStore.open(db, note -> { })) {
            StoreSink sink = new StoreSink(store, warnings::add);
            for (String label : List.of("a", "unstorable", "b", "unstorable", "c")) {
                sink.accept(StoreFixtures.recorded(StoreFixtures.result("tcp", "h1", "h2", label, 4096, 1e9, 1, Instant.now()), session));
            }
            assertEquals(2, warnings.size(), "each failure, not only the first: " + warnings);
            for (String w : warnings) {
                assertTrue(w.startsWith("cannot store the tcp result h1 → h2 'unstorable' of 20"), w);
                assertTrue(w.contains(" in " + db + ": ") && w.contains("refused by the test"), w);
                assertTrue(w.endsWith("this result is only in the session's output (--json, --report)"), w);
            }
            assertEquals(2, sink.unstored());
            assertEquals(Optional.of("2 of 5 results were not stored in " + db + " (each is named above); they are in the --json output and the --report only"),
                    sink.summary());
            assertEquals(List.of("a", "b", "c"), store.results(StoreQuery.ALL).stream().map(r -> r.result().tags().get("label")).toList());
        }
    }

    @Test
    void aStoreThatCouldNotBeOpenedCountsEveryResultSilently() {
        StoreSink sink = StoreSink.unavailable();
        SessionInfo session = SessionInfo.start("benchsh", null);
        assertEquals(Optional.empty(), sink.summary());
        sink.accept(StoreFixtures.recorded(StoreFixtures.result("tcp", "h1", "h2", null, 4096, 1e9, 1, Instant.now()), session));
        assertEquals(Optional.of("1 of 1 results were not stored: the store could not be opened (above)"), sink.summary());
    }
}
