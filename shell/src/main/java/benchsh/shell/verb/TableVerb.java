package benchsh.shell.verb;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.report.Pivot;
import benchsh.shell.report.TextTable;
import benchsh.shell.result.Result;
import groovy.lang.Closure;
import java.util.List;

/** {@code table rows: 'size', cols: 'dir'}: pivots the session's results (or given ones) by any tag or parameter. */
public final class TableVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("table", "pivot results by any tag or parameter", "[RESULTS]",
            List.of(
                    Arg.of("rows", ArgType.TEXT, "size", "the key whose values make the rows"),
                    Arg.of("cols", ArgType.TEXT, null, "the key whose values make the columns"),
                    Arg.of("value", ArgType.TEXT, null, "the metric in the cells (default throughput, else the results' main rate)"),
                    Arg.of("show", ArgType.TEXT, "runs", "cells with several runs: runs (median and each run) or ci (median ± 99 % CI)"),
                    Arg.of("where", ArgType.CLOSURE, null, "a closure that keeps a result, e.g. { it.test == 'tcp' }")),
            List.of("table rows: 'size', cols: 'dir'", "table rows: 'size', cols: 'dir', show: 'ci'", "table rows: 'size', value: 'cpu_local_pct', where: { it.ok() }"));

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
        List<Result> chosen = filter(results, args);
        String show = args.text("show");
        if (!show.equals("runs") && !show.equals("ci")) {
            throw new UsageException("table show: is runs or ci, not '" + show + "'");
        }
        TextTable t = Pivot.of(chosen, args.text("rows"), args.text("cols"), value(args.text("value"), chosen), session.unit(), show.equals("ci"));
        session.print(t.toString());
        return t;
    }

    /** The metric named (throughput means {@link Result#THROUGHPUT_BPS}), or the results' summary metric when none is. */
    static String value(String v, List<Result> results) {
        if (v == null) {
            return Result.summaryMetric(results);
        }
        return v.equals("throughput") ? Result.THROUGHPUT_BPS : v;
    }

    static List<Result> filter(List<Result> results, Args args) {
        Object where = args.get("where");
        if (where == null) {
            return results;
        }
        Closure<?> c = (Closure<?>) where;
        return results.stream().filter(r -> org.codehaus.groovy.runtime.typehandling.DefaultTypeTransformation.castToBoolean(c.call(r))).toList();
    }
}
