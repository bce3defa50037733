package benchsh.shell.result.store;

import benchsh.shell.config.Dirs;
import benchsh.shell.result.Recorded;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Every result ever recorded: an embedded SQLite file by default ({@code ~/.local/share/benchsh/results.db}),
 * or a PostgreSQL database shared by a team ({@code --db postgresql://user@host/db}). Both have the
 * same tables and migrations ({@link Schema}); one transaction per result, so a crash or kill -9 keeps
 * whole results only, and several writers (processes, machines) may write at once. Every session row
 * records the machine and OS user that measured ({@link Measurer}). Implementations are thread-safe.
 */
public interface ResultStore extends AutoCloseable {
    /** Where the store is, for messages: the file, or the URL without its password. */
    String where();

    /** Stores one result with its session, params, metrics, tags, intervals and host facts, atomically; returns its id. */
    long write(Recorded rec) throws StoreException;

    /** Stored results matching {@code q}, oldest first (the newest {@code q.limit()} of them). */
    List<StoredResult> results(StoreQuery q) throws StoreException;

    /** Sessions with at least one result matching {@code q}, oldest first (the newest {@code q.limit()}). */
    List<StoredSession> sessions(StoreQuery q) throws StoreException;

    /** One stored result by id. */
    Optional<StoredResult> byId(long id) throws StoreException;

    /** Every label ever stored, sorted. */
    List<String> labels() throws StoreException;

    /**
     * The facts stored with a result for one of its hosts ({@code host} is the host's name in that
     * session, or {@code from}/{@code to}); empty when none were stored.
     */
    Map<String, Object> facts(long resultId, String host) throws StoreException;

    @Override
    void close();

    /** The default file: {@code $BENCHSH_DB} when it names a file, else {@code results.db} in the data directory ({@link Dirs}). */
    static Path defaultFile() {
        String env = System.getenv("BENCHSH_DB");
        if (env != null && !env.isBlank() && !PgTarget.isUrl(env)) {
            return Path.of(env);
        }
        return Dirs.current().data().resolve("results.db");
    }

    /** What {@code --db} means when not given: {@code $BENCHSH_DB} (a file or a URL), else {@link #defaultFile()}. */
    static String defaultTarget() {
        String env = System.getenv("BENCHSH_DB");
        return env != null && !env.isBlank() ? env.trim() : defaultFile().toString();
    }

    /**
     * The passwords a store target carries, for the session to mask: the one in a URL, or
     * {@code $PGPASSWORD} when the URL has none. Empty for a file or a URL that does not parse.
     */
    static List<String> secretsIn(String target) {
        if (!PgTarget.isUrl(target)) {
            return List.of();
        }
        try {
            PgTarget t = PgTarget.parse(target, System.getenv());
            return t.password() == null ? List.of() : List.of(t.password());
        } catch (StoreException e) {
            return List.of();
        }
    }

    /** Opens the SQLite store in {@code file}, telling notes on stderr. */
    static ResultStore open(Path file) throws StoreException {
        return open(file, note -> System.err.println("benchsh: " + note));
    }

    /** Opens (creating and migrating it if needed) the SQLite store in {@code file}; see {@link SqliteStore#open}. */
    static ResultStore open(Path file, Consumer<String> notes) throws StoreException {
        return SqliteStore.open(file, notes, Measurer.current());
    }

    /**
     * Opens the store {@code target} names: a {@code postgresql://user[:password]@host[:port]/db} URL
     * (the password, when not in the URL, from {@code $PGPASSWORD}, else the driver reads
     * {@code ~/.pgpass}), or a file path for SQLite.
     */
    static ResultStore open(String target, Consumer<String> notes) throws StoreException {
        if (PgTarget.isUrl(target)) {
            return PostgresStore.open(PgTarget.parse(target, System.getenv()), Measurer.current());
        }
        return open(Path.of(target), notes);
    }
}
