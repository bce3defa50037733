package benchsh.shell.result.store;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A throwaway PostgreSQL server for tests: {@code initdb} into a temporary directory (as the
 * {@code postgres} OS user when the tests run as root, since the server refuses root), started with
 * {@code pg_ctl} on a free loopback port with password (SCRAM) login only, stopped and deleted by
 * {@link #close()}. Every step has a deadline. Without the binaries ({@code .ci/install-postgres.sh}
 * installs them) {@link #start()} is a failed JUnit assumption, so the tests show as skipped.
 * {@link PerClass} gives a test class one cluster.
 */
public final class PgCluster implements AutoCloseable {
    /**
     * One cluster for a test class: {@code @RegisterExtension static final PgCluster.PerClass PG = new PgCluster.PerClass();},
     * then {@code PG.cluster()} in the tests. Started before the first test, removed after the last.
     */
    public static final class PerClass implements BeforeAllCallback, AfterAllCallback {
        private volatile PgCluster cluster;

        public PgCluster cluster() {
            return cluster;
        }

        @Override
        public void beforeAll(ExtensionContext context) throws Exception {
            cluster = PgCluster.start();
        }

        @Override
        public void afterAll(ExtensionContext context) throws Exception {
            if (cluster != null) {
                cluster.close();
            }
        }
    }

    /** The cluster's superuser, who logs in with {@link #password()}. */
    public static final String USER = "bench";
    private static final long STEP_TIMEOUT_S = 90;

    private final Path bin;
    private final Path dir;
    private final String password;
    private final int port;
    private final List<String> asUser;

    private PgCluster(Path bin, Path dir, String password, int port, List<String> asUser) {
        this.bin = bin;
        this.dir = dir;
        this.password = password;
        this.port = port;
        this.asUser = asUser;
    }

    /** Creates and starts a cluster, or skips the calling test when PostgreSQL is not installed. */
    public static PgCluster start() throws Exception {
        Optional<Path> bin = binaries();
        assumeTrue(bin.isPresent(), "PostgreSQL server binaries (initdb, pg_ctl) not found: run .ci/install-postgres.sh");
        boolean root = "root".equals(System.getProperty("user.name"));
        List<String> asUser = root ? List.of("runuser", "-u", "postgres", "--") : List.of();
        Path dir = Files.createTempDirectory("benchsh-pg-");
        String password = "pg-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(9));
        Path pwfile = Files.writeString(dir.resolve("pw"), password + "\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(pwfile, PosixFilePermissions.fromString("rw-------"));
        if (root) {
            UserPrincipalLookupService users = dir.getFileSystem().getUserPrincipalLookupService();
            Files.setOwner(dir, users.lookupPrincipalByName("postgres"));
            Files.setOwner(pwfile, users.lookupPrincipalByName("postgres"));
        }
        PgCluster c = new PgCluster(bin.get(), dir, password, freePort(), asUser);
        try {
            c.run("initdb", "-D", dir.resolve("data").toString(), "-U", USER, "--auth=scram-sha-256", "--pwfile=" + pwfile, "-E", "UTF8",
                    "--locale=C.UTF-8", "--no-sync");
            Files.delete(pwfile);
            c.run("pg_ctl", "-D", dir.resolve("data").toString(), "-l", dir.resolve("server.log").toString(), "-w", "-t", "60", "-o",
                    "-p " + c.port + " -c listen_addresses=127.0.0.1 -c unix_socket_directories=" + dir + " -c fsync=off"
                            + " -c max_connections=40", "start");
            return c;
        } catch (Exception | AssertionError e) {
            c.close();
            throw e;
        }
    }

    /** The directory with initdb and pg_ctl: Debian's /usr/lib/postgresql/VERSION/bin (the newest), else the PATH. */
    static Optional<Path> binaries() throws IOException {
        List<Path> candidates = new ArrayList<>();
        Path debian = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(debian)) {
            try (Stream<Path> versions = Files.list(debian)) {
                versions.map(v -> v.resolve("bin")).sorted(Comparator.comparing((Path p) -> versionOf(p)).reversed()).forEach(candidates::add);
            }
        }
        for (String p : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!p.isEmpty()) {
                candidates.add(Path.of(p));
            }
        }
        return candidates.stream().filter(d -> Files.isExecutable(d.resolve("initdb")) && Files.isExecutable(d.resolve("pg_ctl"))).findFirst();
    }

    private static int versionOf(Path bin) {
        try {
            return Integer.parseInt(bin.getParent().getFileName().toString());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    public int port() {
        return port;
    }

    public String password() {
        return password;
    }

    /** Creates a database and returns its URL with the password in it. */
    public String createDatabase(String name) throws SQLException {
        try (Connection c = connect("postgres"); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        return url(name);
    }

    /** {@code postgresql://bench:PASSWORD@127.0.0.1:PORT/db}. */
    public String url(String db) {
        return "postgresql://" + USER + ":" + password + "@127.0.0.1:" + port + "/" + db;
    }

    /** {@code postgresql://bench@127.0.0.1:PORT/db}: the password must come from PGPASSWORD or ~/.pgpass. */
    public String urlWithoutPassword(String db) {
        return "postgresql://" + USER + "@127.0.0.1:" + port + "/" + db;
    }

    /** A direct JDBC connection as the superuser, for tests that look at or tamper with the tables. */
    public Connection connect(String db) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", USER);
        p.setProperty("password", password);
        p.setProperty("connectTimeout", "10");
        p.setProperty("socketTimeout", "60");
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/" + db, p);
    }

    /** The server's log, for failure messages. */
    public String log() {
        try {
            return Files.readString(dir.resolve("server.log"));
        } catch (IOException e) {
            return "(no server log: " + e.getMessage() + ")";
        }
    }

    private void run(String tool, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(asUser);
        cmd.add(bin.resolve(tool).toString());
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile("benchsh-pg-" + tool, ".log");
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!p.waitFor(STEP_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError(tool + " did not finish within " + STEP_TIMEOUT_S + " s: " + Files.readString(out) + log());
            }
            if (p.exitValue() != 0) {
                throw new AssertionError(tool + " failed (exit " + p.exitValue() + "): " + Files.readString(out) + log());
            }
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** Stops the server at once (the data is thrown away) and deletes its directory. */
    @Override
    public void close() throws IOException, InterruptedException {
        try {
            if (Files.exists(dir.resolve("data").resolve("postmaster.pid"))) {
                run("pg_ctl", "-D", dir.resolve("data").toString(), "-m", "immediate", "-w", "-t", "60", "stop");
            }
        } finally {
            try (Stream<Path> all = Files.walk(dir)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
