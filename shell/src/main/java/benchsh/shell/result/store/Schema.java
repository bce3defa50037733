package benchsh.shell.result.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The store's tables and their migrations, one list for both databases. Version 2:
 * <pre>
 * session(id, started, command_line, script, benchsh_version, machine, os_user)
 * result(id, session_id, seq, test, status, from_host, to_host, label, started, repeat, error,
 *        throughput_bps, json)                   -- json: the whole result contract, as --json writes it
 * param(result_id, name, value)                  -- normalized: bytes, seconds, bits/s
 * metric(result_id, name, value)                 -- the name carries the unit, e.g. throughput_bps
 * tag(result_id, name, value)
 * interval(result_id, seq, start_s, end_s, bytes, throughput_bps, json)
 * host_facts(id, hostname, kernel, java, sha256, json)   -- one row per distinct fact set
 * result_host(result_id, role, host, facts_id)   -- role: from | to; host: the name in the session
 * </pre>
 * Times are UTC text {@code yyyy-MM-ddTHH:mm:ss.SSSZ}, so they sort and compare as text in both
 * databases. What differs per database is only a few type names, written as tokens in the DDL and
 * replaced by {@link Dialect#ddl}: {@code {id}} (a key the database assigns), {@code {ref}} (a column
 * referring to one), {@code {real}} (a double), {@code {any}} (a param or tag value: untyped in
 * SQLite, text in PostgreSQL). Stateless.
 */
final class Schema {
    /** One step from the version before to {@code version}. */
    record Migration(int version, List<String> ddl) {
    }

    static final List<Migration> MIGRATIONS = List.of(
            new Migration(1, List.of(
                    """
                    CREATE TABLE session (
                      id TEXT PRIMARY KEY,
                      started TEXT NOT NULL,
                      command_line TEXT,
                      script TEXT,
                      benchsh_version TEXT)""",
                    """
                    CREATE TABLE result (
                      id {id},
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
                      throughput_bps {real},
                      json TEXT NOT NULL,
                      UNIQUE (session_id, seq))""",
                    "CREATE INDEX result_started ON result(started)",
                    "CREATE INDEX result_label ON result(label)",
                    """
                    CREATE TABLE param (
                      result_id {ref} NOT NULL REFERENCES result(id) ON DELETE CASCADE,
                      name TEXT NOT NULL,
                      value{any},
                      PRIMARY KEY (result_id, name))""",
                    """
                    CREATE TABLE metric (
                      result_id {ref} NOT NULL REFERENCES result(id) ON DELETE CASCADE,
                      name TEXT NOT NULL,
                      value {real},
                      PRIMARY KEY (result_id, name))""",
                    """
                    CREATE TABLE tag (
                      result_id {ref} NOT NULL REFERENCES result(id) ON DELETE CASCADE,
                      name TEXT NOT NULL,
                      value{any},
                      PRIMARY KEY (result_id, name))""",
                    """
                    CREATE TABLE interval (
                      result_id {ref} NOT NULL REFERENCES result(id) ON DELETE CASCADE,
                      seq INTEGER NOT NULL,
                      start_s {real},
                      end_s {real},
                      bytes {ref},
                      throughput_bps {real},
                      json TEXT NOT NULL,
                      PRIMARY KEY (result_id, seq))""",
                    """
                    CREATE TABLE host_facts (
                      id {id},
                      hostname TEXT,
                      kernel TEXT,
                      java TEXT,
                      sha256 TEXT NOT NULL UNIQUE,
                      json TEXT NOT NULL)""",
                    """
                    CREATE TABLE result_host (
                      result_id {ref} NOT NULL REFERENCES result(id) ON DELETE CASCADE,
                      role TEXT NOT NULL,
                      host TEXT NOT NULL,
                      facts_id {ref} REFERENCES host_facts(id),
                      PRIMARY KEY (result_id, role))""")),
            new Migration(2, List.of(
                    "ALTER TABLE session ADD COLUMN machine TEXT",
                    "ALTER TABLE session ADD COLUMN os_user TEXT",
                    "CREATE INDEX session_machine ON session(machine)",
                    "CREATE INDEX session_os_user ON session(os_user)")));

    /** The version this benchsh writes: the last migration's. */
    static final int VERSION = MIGRATIONS.get(MIGRATIONS.size() - 1).version();

    private Schema() {
    }

    /**
     * Brings the tables up to {@link #VERSION} in one write transaction ({@link Dialect#begin}: every
     * missing migration, then the new version number), holding the database's migration lock so two
     * benchsh starting at once do not both migrate. A database from a newer benchsh is refused; {@code where} names it.
     */
    static void migrate(Connection c, Dialect dialect, String where) throws SQLException, StoreException {
        dialect.begin(c);
        try (Statement s = c.createStatement()) {
            dialect.lockForMigration(s);
            int version = dialect.version(s);
            if (version > VERSION) {
                throw new StoreException(where + " was written by a newer benchsh (schema version " + version + "; this benchsh knows up to "
                        + VERSION + "): use that benchsh or a newer one, or give another store with --db");
            }
            for (Migration m : MIGRATIONS) {
                if (m.version() > version) {
                    for (String ddl : m.ddl()) {
                        s.execute(dialect.ddl(ddl));
                    }
                    dialect.recordVersion(s, m.version());
                }
            }
            dialect.commit(c);
        } catch (SQLException | StoreException | RuntimeException e) {
            dialect.rollback(c);
            throw e;
        }
    }
}
