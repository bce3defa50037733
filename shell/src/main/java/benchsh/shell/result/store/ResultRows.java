package benchsh.shell.result.store;

import benchsh.peer.protocol.Json;
import benchsh.shell.result.IntervalKeys;
import benchsh.shell.result.Recorded;
import benchsh.shell.result.Result;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Inserts one result's rows (result, params, metrics, tags, intervals, hosts and their facts) inside
 * the caller's transaction. The same SQL on both databases: ids come back with {@code RETURNING id},
 * a fact set already stored is skipped with {@code ON CONFLICT DO NOTHING}. Not thread-safe; one per write.
 */
final class ResultRows {
    private final Connection db;
    private final Dialect dialect;

    ResultRows(Connection db, Dialect dialect) {
        this.db = db;
        this.dialect = dialect;
    }

    long insert(Recorded rec) throws SQLException {
        Result r = rec.result();
        long id = insertResult(r, rec.session().id());
        insertPairs("param", id, r.params());
        insertPairs("metric", id, numbersOnly(r.metrics()));
        insertPairs("tag", id, r.tags());
        insertIntervals(id, r.intervals());
        insertHost(id, "from", r.from(), rec.facts().get(r.from()));
        insertHost(id, "to", r.to(), rec.facts().get(r.to()));
        return id;
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
                + "started, repeat, error, throughput_bps, json) VALUES (?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id")) {
            ps.setString(1, session);
            ps.setInt(2, seq);
            ps.setString(3, r.test());
            ps.setString(4, r.status().wire());
            ps.setString(5, r.from());
            ps.setString(6, r.to());
            ps.setString(7, r.tags().get("label") == null ? null : r.tags().get("label").toString());
            ps.setString(8, JdbcStore.time(r.started()));
            ps.setInt(9, r.repeat());
            ps.setString(10, r.error());
            double t = r.getThroughput();
            ps.setObject(11, Double.isNaN(t) ? null : t);
            ps.setString(12, Json.write(r.toMap()));
            return returnedId(ps);
        }
    }

    private void insertPairs(String table, long id, Map<String, Object> values) throws SQLException {
        try (PreparedStatement ps = db.prepareStatement("INSERT INTO " + table + "(result_id, name, value) VALUES (?,?,?)")) {
            for (Map.Entry<String, Object> e : values.entrySet()) {
                ps.setLong(1, id);
                ps.setString(2, e.getKey());
                ps.setObject(3, table.equals("metric") ? e.getValue() : dialect.bindable(e.getValue()));
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
                ps.setObject(3, i.get(IntervalKeys.START_S) instanceof Number n ? n.doubleValue() : null);
                ps.setObject(4, i.get(IntervalKeys.END_S) instanceof Number n ? n.doubleValue() : null);
                ps.setObject(5, i.get(IntervalKeys.BYTES) instanceof Number n ? n.longValue() : null);
                ps.setObject(6, i.get(IntervalKeys.THROUGHPUT_BPS) instanceof Number n ? n.doubleValue() : null);
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

    /**
     * The id of this fact set, stored once. Two writers storing the same new set at once: the second
     * waits on the unique sha256 until the first commits, skips its insert and reads the first's row.
     */
    private long factsId(Map<String, Object> facts) throws SQLException {
        String json = Json.write(facts);
        String sha = sha256(json);
        try (PreparedStatement ps = db.prepareStatement(
                "INSERT INTO host_facts(hostname, kernel, java, sha256, json) VALUES (?,?,?,?,?) ON CONFLICT (sha256) DO NOTHING")) {
            ps.setString(1, text(facts.get("hostname")));
            ps.setString(2, text(facts.get("kernel")));
            ps.setString(3, text(facts.get("java")));
            ps.setString(4, sha);
            ps.setString(5, json);
            ps.executeUpdate();
        }
        try (PreparedStatement ps = db.prepareStatement("SELECT id FROM host_facts WHERE sha256 = ?")) {
            ps.setString(1, sha);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new SQLException("the host facts " + sha + " were neither inserted nor found");
                }
                return rs.getLong(1);
            }
        }
    }

    private static long returnedId(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("the database returned no id for the new result");
            }
            return rs.getLong(1);
        }
    }

    private static Map<String, Object> numbersOnly(Map<String, Object> metrics) {
        Map<String, Object> m = new LinkedHashMap<>();
        metrics.forEach((k, v) -> {
            if (v instanceof Number n) {
                m.put(k, n.doubleValue());
            }
        });
        return m;
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
}
