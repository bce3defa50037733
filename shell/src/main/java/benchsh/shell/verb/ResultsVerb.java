package benchsh.shell.verb;

import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.Session;
import benchsh.shell.report.ResultTable;
import benchsh.shell.result.Result;
import java.util.List;

/** {@code results}: the session's results as a table; returns them as a list for scripts. */
public final class ResultsVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("results", "list the results measured in this session", "",
            List.of(), List.of("results", "results.last().throughput"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public boolean readsResults() {
        return true;
    }

    @Override
    public Object call(Args args, Session session) {
        List<Result> all = session.results();
        session.print(all.isEmpty() ? "no results yet\n"
                : ResultTable.render(all, List.of("test", "from", "to", "size", "seconds", "throughput_bps"), session.unit()));
        return all;
    }
}
