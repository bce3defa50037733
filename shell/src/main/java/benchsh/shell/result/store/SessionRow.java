package benchsh.shell.result.store;

import benchsh.shell.host.Version;
import benchsh.shell.result.SessionInfo;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;

/**
 * The {@code session} row of a session: inserted with its first result (with the machine and OS user
 * that measured), then kept up to date, since a REPL session's script grows and a secret given after
 * the first result masks more of the text that was stored. Called inside the store's transaction. Stateless.
 */
final class SessionRow {
    /** What a store does once stored text was rewritten, outside the transaction, so no old copy stays. */
    interface AfterRewrite {
        void cleanUp(Connection db);
    }

    private SessionRow() {
    }

    /**
     * Inserts the row, or updates its command line and script when they changed.
     *
     * @return whether stored text was rewritten rather than only extended: its old copy must go
     * @throws SQLException when another machine or user already stored a session with this id (ids are
     *                      random within a second, so in a shared store this is rare but possible)
     */
    static boolean write(Connection db, SessionInfo s, Measurer by) throws SQLException {
        String[] stored = null;
        try (PreparedStatement ps = db.prepareStatement("SELECT command_line, script, machine, os_user, started FROM session WHERE id = ?")) {
            ps.setString(1, s.id());
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    stored = new String[] {rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)};
                }
            }
        }
        if (stored == null) {
            try (PreparedStatement ps = db.prepareStatement(
                    "INSERT INTO session(id, started, command_line, script, benchsh_version, machine, os_user) VALUES (?,?,?,?,?,?,?)")) {
                ps.setString(1, s.id());
                ps.setString(2, JdbcStore.time(s.started()));
                ps.setString(3, s.commandLine());
                ps.setString(4, s.script());
                ps.setString(5, Version.current());
                ps.setString(6, by.machine());
                ps.setString(7, by.user());
                ps.executeUpdate();
            }
            return false;
        }
        if (stored[2] != null && (!stored[2].equals(by.machine()) || !Objects.equals(stored[3], by.user())
                || !stored[4].equals(JdbcStore.time(s.started())))) {
            throw new SQLException("session id " + s.id() + " is already taken by a session of " + stored[3] + " on " + stored[2]
                    + "; start benchsh again for a new session id");
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
}
