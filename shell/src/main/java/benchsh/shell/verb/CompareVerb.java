package benchsh.shell.verb;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.Suggest;
import benchsh.shell.Session;
import benchsh.shell.report.Comparison;
import benchsh.shell.report.TextTable;
import benchsh.shell.result.Result;
import java.util.List;

/**
 * {@code compare 'kernel 2.6.34', 'kernel 2.6.35'}: the results of two labels side by side with the
 * delta in percent, matched by test, parameters and tags (as in a kernel comparison posted to a list).
 */
public final class CompareVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("compare", "two labelled sets of results side by side with the delta in %", "A, B",
            List.of(
                    Arg.of("value", ArgType.TEXT, null, "the metric to compare (default throughput, else the results' main rate)"),
                    Arg.of("by", ArgType.TEXT, "label", "the tag whose values A and B are")),
            List.of("compare 'kernel 2.6.34', 'kernel 2.6.35'", "compare 'switch A', 'switch B', value: 'latency_p99_us'"));

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
        if (args.positional().size() != 2) {
            throw new UsageException("usage: compare 'label A', 'label B'");
        }
        String a = String.valueOf(args.positional().get(0));
        String b = String.valueOf(args.positional().get(1));
        String by = args.text("by");
        List<Result> all = session.results();
        for (String label : List.of(a, b)) {
            if (all.stream().noneMatch(r -> label.equals(String.valueOf(r.lookup(by))))) {
                throw new UsageException("compare: no results with " + by + " '" + label + "'"
                        + Suggest.hint(label, all.stream().map(r -> String.valueOf(r.lookup(by))).distinct().toList()));
            }
        }
        TextTable t = Comparison.of(all, by, a, b, TableVerb.value(args.text("value"), all), session.unit());
        session.print(t.toString());
        return t;
    }
}
