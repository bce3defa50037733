package benchsh.shell.result.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * moment. Once all ten are up, each measures {@code tcp to: local, bytes: 64.KiB} once, starting its local peer, in
 * turn; once all ten have, they measure it 49 times more at once, each storing its results as they come while the
 * nine others store theirs. Every one of the 500 is stored, whole (its hosts and figures), in its session's order 1
 * to 50, and every shell exits 0 with nothing on stderr. Once on a fresh SQLite file, once more on the same file (an
 * existing store), once on PostgreSQL. The shells share one home, whose cache holds one copy of SQLite's native
 * library afterwards.
 *
 * <p>The measurement is the cheapest real one: {@code tcp} of 64 KiB through the local peer, one write and its
 * drain, a few milliseconds each. A shell's 50 cost about 7 s of CPU, most of it starting its JVM and its peer's; 50
 * of {@code rr time: 0.1.s} cost about 10 s and keep two threads spinning through each 0.1 s. Ten shells at once take
 * minutes on a loaded 2-core machine either way, hence the generous deadlines. The first tests come in turn, after
 * every shell is up, because a new peer's first test loads its code (about 2 s of CPU in shell and peer): ten at
 * once, or one beside nine JVMs starting, on a machine at other work too, kept a peer past the 15 s it has to set a
 * test up. The PostgreSQL URL gives the driver longer timeouts than benchsh's 10 s to connect and 20 s to log in, as
 * a team would on a busy CI machine.
 */
@Timeout(value = 1500, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ManyWritersTest {
    static final int SHELLS = 10;
    static final int EACH = 50;
    /** How long the ten shells may take in all, and each wait of one for the others. */
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
     * Starts the ten shells on {@code store} (as BENCHSH_DB) and waits for each to exit 0 with nothing on stderr;
     * fails naming every one that did not. Shell {@code n}'s results carry the label {@code run-n}.
     */
    private void runShells(String store, String run) throws Exception {
        Path work = Files.createDirectories(dir.resolve(run));
        List<Process> shells = new ArrayList<>();
        try {
            for (int n = 0; n < SHELLS; n++) {
                shells.add(shell(store, work, run + "-" + n, script(work, run + "-" + n, n)));
            }
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIMIT_S);
            List<String> failed = new ArrayList<>();
            for (int n = 0; n < SHELLS; n++) {
                String name = run + "-" + n;
                boolean ended = shells.get(n).waitFor(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
                String err = Files.readString(work.resolve(name + ".err"));
                if (!ended || shells.get(n).exitValue() != 0 || !err.isEmpty()) {
                    failed.add(name + (ended ? " exited " + shells.get(n).exitValue() : " did not finish within " + LIMIT_S + " s") + ": " + err + "\n"
                            + Files.readString(work.resolve(name + ".out")));
                }
            }
            assertTrue(failed.isEmpty(), String.join("\n\n", failed));
        } finally {
            shells.forEach(Process::destroyForcibly);
        }
    }

    /**
     * Shell {@code n}'s script: says it is up and waits for the nine others (so that no JVM starts any more), measures
     * once after shell n - 1 has (the first tests in turn), waits until all ten have, then measures 49 times more. The
     * files that say so are written and waited for only in the run, not in the check benchsh runs a script through
     * first ({@code checking}).
     */
    private static String script(Path work, String label, int n) {
        return """
                measure = { tcp to: local, bytes: 64.KiB, label: '%1$s' }
                mark = { String f -> if (!checking) { new File('%3$s', f).text = '' } }
                await = { String f -> if (!checking) {
                    for (int i = 0; i < %2$d && !new File('%3$s', f).exists(); i++) { Thread.sleep(100) }
                    assert new File('%3$s', f).exists() : "no ${f} within %4$d s" } }
                mark('up-%5$d')
                (0..<%6$d).each { await("up-$it") }
                if (%5$d > 0) { await('measured-%7$d') }
                measure()
                mark('measured-%5$d')
                await('measured-%8$d')
                repeat(%9$d) { measure() }
                """.formatted(label, LIMIT_S * 10, work, LIMIT_S, n, SHELLS, n - 1, SHELLS - 1, EACH - 1);
    }

    /** benchsh {@code -e script} in its own JVM, as scripts/benchsh starts it, in the shared home; output to NAME.out and NAME.err. */
    private Process shell(String store, Path work, String name, String script) throws IOException {
        Path home = Files.createDirectories(dir.resolve("home"));
        ProcessBuilder b = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Xshare:auto", "--enable-native-access=ALL-UNNAMED", "-Duser.home=" + home,
                "-Djava.io.tmpdir=" + Files.createDirectories(home.resolve("tmp")), "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "-e", script).redirectOutput(work.resolve(name + ".out").toFile()).redirectError(work.resolve(name + ".err").toFile());
        b.environment().keySet().removeIf(k -> k.startsWith("XDG_") || k.startsWith("PG"));
        b.environment().put("BENCHSH_DB", store);
        return b.start();
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
