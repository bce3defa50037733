package benchsh.shell.definition;

import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.result.Result;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What benchsh knows it generated: the trees its {@code tree} results say it made, by host and path, that no
 * {@code remove} result says it removed since. Its records are results (this session's, and the result store's across
 * sessions); the host keeps the rest of the proof, since a removal removes only entries that are still exactly what the
 * generator wrote (planned name, size and mtime; {@link RemoveDefinition}). Implementations say where they look and are
 * thread-safe.
 */
public interface TreeLedger {
    /** A ledger that knows no tree (a dry-run check, a definition built without a session). */
    TreeLedger NONE = new TreeLedger() {
        @Override
        public Optional<TreeHandle> generated(Host host, String path, Hosts hosts) {
            return Optional.empty();
        }

        @Override
        public String where() {
            return "no records";
        }
    };

    /**
     * The tree benchsh generated at {@code path} on {@code host} and has not removed since, as {@code tree} returned it;
     * empty when its records hold none.
     *
     * @param hosts the session's hosts, to rebuild the generator's spec with
     */
    Optional<TreeHandle> generated(Host host, String path, Hosts hosts);

    /** Where this ledger looks, for an error that finds nothing: "this session's results and the result store …". */
    String where();

    /**
     * The tree results of {@code results} (oldest first) whose tree is still there: each completed, the newest at its host
     * and path, and no completed {@code remove} of that host and path after it.
     */
    static List<Result> notRemoved(List<Result> results) {
        Map<List<String>, Result> standing = new LinkedHashMap<>();
        for (Result r : results) {
            List<String> at = at(r);
            if (at == null || !r.ok()) {
                continue;
            }
            if (r.test().equals("tree")) {
                standing.remove(at);
                standing.put(at, r);
            } else if (r.test().equals("remove")) {
                standing.remove(at);
            }
        }
        return new ArrayList<>(standing.values());
    }

    /** The host and normalized path a tree or remove result worked at, or null for another result. */
    static List<String> at(Result r) {
        if (!r.test().equals("tree") && !r.test().equals("remove") || !(r.params().get("path") instanceof String path)) {
            return null;
        }
        return List.of(Objects.toString(r.params().get("on"), r.from()), normal(path));
    }

    /** A path as a key: normalized ("/tmp/m/" and "/tmp/./m" are "/tmp/m"). */
    static String normal(String path) {
        return Path.of(path).normalize().toString();
    }
}
