package benchsh.shell.verb;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.Session;
import benchsh.shell.report.ResultTable;
import benchsh.shell.result.Result;
import java.util.List;

/** {@code results}: the session's results as a table; returns them as a list for scripts. */
public final class ResultsVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("results", "list the results measured in this session", "",
            List.of(Arg.of("wide", ArgType.BOOL, false, "every parameter and metric as a column, not the six headline ones")),
            List.of("results", "results wide: true", "results.last().throughput"));

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
        List<String> columns = args.bool("wide") ? wide(all) : List.of("test", "from", "to", "size", "seconds", "throughput_bps");
        session.print(all.isEmpty() ? "no results yet\n" : ResultTable.render(all, columns, session.unit()));
        return all;
    }

    /** test, hosts, then every parameter and every metric that is a number or a word, in order of first appearance. */
    private static List<String> wide(List<Result> all) {
        java.util.LinkedHashSet<String> keys = new java.util.LinkedHashSet<>(List.of("test", "from", "to"));
        all.forEach(r -> keys.addAll(r.params().keySet()));
        all.forEach(r -> r.metrics().forEach((k, v) -> {
            if (!(v instanceof List) && !(v instanceof java.util.Map)) {
                keys.add(k);
            }
        }));
        return List.copyOf(keys);
    }
}
