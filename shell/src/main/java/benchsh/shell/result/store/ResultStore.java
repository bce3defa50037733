package benchsh.shell.result.store;

import benchsh.peer.protocol.Json;
import benchsh.peer.protocol.ProtocolException;
import benchsh.shell.result.Recorded;
import benchsh.shell.result.Result;
import benchsh.shell.result.SessionInfo;
import benchsh.shell.result.Status;
import benchsh.shell.secret.PrivateFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Every result ever recorded, in an embedded SQLite database ({@code ~/.local/share/benchsh/results.db}
 * unless {@code --db} or {@code $BENCHSH_DB} say otherwise). One transaction per result, WAL journal,
 * so a crash or kill -9 leaves either the whole result or none of it. The tables are described in
 * {@link Schema} and the README. The file is owner-only (0600); the session's command line and
 * script arrive masked ({@link SessionInfo}) and are kept up to date ({@link SessionRow}). Thread-safe: one connection, every method synchronized.
 */
public final class ResultStore implements AutoCloseable {
    /** How long a writer waits for another process holding the database lock. */
    static final int BUSY_TIMEOUT_MS = 5_000;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private final Path file;
    private final Connection db;

    private ResultStore(Path file, Connection db) {
        this.file = file;
        this.db = db;
    }

    /** The default file: {@code $BENCHSH_DB}, else {@code ~/.local/share/benchsh/results.db}. */
    public static Path defaultFile() {
        String env = System.getenv("BENCHSH_DB");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return Path.of(System.getProperty("user.home"), ".local", "share", "benchsh", "results.db");
    }

    /**
     * sqlite-jdbc unpacks its native library once per JVM; it goes to ~/.cache/benchsh/sqlite rather
     * than the shared temp directory, where a killed shell's copy would stay behind.
     */
    private static synchronized void nativeLibraryHome() throws java.io.IOException {
        if (System.getProperty("org.sqlite.tmpdir") == null) {
            Path dir = Path.of(System.getProperty("user.home"), ".cache", "benchsh", "sqlite");
            Files.createDirectories(dir);
            System.setProperty("org.sqlite.tmpdir", dir.toString());
        }
    }

    /** Opens the store as {@link #open(Path, Consumer)} does, telling notes on stderr. */
    public static ResultStore open(Path file) throws StoreException {
        return open(file, note -> System.err.println("benchsh: " + note));
    }

    /**
     * Opens (creating it and its directory if needed) and upgrades the store. The file is created
     * owner-only (0600; SQLite gives its -wal and -shm files the same mode); an existing file that
     * others may read is tightened, and {@code notes} is told once. Deleted text is overwritten
     * with zeros ({@code secure_delete}), so a session row rewritten to mask a secret keeps no copy.
     */
    public static ResultStore open(Path file, Consumer<String> notes) throws StoreException {
        Connection c = null;
        try {
            PrivateFiles.prepare(file, notes);
            for (String side : new String[] {"-wal", "-shm", "-journal"}) {
                PrivateFiles.tighten(Path.of(file + side), notes);
            }
            nativeLibraryHome();
            c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA busy_timeout = " + BUSY_TIMEOUT_MS);
                s.execute("PRAGMA secure_delete = ON");
                s.execute("PRAGMA journal_mode = WAL");
                s.execute("PRAGMA synchronous = NORMAL");
                s.execute("PRAGMA foreign_keys = ON");
            }
            Schema.migrate(c);
            return new ResultStore(file, c);
        } catch (java.io.IOException | SQLException e) {
            closeQuietly(c);
            throw new StoreException("cannot open the result store " + file + ": " + e.getMessage()
                    + "; check the path and its permissions, or give another file with --db", e);
        } catch (StoreException e) {
            closeQuietly(c);
            throw new StoreException("cannot open the result store " + file + ": " + e.getMessage(), e);
        }
    }

    public Path file() {
        return file;
    }

    static String time(Instant t) {
        return TIME.format(t);
    }

    /** Stores one result with its session, params, metrics, tags, intervals and host facts, atomically. */
    public synchronized long write(Recorded rec) throws StoreException {
        Result r = rec.result();
        SessionInfo s = rec.session();
        boolean rewritten;
        long id;
        try {
            db.setAutoCommit(false);
            try {
                rewritten = SessionRow.write(db, s);
                id = insertResult(r, s.id());
                insertPairs("param", id, r.params());
                insertPairs("metric", id, numbersOnly(r.metrics()));
                insertPairs("tag", id, r.tags());
                insertIntervals(id, r.intervals());
                insertHost(id, "from", r.from(), rec.facts().get(r.from()));
                insertHost(id, "to", r.to(), rec.facts().get(r.to()));
                db.commit();
            } catch (SQLException | RuntimeException e) {
                db.rollback();
                throw e;
            } finally {
                db.setAutoCommit(true);
            }
            if (rewritten) {
                SessionRow.checkpoint(db);
            }
            return id;
        } catch (SQLException e) {
            throw new StoreException("cannot store the " + r.test() + " result in " + file + ": " + e.getMessage(), e);
        }
    }

    private long insertResult(Result r, String session) throws SQLException {
        int seq;
        try (PreparedStatement ps = db.prepareStatement("SELECT COALESCE(MAX(seq), 0) + 1 FROM result WHERE session_id = ?")) {
            ps.setString(1, session);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                seq = rs.getInt(1);
            }
        }
        try (PreparedStatement ps = db.prepareStatement("INSERT INTO result(session_id, seq, test, status, from_host, to_host, label, "
                + "started, repeat, error, throughput_bps, json) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", Statement.RETURN_GENERATED_KEYS)) {
            ps.setString(1, session);
            ps.setInt(2, seq);
            ps.setString(3, r.test());
            ps.setString(4, r.status().wire());
            ps.setString(5, r.from());
            ps.setString(6, r.to());
            ps.setObject(7, r.tags().get("label") == null ? null : r.tags().get("label").toString());
            ps.setString(8, time(r.started()));
            ps.setInt(9, r.repeat());
            ps.setString(10, r.error());
            double t = r.metric("throughput_bps");
            ps.setObject(11, Double.isNaN(t) ? null : t);
            ps.setString(12, Json.write(r.toMap()));
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    private void insertPairs(String table, long id, Map<String, Object> values) throws SQLException {
        try (PreparedStatement ps = db.prepareStatement("INSERT INTO " + table + "(result_id, name, value) VALUES (?,?,?)")) {
            for (Map.Entry<String, Object> e : values.entrySet()) {
                ps.setLong(1, id);
                ps.setString(2, e.getKey());
                ps.setObject(3, sqlValue(e.getValue()));
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    private void insertIntervals(long id, List<Map<String, Object>> intervals) throws SQLException {
        try (PreparedStatement ps = db.prepareStatement(
                "INSERT INTO interval(result_id, seq, start_s, end_s, bytes, throughput_bps, json) VALUES (?,?,?,?,?,?,?)")) {
            int seq = 0;
            for (Map<String, Object> i : intervals) {
                ps.setLong(1, id);
                ps.setInt(2, ++seq);
                ps.setObject(3, i.get("start_s") instanceof Number n ? n.doubleValue() : null);
                ps.setObject(4, i.get("end_s") instanceof Number n ? n.doubleValue() : null);
                ps.setObject(5, i.get("bytes") instanceof Number n ? n.longValue() : null);
                ps.setObject(6, i.get("throughput_bps") instanceof Number n ? n.doubleValue() : null);
                ps.setString(7, Json.write(i));
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    private void insertHost(long id, String role, String host, Map<String, Object> facts) throws SQLException {
        if (host == null) {
            return;
        }
        Long factsId = facts == null || facts.isEmpty() ? null : factsId(facts);
        try (PreparedStatement ps = db.prepareStatement("INSERT INTO result_host(result_id, role, host, facts_id) VALUES (?,?,?,?)")) {
            ps.setLong(1, id);
            ps.setString(2, role);
            ps.setString(3, host);
            ps.setObject(4, factsId);
            ps.executeUpdate();
        }
    }

    private long factsId(Map<String, Object> facts) throws SQLException {
        String json = Json.write(facts);
        String sha = sha256(json);
        try (PreparedStatement ps = db.prepareStatement(
                "INSERT OR IGNORE INTO host_facts(hostname, kernel, java, sha256, json) VALUES (?,?,?,?,?)")) {
            ps.setObject(1, text(facts.get("hostname")));
            ps.setObject(2, text(facts.get("kernel")));
            ps.setObject(3, text(facts.get("java")));
            ps.setString(4, sha);
            ps.setString(5, json);
            ps.executeUpdate();
        }
        try (PreparedStatement ps = db.prepareStatement("SELECT id FROM host_facts WHERE sha256 = ?")) {
            ps.setString(1, sha);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** Stored results matching {@code q}, oldest first (the newest {@code q.limit()} of them). */
    public synchronized List<StoredResult> results(StoreQuery q) throws StoreException {
        StringBuilder sql = new StringBuilder("SELECT r.id, r.session_id, r.json FROM result r WHERE 1=1");
        List<Object> binds = new ArrayList<>();
        where(q, sql, binds);
        sql.append(" ORDER BY r.id DESC LIMIT ?");
        binds.add(q.limit());
        List<StoredResult> out = new ArrayList<>();
        try (PreparedStatement ps = prepare(sql.toString(), binds); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new StoredResult(rs.getLong(1), rs.getString(2), parse(rs.getString(3))));
            }
        } catch (SQLException e) {
            throw readError(e);
        }
        Collections.reverse(out);
        return out;
    }

    /** Sessions with at least one result matching {@code q}, oldest first (the newest {@code q.limit()}). */
    public synchronized List<StoredSession> sessions(StoreQuery q) throws StoreException {
        StringBuilder sql = new StringBuilder("SELECT s.id, s.started, s.command_line, s.script IS NOT NULL, COUNT(r.id) "
                + "FROM session s JOIN result r ON r.session_id = s.id WHERE 1=1");
        List<Object> binds = new ArrayList<>();
        where(q, sql, binds);
        sql.append(" GROUP BY s.id ORDER BY s.started DESC LIMIT ?");
        binds.add(q.limit());
        List<StoredSession> out = new ArrayList<>();
        try (PreparedStatement ps = prepare(sql.toString(), binds); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new StoredSession(rs.getString(1), Instant.parse(rs.getString(2)), rs.getString(3), rs.getBoolean(4), rs.getInt(5)));
            }
        } catch (SQLException e) {
            throw readError(e);
        }
        Collections.reverse(out);
        return out;
    }

    /** One stored result by id. */
    public synchronized java.util.Optional<StoredResult> byId(long id) throws StoreException {
        try (PreparedStatement ps = prepare("SELECT id, session_id, json FROM result WHERE id = ?", List.of(id)); ResultSet rs = ps.executeQuery()) {
            return rs.next() ? java.util.Optional.of(new StoredResult(rs.getLong(1), rs.getString(2), parse(rs.getString(3))))
                    : java.util.Optional.empty();
        } catch (SQLException e) {
            throw readError(e);
        }
    }

    /** Every label ever stored, sorted. */
    public synchronized List<String> labels() throws StoreException {
        List<String> out = new ArrayList<>();
        try (Statement s = db.createStatement(); ResultSet rs = s.executeQuery("SELECT DISTINCT label FROM result WHERE label IS NOT NULL ORDER BY label")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        } catch (SQLException e) {
            throw readError(e);
        }
        return out;
    }

    /**
     * The facts stored with a result for one of its hosts ({@code host} is the host's name in that
     * session, or {@code from}/{@code to}); empty when none were stored.
     */
    public synchronized Map<String, Object> facts(long resultId, String host) throws StoreException {
        String sql = "SELECT f.json FROM result_host h JOIN host_facts f ON f.id = h.facts_id WHERE h.result_id = ? AND (h.host = ? OR h.role = ?) "
                + "ORDER BY h.role = 'to' DESC LIMIT 1";
        try (PreparedStatement ps = prepare(sql, List.of(resultId, host, host)); ResultSet rs = ps.executeQuery()) {
            return rs.next() ? Json.parseObject(rs.getString(1)) : Map.of();
        } catch (SQLException | ProtocolException e) {
            throw readError(e);
        }
    }

    private static void where(StoreQuery q, StringBuilder sql, List<Object> binds) {
        if (q.session() != null) {
            sql.append(" AND r.session_id LIKE ?");
            binds.add(q.session() + "%");
        }
        if (q.label() != null) {
            sql.append(" AND r.label = ?");
            binds.add(q.label());
        }
        if (q.test() != null) {
            sql.append(" AND r.test = ?");
            binds.add(q.test());
        }
        if (q.host() != null) {
            sql.append(" AND (r.from_host = ? OR r.to_host = ? OR EXISTS (SELECT 1 FROM result_host h JOIN host_facts f ON f.id = h.facts_id"
                    + " WHERE h.result_id = r.id AND f.hostname = ?))");
            binds.add(q.host());
            binds.add(q.host());
            binds.add(q.host());
        }
        if (q.since() != null) {
            sql.append(" AND r.started >= ?");
            binds.add(time(q.since()));
        }
        if (q.until() != null) {
            sql.append(" AND r.started < ?");
            binds.add(time(q.until()));
        }
    }

    private PreparedStatement prepare(String sql, List<Object> binds) throws SQLException {
        PreparedStatement ps = db.prepareStatement(sql);
        for (int i = 0; i < binds.size(); i++) {
            ps.setObject(i + 1, binds.get(i));
        }
        return ps;
    }

    private StoreException readError(Exception e) {
        return new StoreException("cannot read the result store " + file + ": " + e.getMessage(), e);
    }

    /** A result back from its stored contract JSON. */
    @SuppressWarnings("unchecked")
    static Result parse(String json) throws SQLException {
        try {
            Map<String, Object> m = Json.parseObject(json);
            Object repeat = m.get("repeat");
            return new Result((String) m.get("test"), Status.fromWire((String) m.get("status")), (String) m.get("from"), (String) m.get("to"),
                    (Map<String, Object>) m.get("params"), (Map<String, Object>) m.get("metrics"), (Map<String, Object>) m.get("tags"),
                    Instant.parse((String) m.get("started")), repeat instanceof Number n ? n.intValue() : 1, (String) m.get("error"),
                    (List<Map<String, Object>>) (List<?>) m.get("intervals"));
        } catch (ProtocolException | ClassCastException | NullPointerException | java.time.format.DateTimeParseException e) {
            throw new SQLException("a stored result is not a valid result contract: " + e.getMessage(), e);
        }
    }

    private static Map<String, Object> numbersOnly(Map<String, Object> metrics) {
        Map<String, Object> m = new LinkedHashMap<>();
        metrics.forEach((k, v) -> {
            if (v instanceof Number) {
                m.put(k, v);
            }
        });
        return m;
    }

    private static Object sqlValue(Object v) {
        if (v == null || v instanceof Number || v instanceof String) {
            return v;
        }
        if (v instanceof Boolean b) {
            return b ? 1 : 0;
        }
        if (v instanceof Map<?, ?> || v instanceof List<?>) {
            return Json.write(v);
        }
        return v.toString();
    }

    private static String text(Object v) {
        return v == null ? null : v.toString();
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException e) {
                // already failing
            }
        }
    }

    @Override
    public synchronized void close() {
        closeQuietly(db);
    }
}
