package benchsh.shell.verb;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.result.Result;
import benchsh.shell.result.store.StoreException;
import benchsh.shell.result.store.StoreQuery;
import benchsh.shell.result.store.StoredResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code load 'SESSION'} or {@code load label: 'baseline'}: brings stored results back into the
 * session, each tagged {@code session: ID}, so {@code table} and {@code compare} work on them next to
 * today's. Results already in the session are not loaded twice. Returns the loaded results.
 */
public final class LoadVerb implements Verb {
    /** Without a limit, at most this many results are loaded. */
    static final int DEFAULT_LIMIT = 10_000;
    private static final VerbSpec SPEC = new VerbSpec("load", "bring stored results into the session (tagged session:)", "[SESSION ...]",
            StoreFilter.with(Arg.of("limit", ArgType.COUNT, DEFAULT_LIMIT, "load the newest this many")),
            List.of("load label: 'baseline'; table rows: 'size', cols: 'session'", "load '20261129-233814-eb09'"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    /** It brings stored results into the session: a dry run, which has none, skips it. */
    @Override
    public boolean readsResults() {
        return true;
    }

    @Override
    public Object call(Args args, Session session) throws StoreException {
        var store = StoreFilter.store(session);
        StoreQuery q = StoreFilter.query(args, args.count("limit"));
        if (args.positional().isEmpty() && q.equals(StoreQuery.ALL.limit(args.count("limit")))) {
            throw new UsageException("load what? give a session id (history sessions: true lists them) or a filter, e.g. load label: 'baseline'");
        }
        List<StoredResult> found = new ArrayList<>();
        if (args.positional().isEmpty()) {
            found.addAll(store.results(q));
        }
        for (Object id : args.positional()) {
            List<StoredResult> some = store.results(q.session(id.toString()));
            if (some.isEmpty()) {
                throw new UsageException("no stored results of session '" + id + "'; history sessions: true lists the sessions");
            }
            found.addAll(some);
        }
        List<Result> added = session.log().load(found, session.info().id());
        Set<String> sessions = new LinkedHashSet<>();
        added.forEach(r -> sessions.add(String.valueOf(r.tags().get("session"))));
        session.print("loaded " + added.size() + " result" + (added.size() == 1 ? "" : "s") + (sessions.isEmpty() ? "" : " from " + String.join(", ", sessions))
                + (found.size() > added.size() ? " (" + (found.size() - added.size()) + " already in this session)" : "") + "\n");
        return added;
    }
}
