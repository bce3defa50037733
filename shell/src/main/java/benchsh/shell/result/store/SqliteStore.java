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

/**
 * The embedded store: one SQLite file, WAL journal, so a crash or kill -9 leaves either the whole
 * result or none of it. The file is owner-only (0600); deleted text is overwritten with zeros
 * ({@code secure_delete}) and the WAL is truncated after a session row was rewritten to mask a secret.
 * Stateless; the store it opens is a {@link JdbcStore}.
 */
final class SqliteStore {
    /** How long a statement waits for another process holding the database lock, in milliseconds. */
    static final int BUSY_TIMEOUT_MS = 5_000;

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
            nativeLibraryHome();
            c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA busy_timeout = " + BUSY_TIMEOUT_MS);
                s.execute("PRAGMA secure_delete = ON");
                s.execute("PRAGMA journal_mode = WAL");
                s.execute("PRAGMA synchronous = NORMAL");
                s.execute("PRAGMA foreign_keys = ON");
            }
            Schema.migrate(c, Dialect.SQLITE, "store " + where);
            return new JdbcStore(where, Dialect.SQLITE, measurer, c, null, SqliteStore::checkpoint);
        } catch (IOException | SQLException e) {
            JdbcStore.closeQuietly(c);
            String why = e instanceof IOException ? e.getClass().getSimpleName() + ": " + e.getMessage() : e.getMessage();
            throw new StoreException("store " + where + ": cannot open it (" + why + ")"
                    + "; check the path and its permissions, or give another file with --db", e);
        } catch (StoreException e) {
            JdbcStore.closeQuietly(c);
            throw e;
        }
    }

    /**
     * sqlite-jdbc unpacks its native library once per JVM; it goes to the cache directory (sqlite/) rather
     * than the shared temp directory, where a killed shell's copy would stay behind.
     */
    private static synchronized void nativeLibraryHome() throws IOException {
        if (System.getProperty("org.sqlite.tmpdir") == null) {
            Path dir = Dirs.current().cache().resolve("sqlite");
            Files.createDirectories(dir);
            System.setProperty("org.sqlite.tmpdir", dir.toString());
        }
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
