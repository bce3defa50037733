package benchsh.shell.result.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.metric.Flat;
import benchsh.peer.workload.Interval;
import benchsh.shell.report.JsonLines;
import benchsh.shell.result.Result;
import benchsh.shell.result.SessionInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store keeps results whole and finds them again by session, label, test, host and time. */
class ResultStoreTest {
    static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");

    @Test
    void aResultComesBackAsItWasRecorded(@TempDir Path dir) throws Exception {
        SessionInfo s = new SessionInfo("20261101-100000-abcd", T0, "benchsh run x.groovy", "tcp to: b");
        Result r = StoreFixtures.result("tcp", "a", "b", "base", 16384, 2.5e9, 3, T0.plusMillis(1234));
        try (ResultStore store = ResultStore.open(dir.resolve("sub/results.db"))) {
            long id = store.write(StoreFixtures.recorded(r, s));
            StoredResult back = store.results(StoreQuery.ALL).get(0);
            assertEquals(id, back.id());
            assertEquals(s.id(), back.session());
            assertEquals(JsonLines.line(r), JsonLines.line(back.result()), "the same result contract");
            assertEquals("6.1.0", store.facts(id, "b").get("kernel"));
            assertEquals("beta", store.facts(id, "to").get("hostname"));
            assertEquals("alpha", store.facts(id, "a").get("hostname"));
            assertEquals(List.of("base"), store.labels());
            assertEquals(JsonLines.line(r), JsonLines.line(store.byId(id).orElseThrow().result()));
            StoredSession ss = store.sessions(StoreQuery.ALL).get(0);
            assertEquals("benchsh run x.groovy", ss.commandLine());
            assertTrue(ss.script());
            assertEquals(1, ss.results());
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("sub/results.db")); Statement st = c.createStatement()) {
            assertEquals(Schema.VERSION, scalar(st, "PRAGMA user_version"));
            assertEquals("wal", scalar(st, "PRAGMA journal_mode"));
            assertEquals(3, scalar(st, "SELECT COUNT(*) FROM interval"));
            assertEquals(16384, scalar(st, "SELECT value FROM param WHERE name = 'size'"));
            assertEquals("tx", scalar(st, "SELECT value FROM tag WHERE name = 'dir'"));
            assertEquals(2, scalar(st, "SELECT COUNT(*) FROM host_facts"), "two distinct fact sets");
            assertEquals("tcp to: b", scalar(st, "SELECT script FROM session"));
        }
    }

    @Test
    void historyFiltersByLabelTestHostTimeAndSession(@TempDir Path dir) throws Exception {
        SessionInfo s1 = new SessionInfo("20261101-100000-aaaa", T0, "benchsh", null);
        SessionInfo s2 = new SessionInfo("20261129-100000-bbbb", T0.plusSeconds(28 * 86400), "benchsh", null);
        try (ResultStore store = ResultStore.open(dir.resolve("r.db"))) {
            store.write(StoreFixtures.recorded(StoreFixtures.result("tcp", "a", "b", "base", 1024, 1e9, 1, T0), s1));
            store.write(StoreFixtures.recorded(StoreFixtures.result("udp", "a", "c", "base", 1024, 1e9, 1, T0.plusSeconds(60)), s1));
            store.write(StoreFixtures.recorded(StoreFixtures.result("tcp", "c", "b", "today", 1024, 1e9, 1, s2.started()), s2));
            store.write(StoreFixtures.recorded(StoreFixtures.result("tcp", "a", "b", null, 2048, 1e9, 1, s2.started().plusSeconds(5)), s2));
            assertEquals(2, store.results(StoreQuery.ALL.label("base")).size());
            assertEquals(3, store.results(StoreQuery.ALL.test("tcp")).size());
            assertEquals(2, store.results(StoreQuery.ALL.host("c")).size());
            assertEquals(4, store.results(StoreQuery.ALL.host("alpha")).size(), "the hostname in the stored facts matches too");
            assertEquals(2, store.results(StoreQuery.ALL.since(Instant.parse("2026-11-15T00:00:00Z"))).size());
            assertEquals(2, store.results(StoreQuery.ALL.date("2026-11-01", ZoneOffset.UTC)).size());
            assertEquals(0, store.results(StoreQuery.ALL.date("2026-11-02", ZoneOffset.UTC)).size());
            assertEquals(2, store.results(StoreQuery.ALL.session("20261129")).size(), "a session id prefix is enough");
            List<StoredResult> newest = store.results(StoreQuery.ALL.limit(2));
            assertEquals(2, newest.size());
            assertEquals(2048L, newest.get(1).result().params().get("size"), "the newest come last");
            assertEquals(1, store.results(StoreQuery.ALL.test("tcp").label("base").host("b")).size());
            assertEquals(List.of("20261101-100000-aaaa", "20261129-100000-bbbb"),
                    store.sessions(StoreQuery.ALL).stream().map(StoredSession::id).toList());
            assertEquals(List.of("20261129-100000-bbbb"), store.sessions(StoreQuery.ALL.label("today")).stream().map(StoredSession::id).toList());
            assertEquals(List.of("base", "today"), store.labels());
        }
    }

    @Test
    void timesParseAsDatesDateTimesAndDurationsAgo() {
        Instant now = Instant.parse("2026-11-29T12:00:00Z");
        assertEquals(Instant.parse("2026-11-01T00:00:00Z"), StoreQuery.parseTime("2026-11-01", now, ZoneOffset.UTC));
        assertEquals(Instant.parse("2026-11-01T10:30:00Z"), StoreQuery.parseTime("2026-11-01T10:30", now, ZoneOffset.UTC));
        assertEquals(Instant.parse("2026-11-29T10:30:00Z"), StoreQuery.parseTime("PT1H30M", now, ZoneOffset.UTC));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StoreQuery.parseTime("last week", now, ZoneOffset.UTC));
        assertTrue(e.getMessage().contains("2026-11-01"), e.getMessage());
    }

    @Test
    void aStoreFromANewerBenchshOrAnUnwritablePathIsRefusedWithAReason(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("new.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement()) {
            st.execute("PRAGMA user_version = 99");
        }
        StoreException e = assertThrows(StoreException.class, () -> ResultStore.open(db));
        assertTrue(e.getMessage().contains("newer benchsh"), e.getMessage());
        Path file = Files.writeString(dir.resolve("plain"), "x");
        StoreException e2 = assertThrows(StoreException.class, () -> ResultStore.open(file.resolve("results.db")));
        assertTrue(e2.getMessage().contains("--db"), e2.getMessage());
    }

    @Test
    void reopeningKeepsEverything(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("r.db");
        SessionInfo s = SessionInfo.start("benchsh", null);
        for (int i = 0; i < 3; i++) {
            try (ResultStore store = ResultStore.open(db)) {
                store.write(StoreFixtures.recorded(StoreFixtures.result("tcp", "a", "b", null, 1024, 1e9, 2, Instant.now()), s));
            }
        }
        try (ResultStore store = ResultStore.open(db)) {
            assertEquals(3, store.results(StoreQuery.ALL).size());
            assertEquals(1, store.sessions(StoreQuery.ALL).size());
            assertEquals(3, store.sessions(StoreQuery.ALL).get(0).results());
        }
    }

    @Test
    void theIntervalColumnsHoldTheFiguresOfTheSamplesAsTheyAreFlattened(@TempDir Path dir) throws Exception {
        SessionInfo s = new SessionInfo("20261101-100000-ivls", T0, "benchsh", null);
        Result r = StoreFixtures.result("tcp", "a", "b", null, 1024, 8e9, 0, T0);
        r = new Result(r.test(), r.status(), r.from(), r.to(), r.params(), r.metrics(), r.tags(), r.started(), 1, null,
                List.of(Flat.of(new Interval<>(0.5, 1.5, new Interval.Bytes(1_000_000_000L, 8e9)))));
        try (ResultStore store = ResultStore.open(dir.resolve("r.db"))) {
            store.write(StoreFixtures.recorded(r, s));
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("r.db")); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT start_s, end_s, bytes, throughput_bps FROM interval")) {
            assertTrue(rs.next());
            assertEquals(List.of(0.5, 1.5, 1_000_000_000L, 8e9), List.of(rs.getDouble(1), rs.getDouble(2), rs.getLong(3), rs.getDouble(4)));
            assertEquals(8e9, scalar(st, "SELECT throughput_bps FROM result"));
        }
    }

    private static Object scalar(Statement st, String sql) throws Exception {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getObject(1);
        }
    }
}
