package benchsh.shell.verb;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.host.FactsDiff;
import benchsh.shell.host.Host;
import benchsh.shell.report.FactsReport;
import benchsh.shell.report.HistoryReport;
import benchsh.shell.result.store.ResultStore;
import benchsh.shell.result.store.StoreQuery;
import benchsh.shell.result.store.StoredResult;
import java.util.List;
import java.util.Map;

/**
 * {@code diff h1, h2}: what differs between two hosts' facts (kernel, NIC speed and MTU, CPU
 * governor, mounts, Java, ...). {@code diff h1, label: 'baseline'} (or {@code result: 42}, or any
 * history filter) compares a host today with the facts stored with the newest matching result.
 * Returns the list of changes.
 */
public final class DiffVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("diff", "what changed between two hosts, or a host and a stored result", "HOST [, HOST]",
            StoreFilter.with(Arg.of("result", ArgType.COUNT, null, "a stored result id, as history shows it (#42)")),
            List.of("diff a, b", "diff local, label: 'baseline'", "diff a, result: 42"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    /** It reads the hosts' facts, connecting them: a dry run skips it. */
    @Override
    public boolean connects() {
        return true;
    }

    @Override
    public Object call(Args args, Session session) throws Exception {
        List<Host> hosts = ConnectVerb.resolve(args.positional(), session);
        if (args.positional().isEmpty() || hosts.size() > 2) {
            throw new UsageException("usage: diff h1, h2 or diff h1, label: 'baseline' (or result: ID, session: ID)");
        }
        Host left = hosts.get(0);
        left.peer();
        Map<String, Object> right;
        String rightName;
        if (hosts.size() == 2) {
            Host h = hosts.get(1);
            h.peer();
            right = h.facts();
            rightName = h.name();
        } else {
            StoredResult past = past(args, session, left.name());
            ResultStore store = StoreFilter.store(session);
            right = store.facts(past.id(), left.name());
            if (right.isEmpty()) {
                right = store.facts(past.id(), "to");
            }
            if (right.isEmpty()) {
                throw new UsageException("result #" + past.id() + " has no stored host facts");
            }
            rightName = "#" + past.id() + " " + HistoryReport.time(past.result().started());
        }
        List<FactsDiff.Change> changes = FactsDiff.between(left.facts(), right);
        session.print(FactsReport.diff(left.name(), rightName, changes, FactsDiff.compared(left.facts(), right)));
        return changes;
    }

    private static StoredResult past(Args args, Session session, String host) throws Exception {
        ResultStore store = StoreFilter.store(session);
        StoreQuery q = StoreFilter.query(args, Integer.MAX_VALUE);
        if (args.given("result")) {
            return store.byId(args.count("result")).orElseThrow(() -> new UsageException("no stored result #" + args.count("result")));
        }
        if (q.equals(StoreQuery.ALL)) {
            throw new UsageException("diff " + host + " against what? give a second host, or a stored result: label:, session:, result:");
        }
        List<StoredResult> found = store.results(q.limit(1));
        if (found.isEmpty()) {
            throw new UsageException("no stored result matches; history lists them");
        }
        return found.get(0);
    }
}
