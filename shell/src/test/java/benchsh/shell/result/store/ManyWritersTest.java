package benchsh.shell.result.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import benchsh.shell.Main;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ten shells writing 50 results each to one store at once, as a team's CI runners and a user's REPL beside a batch
 * job do: ten benchsh processes (the shell's {@link Main} in a JVM each, with the options {@code scripts/benchsh}
 * gives it), started together so that they open the store, and on a fresh one create its tables, at about the same
 * moment. Each measures {@code tcp to: local, bytes: 64.KiB} once (starting its local peer), waits until all ten have,
 * and measures it 49 times more, storing each result as it comes while the nine others store theirs. Every one of the
 * 500 is stored, whole (its hosts and figures), in its session's order 1 to 50, and every shell exits 0 with nothing
 * on stderr. Once on a fresh SQLite file, once more on the same file (an existing store), once on PostgreSQL. The
 * shells share one home, whose cache holds one copy of SQLite's native library afterwards.
 *
 * <p>The measurement is the cheapest real one: {@code tcp} of 64 KiB through the local peer, one write and its
 * drain, a few milliseconds each. A shell's 50 cost about 7 s of CPU, most of it starting its JVM and its peer's; 50
 * of {@code rr time: 0.1.s} cost about 10 s and keep two threads spinning through each 0.1 s. Ten shells at once take
 * minutes on a loaded 2-core machine either way, hence the generous deadlines. For the same reason each shell's first
 * test comes before the barrier: ten peers loading their test code at the same instant, beside other work, once
 * kept one past the 15 s a peer has to set a test up. And the PostgreSQL URL gives the driver longer timeouts than
 * benchsh's 10 s to connect and 20 s to log in, as a team would on a busy CI machine.
 */
@Timeout(value = 1500, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ManyWritersTest {
    static final int SHELLS = 10;
    static final int EACH = 50;
    /** How long the shells may take to start and reach the barrier, and then to run their tests, each. */
    static final long LIMIT_S = 420;

    @TempDir
    Path dir;

    @Test
    void tenShellsOnOneSqliteFileStoreAll500ResultsOnAFreshAndOnAnExistingStore() throws Exception {
        Path db = dir.resolve("shared.db");
        runShells(db.toString(), "fresh");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            assertEveryResultStored(c, "fresh");
        }
        runShells(db.toString(), "existing");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            assertEveryResultStored(c, "fresh");
            assertEveryResultStored(c, "existing");
        }
        Path cache = dir.resolve("home/.cache/benchsh/sqlite");
        try (Stream<Path> files = Files.list(cache)) {
            List<String> names = files.map(p -> p.getFileName().toString()).toList();
            assertEquals(1, names.size(), "one shared copy of the native library, nothing per process: " + names);
            assertTrue(names.get(0).matches("libsqlitejdbc-[0-9a-f]{16}\\.so"), names.toString());
        }
    }

    @Test
    void tenShellsOnOnePostgresqlStoreStoreAll500Results() throws Exception {
        try (PgCluster pg = PgCluster.start()) {
            runShells(pg.createDatabase("many") + "?connectTimeout=60&loginTimeout=120", "pg");
            try (Connection c = pg.connect("many")) {
                assertEveryResultStored(c, "pg");
            }
        }
    }

    /**
     * Starts the ten shells on {@code store} (as BENCHSH_DB), waits until each is at the barrier, lets them go at once
     * and waits for each to exit 0 with nothing on stderr. Shell {@code n}'s results carry the label {@code run-n}.
     */
    private void runShells(String store, String run) throws Exception {
        Path work = Files.createDirectories(dir.resolve(run));
        Path go = work.resolve("go");
        List<Process> shells = new ArrayList<>();
        try {
            for (int n = 0; n < SHELLS; n++) {
                shells.add(shell(store, work, run + "-" + n, """
                        measure = { tcp to: local, bytes: 64.KiB, label: '%1$s' }
                        measure()
                        new File('%2$s/ready-%3$d').text = ''
                        for (int i = 0; i < %4$d && !new File('%5$s').exists(); i++) { Thread.sleep(100) }
                        assert new File('%5$s').exists() : 'the others did not start within %6$d s'
                        repeat(%7$d) { measure() }
                        """.formatted(run + "-" + n, work, n, LIMIT_S * 10, go, LIMIT_S, EACH - 1)));
            }
            awaitReady(work, shells);
            Files.createFile(go);
            for (int n = 0; n < SHELLS; n++) {
                String name = run + "-" + n;
                Process p = shells.get(n);
                if (!p.waitFor(LIMIT_S, TimeUnit.SECONDS)) {
                    fail(name + " did not finish within " + LIMIT_S + " s: " + Files.readString(work.resolve(name + ".err")));
                }
                String err = Files.readString(work.resolve(name + ".err"));
                assertEquals(0, p.exitValue(), name + ": " + err + "\n" + Files.readString(work.resolve(name + ".out")));
                assertEquals("", err, name + " said something on stderr");
            }
        } finally {
            shells.forEach(Process::destroyForcibly);
        }
    }

    /** benchsh {@code -e script} in its own JVM, as scripts/benchsh starts it, in the shared home; output to NAME.out and NAME.err. */
    private Process shell(String store, Path work, String name, String script) throws IOException {
        Path home = Files.createDirectories(dir.resolve("home"));
        ProcessBuilder b = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Xshare:auto", "--enable-native-access=ALL-UNNAMED", "-Duser.home=" + home, "-Djava.io.tmpdir=" + Files.createDirectories(home.resolve("tmp")),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "-e", script)
                .redirectOutput(work.resolve(name + ".out").toFile()).redirectError(work.resolve(name + ".err").toFile());
        b.environment().keySet().removeIf(k -> k.startsWith("XDG_") || k.startsWith("PG"));
        b.environment().put("BENCHSH_DB", store);
        return b.start();
    }

    /** Waits until every shell wrote its ready file; fails naming the first that exited or did not come. */
    private static void awaitReady(Path work, List<Process> shells) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIMIT_S);
        for (int n = 0; n < shells.size(); n++) {
            while (!Files.exists(work.resolve("ready-" + n))) {
                if (!shells.get(n).isAlive() || System.nanoTime() - end > 0) {
                    fail("shell " + n + " did not reach the barrier: " + Files.readString(work.resolve(work.getFileName() + "-" + n + ".err")));
                }
                Thread.sleep(100);
            }
        }
    }

    /** The ten sessions of {@code run}: each with its results 1..EACH, ok, labelled, with both hosts and figures. */
    private static void assertEveryResultStored(Connection c, String run) throws SQLException {
        String ofRun = " FROM result WHERE label LIKE '" + run + "-%'";
        try (Statement s = c.createStatement()) {
            assertEquals(SHELLS * EACH, count(s, "SELECT COUNT(*)" + ofRun), "every result of " + run + " stored");
            assertEquals(SHELLS, count(s, "SELECT COUNT(*) FROM (SELECT session_id" + ofRun + " GROUP BY session_id HAVING COUNT(*) = " + EACH
                    + " AND MIN(seq) = 1 AND MAX(seq) = " + EACH + " AND COUNT(DISTINCT label) = 1) whole"), "each session's results 1.." + EACH);
            assertEquals(SHELLS, count(s, "SELECT COUNT(DISTINCT label)" + ofRun), "one session per shell");
            assertEquals(SHELLS * EACH, count(s, "SELECT COUNT(*)" + ofRun + " AND test = 'tcp' AND status = 'ok' AND throughput_bps > 0"),
                    "every result ok, with its throughput");
            assertEquals(2 * SHELLS * EACH, count(s, "SELECT COUNT(*) FROM result_host WHERE result_id IN (SELECT id" + ofRun + ")"),
                    "both hosts of every result");
            assertEquals(SHELLS * EACH, count(s, "SELECT COUNT(DISTINCT result_id) FROM metric WHERE result_id IN (SELECT id" + ofRun + ")"),
                    "the figures of every result");
        }
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
