package benchsh.shell.result.store;

import benchsh.shell.result.Recorded;
import benchsh.shell.result.ResultSink;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Writes every recorded result to the store and counts the ones it could not. A write that fails (a
 * full disk, a lock held past every retry, a server gone) is reported through {@code warn} each time
 * it happens, naming the result, the store and why; the session measures on and keeps the result
 * (tables, {@code --json}, {@code --report}), and {@link #summary} tells at the end how many are missing
 * from the store. A store that could not be opened ({@link #unavailable}) stores nothing: its one
 * message was given at start, so results are only counted. Thread-safe.
 */
public final class StoreSink implements ResultSink {
    private final ResultStore store;
    private final String where;
    private final Consumer<String> warn;
    private final AtomicInteger recorded = new AtomicInteger();
    private final AtomicInteger unstored = new AtomicInteger();

    public StoreSink(ResultStore store, Consumer<String> warn) {
        this(store, store.where(), warn);
    }

    private StoreSink(ResultStore store, String where, Consumer<String> warn) {
        this.store = store;
        this.where = where;
        this.warn = warn;
    }

    /** The sink of a session whose store could not be opened: every result counts as not stored. */
    public static StoreSink unavailable() {
        return new StoreSink(null, null, message -> {
        });
    }

    /** The store, or null when it could not be opened. */
    public ResultStore store() {
        return store;
    }

    @Override
    public void accept(Recorded rec) {
        recorded.incrementAndGet();
        if (store == null) {
            unstored.incrementAndGet();
            return;
        }
        try {
            store.write(rec);
        } catch (StoreException e) {
            unstored.incrementAndGet();
            warn.accept(e.getMessage() + "; measuring goes on, this result is only in the session's output (--json, --report)");
        }
    }

    /** Results of this session that are not in the store. */
    public int unstored() {
        return unstored.get();
    }

    /** "3 of 50 results were not stored in FILE ...", or empty when every result is in the store. */
    public Optional<String> summary() {
        int lost = unstored.get();
        if (lost == 0) {
            return Optional.empty();
        }
        String of = lost + " of " + recorded.get() + " results were not stored";
        return Optional.of(store == null ? of + ": the store could not be opened (above)"
                : of + " in " + where + " (each is named above); they are in the --json output and the --report only");
    }
}
