package benchsh.shell.verb;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.report.TerminalChart;
import benchsh.shell.result.Result;
import java.util.List;

/** {@code plot x: 'size', y: 'throughput', by: 'dir'}: a bar chart of the session's (or given) results in the terminal. */
public final class PlotVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("plot", "bar chart of results in the terminal, drawn with Unicode blocks", "[RESULTS]",
            List.of(
                    Arg.of("x", ArgType.TEXT, "size", "the key whose values make the bars"),
                    Arg.of("y", ArgType.TEXT, null, "the metric the bars measure, median of runs (default throughput, else the main rate)"),
                    Arg.of("by", ArgType.TEXT, null, "a key whose values make one bar each under every x"),
                    Arg.of("width", ArgType.COUNT, 50, "the longest bar, in characters"),
                    Arg.of("where", ArgType.CLOSURE, null, "a closure that keeps a result, e.g. { it.ok() }")),
            List.of("plot x: 'size', y: 'throughput', by: 'dir'", "plot x: 'session', y: 'cpu_local_pct', where: { it.test == 'tcp' }"));

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
        @SuppressWarnings("unchecked")
        List<Result> results = args.positional().isEmpty() ? session.results() : (List<Result>) args.positional().get(0);
        if (args.count("width") > 500) {
            throw new UsageException("width " + args.count("width") + " is wider than any terminal; give at most 500");
        }
        List<Result> chosen = TableVerb.filter(results, args);
        String chart = TerminalChart.bars(chosen, args.text("x"), TableVerb.value(args.text("y"), chosen), args.text("by"),
                args.count("width"), session.unit());
        session.print(chart);
        return null;
    }
}
