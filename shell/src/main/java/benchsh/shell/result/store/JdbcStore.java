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
 * what differs). Each result is one write transaction ({@link Dialect#begin}), tried again with backoff
 * while another writer holds the lock ({@link Retries}); ids come from the database. A failure is
 * explained by the database's own {@link Explainer}. A connection the server dropped is opened again
 * before the next call, when the store knows how ({@code reopen}). Thread-safe: every method is synchronized.
 */
final class JdbcStore implements ResultStore {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
    /** How long a validity check of a failed connection may take. */
    private static final int VALID_CHECK_S = 5;

    /** Opens a fresh connection, set up and migrated. */
    interface Opener {
        Connection open() throws StoreException;
    }

    /** What a failure means and what to do about it, for a message: "no space left on ...: free some ...". */
    interface Explainer {
        String explain(SQLException e);
    }

    private final String where;
    private final Dialect dialect;
    private final Measurer measurer;
    private final Opener reopen;
    private final SessionRow.AfterRewrite afterRewrite;
    private final Explainer explainer;
    private Connection db;
    private boolean closed;

    /**
     * @param reopen       how to connect again after the connection was lost, or null (an embedded file)
     * @param afterRewrite what to do once a session row's text was rewritten (outside the transaction)
     */
    JdbcStore(String where, Dialect dialect, Measurer measurer, Connection db, Opener reopen, SessionRow.AfterRewrite afterRewrite,
              Explainer explainer) {
        this.where = where;
        this.dialect = dialect;
        this.measurer = measurer;
        this.db = db;
        this.reopen = reopen;
        this.afterRewrite = afterRewrite;
        this.explainer = explainer;
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
        try {
            return Retries.run(dialect, () -> writeOnce(rec));
        } catch (SQLException e) {
            noteFailure();
            throw new StoreException("cannot store the " + describe(rec.result()) + " in " + where + ": " + explainer.explain(e), e);
        } catch (StoreException e) {
            throw new StoreException("cannot store the " + describe(rec.result()) + ": " + e.getMessage(), e);
        }
    }

    private long writeOnce(Recorded rec) throws SQLException, StoreException {
        Connection c = connection();
        boolean rewritten;
        long id;
        dialect.begin(c);
        try {
            rewritten = SessionRow.write(c, rec.session(), measurer);
            id = new ResultRows(c, dialect).insert(rec);
            dialect.commit(c);
        } catch (SQLException | RuntimeException e) {
            dialect.rollback(c);
            throw e;
        }
        if (rewritten) {
            afterRewrite.cleanUp(c);
        }
        return id;
    }

    /** "rr result local → local 'r-s1' of 2026-12-04T02:19:01.123Z": enough to find it in the JSON lines. */
    static String describe(Result r) {
        Object label = r.tags().get("label");
        return r.test() + " result " + r.from() + " → " + r.to() + (label == null ? "" : " '" + label + "'") + " of " + time(r.started());
    }

    @Override
    public synchronized List<StoredResult> results(StoreQuery q) throws StoreException {
        return read(r -> r.results(q));
    }

    @Override
    public synchronized List<StoredSession> sessions(StoreQuery q) throws StoreException {
        return read(r -> r.sessions(q));
    }

    @Override
    public synchronized Optional<StoredResult> byId(long id) throws StoreException {
        return read(r -> r.byId(id));
    }

    @Override
    public synchronized List<String> labels() throws StoreException {
        return read(StoreReads::labels);
    }

    @Override
    public synchronized Map<String, Object> facts(long resultId, String host) throws StoreException {
        return read(r -> r.facts(resultId, host));
    }

    /** One query of {@link StoreReads}. */
    private interface Read<T> {
        T from(StoreReads reads) throws SQLException;
    }

    /** A read, tried again like a write when the database refused it for the moment. */
    private <T> T read(Read<T> query) throws StoreException {
        try {
            return Retries.run(dialect, () -> query.from(new StoreReads(connection())));
        } catch (SQLException e) {
            noteFailure();
            throw new StoreException("cannot read the result store " + where + ": " + explainer.explain(e), e);
        } catch (StoreException e) {
            throw new StoreException("cannot read the result store: " + e.getMessage(), e); // reopening failed, explained
        }
    }

    /** The connection, opened again first when the last call lost it (a server restart, a dropped network). */
    private Connection connection() throws StoreException {
        if (db == null) {
            if (reopen == null || closed) {
                throw new StoreException("store " + where + " is closed");
            }
            db = reopen.open();
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
