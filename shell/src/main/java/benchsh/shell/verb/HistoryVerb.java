package benchsh.shell.verb;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.Session;
import benchsh.shell.report.HistoryReport;
import benchsh.shell.result.store.ResultStore;
import benchsh.shell.result.store.StoreException;
import benchsh.shell.result.store.StoreQuery;
import benchsh.shell.result.store.StoredResult;
import java.util.List;

/**
 * {@code history}: past runs from the result store, newest last, or past sessions with
 * {@code sessions: true}. Filters: session, label, test, host, since, date, limit. Returns the
 * stored results (or sessions) for scripts.
 */
public final class HistoryVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("history", "past runs and sessions from the result store", "",
            StoreFilter.with(
                    Arg.of("limit", ArgType.COUNT, 20, "show the newest this many"),
                    Arg.of("sessions", ArgType.BOOL, false, "list sessions instead of runs")),
            List.of("history label: 'baseline'", "history test: 'tcp', since: '2026-11-01', limit: 50", "history sessions: true"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object call(Args args, Session session) throws StoreException {
        ResultStore store = StoreFilter.store(session);
        StoreQuery q = StoreFilter.query(args, args.count("limit"));
        if (args.bool("sessions")) {
            var sessions = store.sessions(q);
            session.print(sessions.isEmpty() ? "no stored sessions match\n" : HistoryReport.sessions(sessions).toString());
            return sessions;
        }
        List<StoredResult> runs = store.results(q);
        session.print(runs.isEmpty() ? "no stored results match (the store is " + store.file() + ")\n"
                : HistoryReport.runs(runs, session.unit()).toString());
        return runs;
    }
}
