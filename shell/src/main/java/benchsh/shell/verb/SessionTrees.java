package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.definition.TreeDefinition;
import benchsh.shell.definition.TreeLedger;
import benchsh.shell.definition.TreeHandle;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.result.Result;
import benchsh.shell.result.store.Measurer;
import benchsh.shell.result.store.ResultStore;
import benchsh.shell.result.store.StoreException;
import benchsh.shell.result.store.StoreQuery;
import benchsh.shell.result.store.StoredResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The trees a session can remove by their path ({@link TreeLedger}): those its own results say it generated, else those
 * the result store's say an earlier session generated on that host (by its name, and for {@code local} on this machine)
 * and no later one removed. A plan, which generates nothing, takes any path for a tree (the run checks it). Thread-safe
 * (the session's results and the store are).
 */
final class SessionTrees implements TreeLedger {
    /** The stored tree and remove results read, at most: the newest ones. */
    private static final int STORED = 10_000;
    private final Session session;

    SessionTrees(Session session) {
        this.session = session;
    }

    @Override
    public Optional<TreeHandle> generated(Host host, String path, Hosts hosts) {
        List<String> at = List.of(host.name(), TreeLedger.normal(path));
        List<Result> records = new ArrayList<>(stored(host));
        records.addAll(session.results());
        records.sort(Comparator.comparing(Result::started));
        Optional<TreeHandle> found = TreeLedger.notRemoved(records).stream().filter(r -> at.equals(TreeLedger.at(r))).reduce((a, b) -> b)
                .map(r -> TreeDefinition.recalled(r, host, hosts));
        if (found.isEmpty() && session.context().planning()) {
            return Optional.of(TreeDefinition.planned(host, path, hosts)); // a plan generates no tree: one the script makes first is not recorded
        }
        return found;
    }

    @Override
    public String where() {
        return "this session's results" + session.log().store().map(s -> " and the result store " + s.where()).orElse("");
    }

    /** The store's tree and remove results on {@code host}; none without a store or when it cannot be read. */
    private List<Result> stored(Host host) {
        Optional<ResultStore> store = session.log().store();
        if (store.isEmpty()) {
            return List.of();
        }
        List<Result> out = new ArrayList<>();
        try {
            for (String test : List.of("tree", "remove")) {
                StoreQuery q = StoreQuery.ALL.test(test).host(host.name()).limit(STORED);
                if (host == session.hosts().local()) {
                    q = q.machine(Measurer.current().machine()); // another machine's local is another host
                }
                store.get().results(q).stream().filter(s -> !s.session().equals(session.info().id())).map(StoredResult::result).forEach(out::add);
            }
        } catch (StoreException e) {
            session.print("benchsh: the result store cannot be read (" + session.secrets().redact(e.getMessage()) + "); only this session's trees are known\n");
        }
        return out;
    }
}
