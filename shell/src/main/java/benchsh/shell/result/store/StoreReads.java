package benchsh.shell.result.store;

import benchsh.peer.protocol.Json;
import benchsh.peer.protocol.ProtocolException;
import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The store's queries, the same SQL on both databases. Not thread-safe; one per call. */
final class StoreReads {
    private static final String RESULT_COLUMNS = "SELECT r.id, r.session_id, r.json, s.machine, s.os_user FROM result r JOIN session s ON s.id = r.session_id";

    private final Connection db;

    StoreReads(Connection db) {
        this.db = db;
    }

    List<StoredResult> results(StoreQuery q) throws SQLException {
        StringBuilder sql = new StringBuilder(RESULT_COLUMNS + " WHERE 1=1");
        List<Object> binds = new ArrayList<>();
        where(q, sql, binds);
        sql.append(" ORDER BY r.id DESC LIMIT ?");
        binds.add(q.limit());
        List<StoredResult> out = new ArrayList<>();
        try (PreparedStatement ps = prepare(sql.toString(), binds); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(stored(rs));
            }
        }
        Collections.reverse(out);
        return out;
    }

    List<StoredSession> sessions(StoreQuery q) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT s.id, s.started, s.command_line, s.script IS NOT NULL, COUNT(r.id), s.machine, s.os_user "
                + "FROM session s JOIN result r ON r.session_id = s.id WHERE 1=1");
        List<Object> binds = new ArrayList<>();
        where(q, sql, binds);
        sql.append(" GROUP BY s.id ORDER BY s.started DESC LIMIT ?");
        binds.add(q.limit());
        List<StoredSession> out = new ArrayList<>();
        try (PreparedStatement ps = prepare(sql.toString(), binds); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new StoredSession(rs.getString(1), Instant.parse(rs.getString(2)), rs.getString(3), rs.getBoolean(4), rs.getInt(5),
                        rs.getString(6), rs.getString(7)));
            }
        }
        Collections.reverse(out);
        return out;
    }

    Optional<StoredResult> byId(long id) throws SQLException {
        try (PreparedStatement ps = prepare(RESULT_COLUMNS + " WHERE r.id = ?", List.of(id)); ResultSet rs = ps.executeQuery()) {
            return rs.next() ? Optional.of(stored(rs)) : Optional.empty();
        }
    }

    List<String> labels() throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = prepare("SELECT DISTINCT label FROM result WHERE label IS NOT NULL ORDER BY label", List.of());
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    Map<String, Object> facts(long resultId, String host) throws SQLException {
        String sql = "SELECT f.json FROM result_host h JOIN host_facts f ON f.id = h.facts_id WHERE h.result_id = ? AND (h.host = ? OR h.role = ?) "
                + "ORDER BY h.role = 'to' DESC LIMIT 1";
        try (PreparedStatement ps = prepare(sql, List.of(resultId, host, host)); ResultSet rs = ps.executeQuery()) {
            return rs.next() ? Json.parseObject(rs.getString(1)) : Map.of();
        } catch (ProtocolException e) {
            throw new SQLException("stored host facts are not valid JSON: " + e.getMessage(), e);
        }
    }

    private static StoredResult stored(ResultSet rs) throws SQLException {
        return new StoredResult(rs.getLong(1), rs.getString(2), parse(rs.getString(3)), rs.getString(4), rs.getString(5));
    }

    private static void where(StoreQuery q, StringBuilder sql, List<Object> binds) {
        if (q.session() != null) {
            sql.append(" AND r.session_id LIKE ?");
            binds.add(q.session() + "%");
        }
        equal("r.label", q.label(), sql, binds);
        equal("r.test", q.test(), sql, binds);
        equal("s.machine", q.machine(), sql, binds);
        equal("s.os_user", q.user(), sql, binds);
        if (q.host() != null) {
            sql.append(" AND (r.from_host = ? OR r.to_host = ? OR EXISTS (SELECT 1 FROM result_host h JOIN host_facts f ON f.id = h.facts_id"
                    + " WHERE h.result_id = r.id AND f.hostname = ?))");
            binds.add(q.host());
            binds.add(q.host());
            binds.add(q.host());
        }
        if (q.since() != null) {
            sql.append(" AND r.started >= ?");
            binds.add(JdbcStore.time(q.since()));
        }
        if (q.until() != null) {
            sql.append(" AND r.started < ?");
            binds.add(JdbcStore.time(q.until()));
        }
        if (q.completedOnly()) {
            sql.append(" AND r.status = ?");
            binds.add(Status.OK.wire());
        }
    }

    private static void equal(String column, String value, StringBuilder sql, List<Object> binds) {
        if (value != null) {
            sql.append(" AND ").append(column).append(" = ?");
            binds.add(value);
        }
    }

    private PreparedStatement prepare(String sql, List<Object> binds) throws SQLException {
        PreparedStatement ps = db.prepareStatement(sql);
        try {
            for (int i = 0; i < binds.size(); i++) {
                ps.setObject(i + 1, binds.get(i));
            }
            return ps;
        } catch (SQLException e) {
            ps.close();
            throw e;
        }
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
}
