package benchsh.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import benchsh.peer.protocol.Json;
import benchsh.shell.result.store.Measurer;
import benchsh.shell.result.store.PgCluster;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The team store as a team uses it: two shells (two benchsh processes) write to one PostgreSQL store
 * at once and {@code history} in a third shows both; the password given in the URL is in no file or
 * output; a store that cannot be used (wrong password, no server, newer schema) costs one clear
 * message at start while the run goes on and its JSON and report keep every result.
 */
@Timeout(value = 600, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SharedStoreTest {
    private static final int RESULTS_EACH = 6;

    @RegisterExtension
    static final PgCluster.PerClass PG = new PgCluster.PerClass();

    @TempDir
    Path dir;

    /** Starts benchsh in its own JVM with a home of its own; output to NAME.out and NAME.err. */
    private Process benchsh(String name, Map<String, String> env, String... args) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(java, "-Duser.home=" + Files.createDirectories(dir.resolve("home")),
                "-Djava.io.tmpdir=" + Files.createDirectories(dir.resolve("tmp")), "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(dir.resolve(name + ".out").toFile()).redirectError(dir.resolve(name + ".err").toFile());
        pb.environment().remove("BENCHSH_DB");
        pb.environment().remove("PGPASSWORD");
        pb.environment().putAll(env);
        return pb.start();
    }

    private String finish(Process p, String name) throws Exception {
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
            fail(name + " did not finish within 300 s: " + Files.readString(dir.resolve(name + ".err")));
        }
        String out = Files.readString(dir.resolve(name + ".out"));
        assertEquals(0, p.exitValue(), name + ": " + out + Files.readString(dir.resolve(name + ".err")));
        return out;
    }

    /** A writer's script: says it is ready, waits (bounded) for the other writer, then measures. */
    private Path writerScript(int me, int other) throws IOException {
        return Files.writeString(dir.resolve("writer" + me + ".groovy"), """
                new File('%1$s/ready-%2$d').text = 'ready'
                for (int i = 0; i < 1200 && !new File('%1$s/ready-%3$d').exists(); i++) { Thread.sleep(100) }
                assert new File('%1$s/ready-%3$d').exists() : 'the other writer did not start within 120 s'
                %4$d.times { tcp to: local, bytes: 2.MiB, size: 16.KiB, label: 'writer-%2$d' }
                """.formatted(dir, me, other, RESULTS_EACH));
    }

    @Test
    void twoShellsWriteAtOnceAndAThirdSeesBothWithoutThePassword() throws Exception {
        String url = PG.cluster().createDatabase("team");
        String bare = PG.cluster().urlWithoutPassword("team");
        // one writer names the store with --db, the other with BENCHSH_DB; both carry the password in the URL
        Process w1 = benchsh("w1", Map.of(), "--db", url, "--json", dir.resolve("w1.jsonl").toString(), "--report", dir.resolve("w1.md").toString(),
                "run", writerScript(1, 2).toString());
        Process w2 = benchsh("w2", Map.of("BENCHSH_DB", url), "--json", dir.resolve("w2.jsonl").toString(), "--report", dir.resolve("w2.md").toString(),
                "run", writerScript(2, 1).toString());
        finish(w1, "w1");
        finish(w2, "w2");
        assertEquals(RESULTS_EACH, resultLines(dir.resolve("w1.jsonl")));
        assertEquals(RESULTS_EACH, resultLines(dir.resolve("w2.jsonl")));

        // the third shell gets the password as libpq users give it: PGPASSWORD
        String machine = Measurer.current().machine();
        String user = Measurer.current().user();
        Process reader = benchsh("reader", Map.of("PGPASSWORD", PG.cluster().password()), "--db", bare, "-e", """
                history
                history sessions: true
                history label: 'writer-2', machine: '%s', user: '%s'
                history machine: 'no-such-machine'
                load label: 'writer-1', user: '%s'
                b = baseline('writer-1')
                expect b.stats().median(), within: 5.percent, of: b
                load label: 'writer-2', machine: '%s'
                compare 'writer-1', 'writer-2'
                table rows: 'label', cols: 'machine'
                """.formatted(machine, user, user, machine));
        String out = finish(reader, "reader");
        List<String> rows = out.lines().filter(l -> l.matches("#\\d+ .*")).toList();
        assertEquals(2 * RESULTS_EACH + RESULTS_EACH, rows.size(), "every run, then writer-2's again: " + out);
        for (String label : List.of("writer-1", "writer-2")) {
            assertEquals(RESULTS_EACH, rows.subList(0, 2 * RESULTS_EACH).stream().filter(l -> l.contains(label)).count(), label + ": " + out);
        }
        assertTrue(rows.stream().allMatch(l -> l.contains(" " + machine + " ") && l.contains(" " + user + " ")), "machine and user columns: " + out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("id") && l.contains("machine") && l.contains("user")), out);
        assertTrue(out.contains("no stored results match (the store is " + bare + ")"), out);
        assertTrue(out.contains("loaded " + RESULTS_EACH + " results"), out);
        assertTrue(out.contains("expect ok: -e:7:"), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("test") && l.contains("writer-1") && l.contains("writer-2") && l.contains("delta")), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("tcp ") && l.matches(".* [-+][\\d.]+ % .*(faster|slower|no difference)")), "compare: " + out);
        assertTrue(out.lines().anyMatch(l -> l.trim().startsWith("label") && l.contains(machine)), "loaded results carry their machine: " + out);

        assertNowhere(PG.cluster().password(), dir);
        assertNotInTheStore(PG.cluster().password(), "team");
    }

    /** The result lines of a JSON lines file (the others describe hosts). */
    private static long resultLines(Path jsonl) throws Exception {
        long n = 0;
        for (String line : Files.readAllLines(jsonl)) {
            n += "result".equals(Json.parseObject(line).get("type")) ? 1 : 0;
        }
        return n;
    }

    /** No file under {@code root} (outputs, reports, JSON lines, the shells' homes) holds {@code secret}. */
    private static void assertNowhere(String secret, Path root) throws IOException {
        byte[] needle = secret.getBytes(StandardCharsets.UTF_8);
        List<Path> files;
        try (Stream<Path> all = Files.walk(root)) {
            files = all.filter(Files::isRegularFile).toList();
        }
        assertTrue(files.size() >= 8, "the shells wrote their files: " + files);
        for (Path f : files) {
            assertFalse(SecretLeakTest.contains(Files.readAllBytes(f), needle), "the password is in " + f);
        }
    }

    /** No text column of any table in the store holds {@code secret}: the session's command line is masked. */
    private static void assertNotInTheStore(String secret, String db) throws Exception {
        try (Connection c = PG.cluster().connect(db); Statement s = c.createStatement()) {
            List<String> columns = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' "
                    + "AND data_type = 'text'")) {
                while (rs.next()) {
                    columns.add(rs.getString(1) + "." + rs.getString(2));
                }
            }
            assertTrue(columns.contains("session.command_line"), columns.toString());
            for (String col : columns) {
                String[] tc = col.split("\\.");
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + tc[0] + " WHERE strpos(" + tc[1] + ", '" + secret + "') > 0")) {
                    rs.next();
                    assertEquals(0, rs.getInt(1), "the password is in " + col);
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM session WHERE command_line LIKE '%postgresql://bench:***@%'")) {
                rs.next();
                assertEquals(1, rs.getInt(1), "the --db writer's command line, masked");
            }
        }
    }

    @Test
    void aWrongPasswordCostsOneMessageAndExit3NotTheMeasurement() throws Exception {
        PG.cluster().createDatabase("wrongpw");
        String wrong = "postgresql://bench:wrong-pw-0815@127.0.0.1:" + PG.cluster().port() + "/wrongpw";
        Batch b = Batch.run("--db", wrong, "--json", "-", "--report", dir.resolve("r.md").toString(), "-e", "tcp to: local, bytes: 1.MiB");
        assertEquals(3, b.exit(), "the result is not stored: " + b.err());
        assertEquals(1, b.results().size(), "the result is in the JSON lines");
        assertTrue(Files.readString(dir.resolve("r.md")).contains("local"), "and in the report");
        assertTrue(b.err().contains("benchsh: 1 of 1 results were not stored: the store could not be opened (above)"), b.err());
        List<String> store = b.err().lines().filter(l -> l.startsWith("benchsh: store")).toList();
        assertEquals(1, store.size(), b.err());
        assertTrue(store.get(0).startsWith("benchsh: store postgresql://bench@127.0.0.1:" + PG.cluster().port() + "/wrongpw: the server refused the login of bench"),
                store.get(0));
        assertTrue(store.get(0).endsWith("; measuring goes on without storing results"), store.get(0));
        assertFalse(b.out().contains("wrong-pw-0815") || b.err().contains("wrong-pw-0815"), b.out() + b.err());
        assertFalse(Files.readString(dir.resolve("r.md")).contains("wrong-pw-0815"));
        Batch history = Batch.run("--db", wrong, "-e", "history");
        assertEquals(2, history.exit());
        assertTrue(history.err().contains("no result store is open"), history.err());
    }

    @Test
    void noServerAndANewerSchemaAreClearAtStart() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        Batch none = Batch.run("--db", "postgresql://bench@127.0.0.1:" + closed + "/x", "--json", "-", "-e", "tcp to: local, bytes: 1.MiB");
        assertEquals(3, none.exit(), "the result is not stored: " + none.err());
        assertEquals(1, none.results().size());
        assertTrue(none.err().contains("benchsh: store postgresql://bench@127.0.0.1:" + closed + "/x: cannot connect to 127.0.0.1:" + closed), none.err());

        String url = PG.cluster().createDatabase("newer");
        assertEquals(0, Batch.run("--db", url, "-e", "1").exit());
        try (Connection c = PG.cluster().connect("newer"); Statement s = c.createStatement()) {
            s.execute("INSERT INTO schema_version(version, applied, benchsh_version) VALUES (999, 'later', '9.0')");
        }
        Batch newer = Batch.run("--db", url, "--json", "-", "-e", "tcp to: local, bytes: 1.MiB");
        assertEquals(3, newer.exit(), "the result is not stored: " + newer.err());
        assertEquals(1, newer.results().size());
        assertTrue(newer.err().contains("was written by a newer benchsh (schema version 999; this benchsh knows up to"), newer.err());
        assertFalse(newer.err().contains(PG.cluster().password()), newer.err());
    }
}
