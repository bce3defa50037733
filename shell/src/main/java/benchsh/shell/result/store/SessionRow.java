package benchsh.shell.result.store;

import benchsh.shell.host.Version;
import benchsh.shell.result.SessionInfo;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Objects;

/**
 * The {@code session} row of a session: inserted with its first result, then kept up to date, since
 * a REPL session's script grows and a secret given after the first result masks more of the text
 * that was stored. Called inside the store's transaction. Stateless.
 */
final class SessionRow {
    private SessionRow() {
    }

    /**
     * Inserts the row, or updates its command line and script when they changed.
     *
     * @return whether stored text was rewritten rather than only extended: its old copy must go
     */
    static boolean write(Connection db, SessionInfo s) throws SQLException {
        String[] stored = null;
        try (PreparedStatement ps = db.prepareStatement("SELECT command_line, script FROM session WHERE id = ?")) {
            ps.setString(1, s.id());
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    stored = new String[] {rs.getString(1), rs.getString(2)};
                }
            }
        }
        if (stored == null) {
            try (PreparedStatement ps = db.prepareStatement(
                    "INSERT INTO session(id, started, command_line, script, benchsh_version) VALUES (?,?,?,?,?)")) {
                ps.setString(1, s.id());
                ps.setString(2, ResultStore.time(s.started()));
                ps.setString(3, s.commandLine());
                ps.setString(4, s.script());
                ps.setString(5, Version.current());
                ps.executeUpdate();
            }
            return false;
        }
        if (Objects.equals(stored[0], s.commandLine()) && Objects.equals(stored[1], s.script())) {
            return false;
        }
        try (PreparedStatement ps = db.prepareStatement("UPDATE session SET command_line = ?, script = ? WHERE id = ?")) {
            ps.setString(1, s.commandLine());
            ps.setString(2, s.script());
            ps.setString(3, s.id());
            ps.executeUpdate();
        }
        return !isExtension(stored[0], s.commandLine()) || !isExtension(stored[1], s.script());
    }

    private static boolean isExtension(String before, String after) {
        return before == null || after != null && after.startsWith(before);
    }

    /**
     * After a rewrite (outside the transaction): copies the WAL into the database and truncates it, so
     * no page image of the old text stays in the -wal file (secure_delete has zeroed it in the page
     * itself). Best effort: a reader in another process holding an old snapshot defers it to the next
     * rewrite or to the close, which checkpoints and removes the WAL.
     */
    static void checkpoint(Connection db) {
        try (Statement st = db.createStatement()) {
            st.execute("PRAGMA wal_checkpoint(TRUNCATE)");
        } catch (SQLException e) {
            // deferred, as above
        }
    }
}
