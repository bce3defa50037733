package benchsh.shell.result.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The store's tables, versioned with SQLite's {@code user_version}. Version 1:
 * <pre>
 * session(id, started, command_line, script, benchsh_version)
 * result(id, session_id, seq, test, status, from_host, to_host, label, started, repeat, error,
 *        throughput_bps, json)                   -- json: the whole result contract, as --json writes it
 * param(result_id, name, value)                  -- normalized: bytes, seconds, bits/s
 * metric(result_id, name, value)                 -- the name carries the unit, e.g. throughput_bps
 * tag(result_id, name, value)
 * interval(result_id, seq, start_s, end_s, bytes, throughput_bps, json)
 * host_facts(id, hostname, kernel, java, sha256, json)   -- one row per distinct fact set
 * result_host(result_id, role, host, facts_id)   -- role: from | to; host: the name in the session
 * </pre>
 * Times are UTC text {@code yyyy-MM-ddTHH:mm:ss.SSSZ}, so they sort and compare as text.
 */
final class Schema {
    static final int VERSION = 1;

    private static final List<String> V1 = List.of(
            """
            CREATE TABLE session (
              id TEXT PRIMARY KEY,
              started TEXT NOT NULL,
              command_line TEXT,
              script TEXT,
              benchsh_version TEXT)""",
            """
            CREATE TABLE result (
              id INTEGER PRIMARY KEY,
              session_id TEXT NOT NULL REFERENCES session(id),
              seq INTEGER NOT NULL,
              test TEXT NOT NULL,
              status TEXT NOT NULL,
              from_host TEXT,
              to_host TEXT,
              label TEXT,
              started TEXT NOT NULL,
              repeat INTEGER NOT NULL,
              error TEXT,
              throughput_bps REAL,
              json TEXT NOT NULL,
              UNIQUE (session_id, seq))""",
            "CREATE INDEX result_started ON result(started)",
            "CREATE INDEX result_label ON result(label)",
            """
            CREATE TABLE param (
              result_id INTEGER NOT NULL REFERENCES result(id) ON DELETE CASCADE,
              name TEXT NOT NULL,
              value,
              PRIMARY KEY (result_id, name))""",
            """
            CREATE TABLE metric (
              result_id INTEGER NOT NULL REFERENCES result(id) ON DELETE CASCADE,
              name TEXT NOT NULL,
              value REAL,
              PRIMARY KEY (result_id, name))""",
            """
            CREATE TABLE tag (
              result_id INTEGER NOT NULL REFERENCES result(id) ON DELETE CASCADE,
              name TEXT NOT NULL,
              value,
              PRIMARY KEY (result_id, name))""",
            """
            CREATE TABLE interval (
              result_id INTEGER NOT NULL REFERENCES result(id) ON DELETE CASCADE,
              seq INTEGER NOT NULL,
              start_s REAL,
              end_s REAL,
              bytes INTEGER,
              throughput_bps REAL,
              json TEXT NOT NULL,
              PRIMARY KEY (result_id, seq))""",
            """
            CREATE TABLE host_facts (
              id INTEGER PRIMARY KEY,
              hostname TEXT,
              kernel TEXT,
              java TEXT,
              sha256 TEXT NOT NULL UNIQUE,
              json TEXT NOT NULL)""",
            """
            CREATE TABLE result_host (
              result_id INTEGER NOT NULL REFERENCES result(id) ON DELETE CASCADE,
              role TEXT NOT NULL,
              host TEXT NOT NULL,
              facts_id INTEGER REFERENCES host_facts(id),
              PRIMARY KEY (result_id, role))""");

    private Schema() {
    }

    /** Creates or upgrades the tables in one transaction; refuses a database from a newer benchsh. */
    static void migrate(Connection c) throws SQLException, StoreException {
        int version;
        try (Statement s = c.createStatement(); var rs = s.executeQuery("PRAGMA user_version")) {
            version = rs.next() ? rs.getInt(1) : 0;
        }
        if (version == VERSION) {
            return;
        }
        if (version > VERSION) {
            throw new StoreException("it was written by a newer benchsh (schema " + version + ", this one knows " + VERSION
                    + "); use that benchsh, or give another file with --db");
        }
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            for (String ddl : V1) {
                s.execute(ddl);
            }
            s.execute("PRAGMA user_version = " + VERSION);
            c.commit();
        } catch (SQLException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }
}
