package benchsh.shell.result;

import benchsh.shell.result.store.ResultStore;
import benchsh.shell.result.store.StoredResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The session's results in the order they were measured, where each goes as it is recorded (JSON lines,
 * the store: the sinks, in the order they were added), the result store itself, and stored results loaded
 * back for tables and comparisons. Thread-safe.
 */
public final class ResultLog implements AutoCloseable {
    private final List<Result> results = new ArrayList<>();
    private final List<ResultSink> sinks = new CopyOnWriteArrayList<>();
    private final Set<Long> loaded = new HashSet<>();
    private volatile ResultStore store;

    /** Keeps a measured result and hands it to every sink. */
    public void add(Result r, SessionInfo session, Map<String, Map<String, Object>> facts) {
        synchronized (results) {
            results.add(r);
        }
        Recorded rec = new Recorded(r, session, facts);
        sinks.forEach(sink -> sink.accept(rec));
    }

    public List<Result> results() {
        synchronized (results) {
            return List.copyOf(results);
        }
    }

    /** Results that did not complete. */
    public long failures() {
        return results().stream().filter(r -> !r.ok()).count();
    }

    /** Sends every result recorded from now on to {@code sink} too. */
    public void addSink(ResultSink sink) {
        sinks.add(sink);
    }

    /** The result store, when one could be opened. */
    public Optional<ResultStore> store() {
        return Optional.ofNullable(store);
    }

    public void store(ResultStore s) {
        this.store = s;
    }

    /**
     * Brings stored results into the session (for {@code table} and {@code compare}), each tagged with the
     * session that measured it. Results of session {@code current}, and ones loaded before, are skipped.
     *
     * @return the results added
     */
    public List<Result> load(List<StoredResult> stored, String current) {
        List<Result> added = new ArrayList<>();
        synchronized (results) {
            for (StoredResult s : stored) {
                if (!s.session().equals(current) && loaded.add(s.id())) {
                    Result r = s.result().withTags(Map.of("session", s.session()));
                    results.add(r);
                    added.add(r);
                }
            }
        }
        return added;
    }

    @Override
    public void close() {
        if (store != null) {
            store.close();
        }
    }
}
