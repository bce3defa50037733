package benchsh.shell.result.store;

import benchsh.shell.result.Recorded;
import benchsh.shell.result.Result;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The store over one JDBC connection, the same SQL for SQLite and PostgreSQL ({@link Dialect} holds
 * what differs). Each result is one transaction; ids come from the database. A connection the server
 * dropped is opened again before the next call, when the store knows how ({@code reopen}). Thread-safe:
 * every method is synchronized.
 */
final class JdbcStore implements ResultStore {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
    /** How long a validity check of a failed connection may take. */
    private static final int VALID_CHECK_S = 5;

    /** Opens a fresh connection, set up and migrated. */
    interface Opener {
        Connection open() throws StoreException;
    }

    private final String where;
    private final Dialect dialect;
    private final Measurer measurer;
    private final Opener reopen;
    private final SessionRow.AfterRewrite afterRewrite;
    private Connection db;
    private boolean closed;

    /**
     * @param reopen       how to connect again after the connection was lost, or null (an embedded file)
     * @param afterRewrite what to do once a session row's text was rewritten (outside the transaction)
     */
    JdbcStore(String where, Dialect dialect, Measurer measurer, Connection db, Opener reopen, SessionRow.AfterRewrite afterRewrite) {
        this.where = where;
        this.dialect = dialect;
        this.measurer = measurer;
        this.db = db;
        this.reopen = reopen;
        this.afterRewrite = afterRewrite;
    }

    static String time(Instant t) {
        return TIME.format(t);
    }

    @Override
    public String where() {
        return where;
    }

    @Override
    public synchronized long write(Recorded rec) throws StoreException {
        Result r = rec.result();
        try {
            Connection c = connection();
            boolean rewritten;
            long id;
            c.setAutoCommit(false);
            try {
                rewritten = SessionRow.write(c, rec.session(), measurer);
                id = new ResultRows(c, dialect).insert(rec);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                rollbackQuietly(c);
                throw e;
            } finally {
                autoCommitQuietly(c);
            }
            if (rewritten) {
                afterRewrite.cleanUp(c);
            }
            return id;
        } catch (SQLException e) {
            noteFailure();
            throw new StoreException("cannot store the " + r.test() + " result in " + where + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized List<StoredResult> results(StoreQuery q) throws StoreException {
        try {
            return new StoreReads(connection()).results(q);
        } catch (SQLException e) {
            throw readError(e);
        }
    }

    @Override
    public synchronized List<StoredSession> sessions(StoreQuery q) throws StoreException {
        try {
            return new StoreReads(connection()).sessions(q);
        } catch (SQLException e) {
            throw readError(e);
        }
    }

    @Override
    public synchronized Optional<StoredResult> byId(long id) throws StoreException {
        try {
            return new StoreReads(connection()).byId(id);
        } catch (SQLException e) {
            throw readError(e);
        }
    }

    @Override
    public synchronized List<String> labels() throws StoreException {
        try {
            return new StoreReads(connection()).labels();
        } catch (SQLException e) {
            throw readError(e);
        }
    }

    @Override
    public synchronized Map<String, Object> facts(long resultId, String host) throws StoreException {
        try {
            return new StoreReads(connection()).facts(resultId, host);
        } catch (SQLException e) {
            throw readError(e);
        }
    }

    /** The connection, opened again first when the last call lost it (a server restart, a dropped network). */
    private Connection connection() throws SQLException {
        if (db == null) {
            if (reopen == null || closed) {
                throw new SQLException("the store is closed");
            }
            try {
                db = reopen.open();
            } catch (StoreException e) {
                throw new SQLException(e.getMessage(), e);
            }
        }
        return db;
    }

    /** After a failure: when the connection is gone and can be opened again, drop it so the next call does. */
    private void noteFailure() {
        if (reopen == null || db == null) {
            return;
        }
        boolean valid;
        try {
            valid = db.isValid(VALID_CHECK_S);
        } catch (SQLException e) {
            valid = false;
        }
        if (!valid) {
            closeQuietly(db);
            db = null;
        }
    }

    private StoreException readError(SQLException e) {
        noteFailure();
        return new StoreException("cannot read the result store " + where + ": " + e.getMessage(), e);
    }

    private static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException e) {
            // the connection is gone: the server rolls back
        }
    }

    private static void autoCommitQuietly(Connection c) {
        try {
            c.setAutoCommit(true);
        } catch (SQLException e) {
            // the connection is gone; noteFailure drops it
        }
    }

    static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException e) {
                // already failing or closing
            }
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        closeQuietly(db);
        db = null;
    }
}
