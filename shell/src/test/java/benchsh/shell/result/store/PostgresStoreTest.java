package benchsh.shell.result.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.SessionInfo;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The store on a real PostgreSQL server (a throwaway cluster, {@link PgCluster}): migrations from
 * empty and from an older schema, a newer schema refused, machine/user/label/since filters, writers
 * at once, and the errors for a wrong password, no server and no database.
 */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PostgresStoreTest {
    private static final AtomicInteger DATABASES = new AtomicInteger();

    @RegisterExtension
    static final PgCluster.PerClass PG = new PgCluster.PerClass();

    private static String freshDatabase() throws Exception {
        return PG.cluster().createDatabase("store" + DATABASES.incrementAndGet());
    }

    private static String database(String url) {
        return url.substring(url.lastIndexOf('/') + 1);
    }

    private static ResultStore open(String url, Measurer who) throws StoreException {
        return PostgresStore.open(PgTarget.parse(url, Map.of()), who);
    }

    private static StoredResult write(ResultStore store, SessionInfo session, String label, double bps, Instant started) throws StoreException {
        long id = store.write(StoreFixtures.recorded(StoreFixtures.result("tcp", "a", "b", label, 4096, bps, 3, started), session));
        return store.byId(id).orElseThrow();
    }

    @Test
    void anEmptyDatabaseIsMigratedAndStoresWhoMeasured() throws Exception {
        String url = freshDatabase();
        try (ResultStore store = open(url, new Measurer("ci-runner-1", "ci"))) {
            assertFalse(store.where().contains(PG.cluster().password()), store.where());
            assertEquals(PgCluster.USER + "@127.0.0.1:" + PG.cluster().port(), store.where().replaceAll("^postgresql://|/.*$", ""));
            StoredResult r = write(store, SessionInfo.start("benchsh -e tcp", null), "nightly", 9.4e9, Instant.now());
            assertEquals("ci-runner-1", r.machine());
            assertEquals("ci", r.user());
            assertEquals(9.4e9, r.result().metric("throughput_bps"));
            assertEquals(3, r.result().intervals().size());
            assertEquals(Map.of("hostname", "alpha", "kernel", "6.1.0"), Map.of("hostname", store.facts(r.id(), "from").get("hostname"),
                    "kernel", store.facts(r.id(), "from").get("kernel")));
        }
        try (Connection c = PG.cluster().connect(database(url)); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT version FROM schema_version ORDER BY version")) {
            List<Integer> versions = new ArrayList<>();
            while (rs.next()) {
                versions.add(rs.getInt(1));
            }
            assertEquals(List.of(1, Schema.VERSION), versions, "every migration recorded");
        }
        try (ResultStore again = open(url, Measurer.current())) {
            assertEquals(1, again.results(StoreQuery.ALL).size(), "opening a current store changes nothing");
        }
    }

    @Test
    void anOlderSchemaIsMigratedKeepingItsRows() throws Exception {
        String url = freshDatabase();
        try (Connection c = PG.cluster().connect(database(url)); Statement s = c.createStatement()) {
            for (String ddl : Schema.MIGRATIONS.get(0).ddl()) {
                s.execute(Dialect.POSTGRESQL.ddl(ddl));
            }
            Dialect.POSTGRESQL.recordVersion(s, 1);
            s.execute("INSERT INTO session(id, started, command_line, script, benchsh_version) VALUES "
                    + "('20261101-100000-0001', '2026-11-01T10:00:00.000Z', 'benchsh run old.groovy', NULL, '0.9')");
        }
        try (ResultStore store = open(url, new Measurer("m", "u"))) {
            write(store, SessionInfo.start("benchsh -e tcp", null), "x", 1e9, Instant.now());
            List<StoredSession> sessions = store.sessions(StoreQuery.ALL);
            assertEquals(1, sessions.size(), "the old session has no results, so it is not listed: " + sessions);
            assertEquals("m", sessions.get(0).machine());
        }
        try (Connection c = PG.cluster().connect(database(url)); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT machine, os_user, command_line FROM session WHERE id = '20261101-100000-0001'")) {
            assertTrue(rs.next(), "the old row is kept");
            assertNull(rs.getString(1));
            assertNull(rs.getString(2));
            assertEquals("benchsh run old.groovy", rs.getString(3));
        }
    }

    @Test
    void aStoreFromANewerBenchshIsRefusedNamingBothVersions() throws Exception {
        String url = freshDatabase();
        open(url, Measurer.current()).close();
        try (Connection c = PG.cluster().connect(database(url)); Statement s = c.createStatement()) {
            s.execute("INSERT INTO schema_version(version, applied, benchsh_version) VALUES (" + (Schema.VERSION + 7) + ", 'later', '9.0')");
        }
        StoreException e = assertThrows(StoreException.class, () -> open(url, Measurer.current()));
        String m = e.getMessage();
        assertTrue(m.startsWith("store " + PG.cluster().urlWithoutPassword(database(url)) + " was written by a newer benchsh"), m);
        assertTrue(m.contains("schema version " + (Schema.VERSION + 7)) && m.contains("knows up to " + Schema.VERSION), m);
        assertFalse(m.contains(PG.cluster().password()), m);
    }

    @Test
    void resultsFilterByMachineUserLabelAndTime() throws Exception {
        String url = freshDatabase();
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        try (ResultStore ci = open(url, new Measurer("ci-runner-1", "ci")); ResultStore laptop = open(url, new Measurer("laptop", "ana"))) {
            SessionInfo nightly = SessionInfo.start("benchsh run nightly.groovy", null);
            write(ci, nightly, "nightly", 9.0e9, now.minus(3, ChronoUnit.DAYS));
            write(ci, nightly, "nightly", 9.1e9, now.minus(1, ChronoUnit.HOURS));
            write(laptop, SessionInfo.start("benchsh", null), "try", 5.0e9, now);

            assertEquals(List.of(9.0e9, 9.1e9), bps(laptop.results(StoreQuery.ALL.machine("ci-runner-1"))), "a reader sees another machine's runs");
            assertEquals(List.of(5.0e9), bps(ci.results(StoreQuery.ALL.user("ana"))));
            assertEquals(List.of(9.1e9), bps(ci.results(StoreQuery.ALL.label("nightly").since(now.minus(1, ChronoUnit.DAYS)))));
            assertEquals(List.of(), bps(ci.results(StoreQuery.ALL.machine("laptop").label("nightly"))));
            assertEquals(List.of("ci", "ana"), ci.sessions(StoreQuery.ALL).stream().map(StoredSession::user).toList());
            assertEquals(List.of("nightly", "try"), ci.labels());
        }
    }

    private static List<Double> bps(List<StoredResult> runs) {
        return runs.stream().map(r -> r.result().metric("throughput_bps")).toList();
    }

    @Test
    void writersAtOnceEachGetWholeResultsAndDistinctIds() throws Exception {
        String url = freshDatabase();
        int writers = 4;
        int each = 15;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<List<Long>>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int n = w;
                done.add(pool.submit(() -> {
                    List<Long> ids = new ArrayList<>();
                    try (ResultStore store = open(url, new Measurer("machine-" + n, "user"))) {
                        SessionInfo s = SessionInfo.start("writer " + n, null);
                        for (int i = 0; i < each; i++) {
                            ids.add(store.write(StoreFixtures.recorded(StoreFixtures.result("tcp", "a", "b", "w" + n, 4096, 1e9 + i, 5, Instant.now()), s)));
                        }
                    }
                    return ids;
                }));
            }
            Set<Long> ids = new HashSet<>();
            for (Future<List<Long>> f : done) {
                ids.addAll(f.get(240, TimeUnit.SECONDS));
            }
            assertEquals(writers * each, ids.size(), "ids come from the database, none twice");
        } finally {
            pool.shutdownNow();
        }
        try (ResultStore store = open(url, Measurer.current())) {
            assertEquals(writers * each, store.results(StoreQuery.ALL).size());
            for (int w = 0; w < writers; w++) {
                List<StoredResult> mine = store.results(StoreQuery.ALL.machine("machine-" + w));
                assertEquals(each, mine.size());
                assertTrue(mine.stream().allMatch(r -> r.result().intervals().size() == 5 && ("w" + r.machine().substring(8)).equals(r.result().tags().get("label"))));
            }
        }
    }

    @Test
    void aWrongPasswordIsRefusedWithWhatToDoAndWithoutThePassword() throws Exception {
        String url = freshDatabase();
        String wrong = url.replace(PG.cluster().password(), "not-the-password-4711");
        StoreException e = assertThrows(StoreException.class, () -> open(wrong, Measurer.current()));
        String m = e.getMessage();
        assertTrue(m.startsWith("store " + PG.cluster().urlWithoutPassword(database(url)) + ": the server refused the login of bench"), m);
        assertTrue(m.contains("check the user and the password (taken from the URL"), m);
        assertFalse(m.contains("not-the-password-4711") || m.contains(PG.cluster().password()), m);
    }

    @Test
    void thePasswordComesFromPgpasswordWhenTheUrlHasNone() throws Exception {
        String url = freshDatabase();
        PgTarget t = PgTarget.parse(PG.cluster().urlWithoutPassword(database(url)), Map.of("PGPASSWORD", PG.cluster().password()));
        assertEquals("PGPASSWORD", t.passwordFrom());
        try (ResultStore store = PostgresStore.open(t, Measurer.current())) {
            assertEquals(List.of(), store.results(StoreQuery.ALL));
        }
        PgTarget wrong = PgTarget.parse(PG.cluster().urlWithoutPassword(database(url)), Map.of("PGPASSWORD", "stale"));
        String m = assertThrows(StoreException.class, () -> PostgresStore.open(wrong, Measurer.current())).getMessage();
        assertTrue(m.contains("taken from PGPASSWORD"), m);
    }

    @Test
    void noServerAndNoDatabaseAreExplained() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        String noServer = "postgresql://bench:x@127.0.0.1:" + closed + "/results";
        String m = assertThrows(StoreException.class, () -> open(noServer, Measurer.current())).getMessage();
        assertTrue(m.startsWith("store postgresql://bench@127.0.0.1:" + closed + "/results: cannot connect to 127.0.0.1:" + closed), m);
        assertTrue(m.contains("start the server there, or fix the host and port"), m);

        String m2 = assertThrows(StoreException.class, () -> open(PG.cluster().url("no_such_db"), Measurer.current())).getMessage();
        assertTrue(m2.contains("database no_such_db does not exist") && m2.contains("createdb no_such_db"), m2);
    }
}
