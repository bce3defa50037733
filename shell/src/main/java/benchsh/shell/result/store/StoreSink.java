package benchsh.shell.result.store;

import benchsh.shell.result.Recorded;
import benchsh.shell.result.ResultSink;
import java.util.function.Consumer;

/**
 * Writes every recorded result to the store. A write that fails (disk full, database locked by
 * another process beyond the busy timeout) is reported once through {@code warn}, then the session
 * measures on; later failures are counted silently. Thread-safe.
 */
public final class StoreSink implements ResultSink {
    private final ResultStore store;
    private final Consumer<String> warn;
    private int failures;

    public StoreSink(ResultStore store, Consumer<String> warn) {
        this.store = store;
        this.warn = warn;
    }

    public ResultStore store() {
        return store;
    }

    @Override
    public void accept(Recorded recorded) {
        try {
            store.write(recorded);
        } catch (StoreException e) {
            boolean first;
            synchronized (this) {
                first = failures++ == 0;
            }
            if (first) {
                warn.accept("warning: " + e.getMessage() + "; measuring goes on, but results are not being stored");
            }
        }
    }
}
