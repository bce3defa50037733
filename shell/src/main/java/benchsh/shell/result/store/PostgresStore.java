package benchsh.shell.result.store;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The shared team store: a PostgreSQL database that several shells, machines and CI runners write
 * to at once. Each result is one transaction and ids come from the database, so writers never
 * coordinate; migrations hold an advisory lock. Every connect, login and statement has a deadline
 * ({@link PgTarget} for the connection, {@link #STATEMENT_TIMEOUT_MS} per statement). Failures are
 * explained as {@code store postgresql://user@host/db: what happened: what to do}. Stateless; the
 * store it opens is a {@link JdbcStore} that connects again after the server dropped it.
 */
final class PostgresStore {
    /** The longest any one statement may run, or wait for a lock, in milliseconds. */
    static final int STATEMENT_TIMEOUT_MS = 30_000;
    static final int LOCK_TIMEOUT_MS = 20_000;

    private PostgresStore() {
    }

    static ResultStore open(PgTarget target, Measurer measurer) throws StoreException {
        JdbcStore.Opener opener = () -> connect(target);
        return new JdbcStore(target.display(), Dialect.POSTGRESQL, measurer, opener.open(), opener, db -> {
            // PostgreSQL keeps a rewritten row's old version until VACUUM reuses its space: the server's files are the DBA's
        }, e -> explain(e, target));
    }

    /** Connects, sets the statement deadlines and migrates; every failure explained. */
    static Connection connect(PgTarget target) throws StoreException {
        Connection c = null;
        try {
            c = DriverManager.getConnection(target.jdbcUrl(), target.properties());
            try (Statement s = c.createStatement()) {
                s.execute("SET statement_timeout = " + STATEMENT_TIMEOUT_MS);
                s.execute("SET lock_timeout = " + LOCK_TIMEOUT_MS);
                s.execute("SET idle_in_transaction_session_timeout = " + STATEMENT_TIMEOUT_MS);
            }
            Schema.migrate(c, Dialect.POSTGRESQL, "store " + target.display());
            return c;
        } catch (SQLException e) {
            JdbcStore.closeQuietly(c);
            throw new StoreException("store " + target.display() + ": " + explain(e, target), e);
        } catch (StoreException e) {
            JdbcStore.closeQuietly(c);
            throw e;
        }
    }

    /** What went wrong and what to do, from the SQL state and the cause the driver reports. */
    static String explain(SQLException e, PgTarget t) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String said = e.getMessage();
        Throwable cause = rootCause(e);
        if (cause instanceof UnknownHostException) {
            return "unknown host " + t.host() + ": check the host name in --db (or BENCHSH_DB)";
        }
        if (cause instanceof ConnectException || cause instanceof NoRouteToHostException) {
            return "cannot connect to " + t.address() + " (" + cause.getMessage() + "): start the server there, or fix the host and port in --db";
        }
        if (cause instanceof SocketTimeoutException || said != null && said.contains("timed out")) {
            return "no answer from " + t.address() + " in time (connect " + PgTarget.CONNECT_TIMEOUT_S + " s, login " + PgTarget.LOGIN_TIMEOUT_S
                    + " s): check that a PostgreSQL server listens there and that no firewall drops the packets";
        }
        return switch (state) {
            case "28P01" -> "the server refused the login of " + t.user() + " (" + said + "): check the user and the password (taken from "
                    + t.passwordFrom() + "; benchsh reads PGPASSWORD and ~/.pgpass as libpq does)";
            case "28000" -> "the server refused " + t.user() + " (" + said + "): check pg_hba.conf on the server and the user in --db";
            case "08004" -> said != null && said.contains("no password")
                    ? "the server wants a password for " + t.user() + " and none was given: set PGPASSWORD or add the store to ~/.pgpass"
                    : "the server rejected the connection (" + said + "): check the server's log";
            case "3D000" -> "database " + t.database() + " does not exist (" + said + "): create it (createdb " + t.database()
                    + ") or fix the name in --db";
            case "42501" -> t.user() + " may not create or change the store's tables (" + said + "): ask the database owner to run benchsh "
                    + "once against it, or to grant CREATE";
            case "57014" -> "a statement took longer than " + STATEMENT_TIMEOUT_MS / 1000 + " s (" + said + "): the server is overloaded or "
                    + "a lock is held; try again later";
            case "53100" -> "the database server has no space left on its disk (" + said + "): ask the database's administrator to free some, "
                    + "or give another store with --db";
            case "40001", "40P01", "55P03" -> "other writers kept getting in the way (" + said + "): the server is overloaded or a lock is "
                    + "held for long; try again later";
            default -> "cannot use the store (" + said + (state.isEmpty() ? "" : ", SQL state " + state) + "): check the server's log";
        };
    }

    private static Throwable rootCause(Throwable e) {
        Throwable c = e;
        for (int i = 0; i < 10 && c.getCause() != null; i++) {
            c = c.getCause();
        }
        return c;
    }
}
