package benchsh.shell.verb;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.Session;
import benchsh.shell.report.ResultTable;
import benchsh.shell.report.TextTable;
import benchsh.shell.report.ThroughputUnit;
import benchsh.shell.report.WideTable;
import benchsh.shell.result.Result;
import benchsh.shell.script.NumberedResults;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code results}: the session's results as a table; returns them as a list for scripts, numbered from 1
 * ({@code results[1]} is the first, as {@code _1}). Used as a value ({@code results.last()}) it prints nothing.
 */
public final class ResultsVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("results", "list the results measured in this session", "",
            List.of(Arg.of("wide", ArgType.BOOL, false, "every parameter and metric: a table per test, what its rows share said once under it")),
            List.of("results", "results wide: true", "results.last().throughput", "results[1].label"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public boolean readsResults() {
        return true;
    }

    private static final List<String> COLUMNS = List.of("test", "from", "to", "size", "seconds", "throughput_bps");

    @Override
    public Object call(Args args, Session session) {
        List<Result> all = session.results();
        session.print(all.isEmpty() ? "no results yet\n"
                : args.bool("wide") ? WideTable.render(all, all, session.unit(), session.width()) : table(all, all, session.unit()));
        return NumberedResults.of(all);
    }

    /** Some of the session's results ({@code all}) as the table {@code results} prints, each row with its number ({@code _3}). */
    public static String table(List<Result> all, List<Result> shown, ThroughputUnit unit) {
        List<String> keys = ResultTable.keys(shown, COLUMNS);
        List<String> header = new ArrayList<>(List.of(""));
        header.addAll(ResultTable.headers(keys, unit));
        TextTable t = new TextTable(header);
        for (Result r : shown) {
            List<String> row = new ArrayList<>(List.of("_" + (all.indexOf(r) + 1)));
            row.addAll(ResultTable.cells(r, keys, unit));
            t.row(row);
        }
        StringBuilder b = new StringBuilder(t.toString());
        shown.forEach(r -> b.append(ResultTable.errorLine(r)));
        return b.toString();
    }
}
