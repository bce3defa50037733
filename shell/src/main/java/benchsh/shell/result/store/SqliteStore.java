package benchsh.shell.result.store;

import benchsh.shell.config.Dirs;
import benchsh.shell.secret.PrivateFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.Consumer;
import org.sqlite.SQLiteException;

/**
 * The embedded store: one SQLite file, WAL journal, so a crash or kill -9 leaves either the whole
 * result or none of it. Several shells may write to one file at once: every write (and the migration
 * at open) is a {@code BEGIN IMMEDIATE} transaction ({@link Dialect#SQLITE}), which waits up to
 * {@link #BUSY_TIMEOUT_MS} for another writer's lock, and is tried again with backoff after that
 * ({@link Retries}). The file is owner-only (0600); deleted text is overwritten with zeros
 * ({@code secure_delete}) and the WAL is truncated after a session row was rewritten to mask a secret.
 * Stateless; the store it opens is a {@link JdbcStore}.
 */
final class SqliteStore {
    /** How long a statement waits for another process holding the database lock, in milliseconds. */
    static final int BUSY_TIMEOUT_MS = 5_000;
    /** Less free space than this beside the store makes an I/O error a full disk. */
    static final long FULL_BELOW_BYTES = 1 << 20;

    private SqliteStore() {
    }

    /**
     * Opens (creating it and its directory if needed) and migrates the store. The file is created
     * owner-only (SQLite gives its -wal and -shm files the same mode); an existing file that others
     * may read is tightened, and {@code notes} is told once.
     */
    static ResultStore open(Path file, Consumer<String> notes, Measurer measurer) throws StoreException {
        String where = file.toString();
        Connection c = null;
        try {
            PrivateFiles.prepare(file, notes);
            for (String side : new String[] {"-wal", "-shm", "-journal"}) {
                PrivateFiles.tighten(Path.of(file + side), notes);
            }
            SqliteLibrary.install(Dirs.current().cache().resolve("sqlite"));
            Connection opened = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
            c = opened;
            Retries.run(Dialect.SQLITE, () -> {
                setUp(opened);
                Schema.migrate(opened, Dialect.SQLITE, "store " + where);
                return null;
            });
            return new JdbcStore(where, Dialect.SQLITE, measurer, c, null, SqliteStore::checkpoint, e -> explain(e, file));
        } catch (IOException e) {
            JdbcStore.closeQuietly(c);
            String why = noSpace(e.getMessage()) ? noSpaceLeft(file, e.getMessage()) : e.getClass().getSimpleName() + ": " + e.getMessage()
                    + "; check the path and its permissions, or give another file with --db";
            throw new StoreException("store " + where + ": cannot open it (" + why + ")", e);
        } catch (SQLException e) {
            JdbcStore.closeQuietly(c);
            throw new StoreException("store " + where + ": cannot open it: " + explain(e, file), e);
        } catch (StoreException e) {
            JdbcStore.closeQuietly(c);
            throw e;
        }
    }

    /** The connection's settings; {@code journal_mode} is the file's and waits for the lock like any write. */
    private static void setUp(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout = " + BUSY_TIMEOUT_MS);
            s.execute("PRAGMA secure_delete = ON");
            s.execute("PRAGMA journal_mode = WAL");
            s.execute("PRAGMA synchronous = NORMAL");
            s.execute("PRAGMA foreign_keys = ON");
        }
    }

    /**
     * What SQLite's failure means for {@code file} and what to do. A full disk shows as SQLITE_FULL, or
     * as an I/O error (SQLITE_IOERR_SHMSIZE, _WRITE, _TRUNCATE ...) where SQLite did not look at errno:
     * then the free space beside the file decides.
     */
    static String explain(SQLException e, Path file) {
        String code = resultCode(e);
        String said = e.getMessage() + (code.isEmpty() || e.getMessage().contains(code) ? "" : " (" + code + ")");
        return switch (e.getErrorCode() & 0xff) {
            case 13 -> noSpaceLeft(file, said);
            case 10 -> freeSpace(file) >= 0 && freeSpace(file) < FULL_BELOW_BYTES ? noSpaceLeft(file, said)
                    : said + ": the disk holding " + file + " failed a read or write; check it and the kernel log (dmesg), or give another file with --db";
            case 5, 6 -> said + ": another program holds the store's write lock; a sqlite3 shell or a script keeping a transaction open on "
                    + file + "? End it, or give another file with --db";
            case 8 -> said + ": the store is read-only here; check the permissions of " + file + " and its directory (SQLite writes "
                    + file.getFileName() + "-wal and -shm beside it), or give another file with --db";
            case 11, 26 -> said + ": " + file + " is damaged or not a benchsh store; move it aside (benchsh starts a new one) or give another file with --db";
            default -> said + ": check the path and its permissions, or give another file with --db";
        };
    }

    private static String noSpaceLeft(Path file, String said) {
        long free = freeSpace(file);
        return "no space left on the device holding " + file + " (ENOSPC" + (free < 0 ? "" : ", " + free / 1024 + " KiB free") + "; " + said
                + "): free some space there, or give another file with --db (or BENCHSH_DB)";
    }

    private static boolean noSpace(String message) {
        return message != null && message.contains("No space left on device");
    }

    /** Bytes this user may still write where the file is, or -1 when the file system does not say. */
    private static long freeSpace(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        try {
            return Files.getFileStore(Files.exists(file) ? file : dir).getUsableSpace();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** SQLite's own (extended) code name, e.g. SQLITE_IOERR_SHMSIZE, from the exception or its causes; "" when none. */
    private static String resultCode(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLiteException s && s.getResultCode() != null) {
                return s.getResultCode().name();
            }
        }
        return "";
    }

    /**
     * After a rewrite: copies the WAL into the database and truncates it, so no page image of the old
     * text stays in the -wal file (secure_delete has zeroed it in the page itself). Best effort: a
     * reader in another process holding an old snapshot defers it to the next rewrite or to the close,
     * which checkpoints and removes the WAL.
     */
    private static void checkpoint(Connection db) {
        try (Statement st = db.createStatement()) {
            st.execute("PRAGMA wal_checkpoint(TRUNCATE)");
        } catch (SQLException e) {
            // deferred, as above
        }
    }
}
