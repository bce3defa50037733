package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.Suggest;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.report.Comparison;
import benchsh.shell.result.Result;
import benchsh.shell.result.store.StoreException;
import java.util.List;
import java.util.Locale;

/**
 * {@code compare 'kernel 2.6.34', 'kernel 2.6.35'}: two labelled sets of results side by side, paired on what was
 * measured except the settings in which they differ, with the delta, the ratio B / A and its confidence interval,
 * and a verdict (faster, slower, no difference beyond noise; {@link Comparison}). Returns the {@link Comparison}.
 */
public final class CompareVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("compare", "two labelled sets of results side by side: delta, ratio with its interval, verdict", "A, B",
            List.of(
                    Arg.of("value", ArgType.TEXT, null, "the metric to compare (default each test's headline: throughput, else its main rate)"),
                    Arg.of("by", ArgType.TEXT, "label", "the tag whose values A and B are"),
                    Arg.of("confidence", ArgType.NUMBER, 0.95, "confidence of the ratio's interval, e.g. 0.99"),
                    Arg.of("noise", ArgType.NUMBER, 0.01, "a change smaller than this fraction is no difference, e.g. 2.percent")),
            List.of("compare 'kernel 2.6.34', 'kernel 2.6.35'", "compare 'switch A', 'switch B', value: 'latency_p99_us'",
                    "c = compare 'busy', 'sleep'; expect c.verdict != 'slower'"));

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
        double confidence = ((Number) args.get("confidence")).doubleValue();
        double noise = ((Number) args.get("noise")).doubleValue();
        if (!(confidence >= 0.5 && confidence < 1)) {
            throw new UsageException("compare: confidence " + confidence + " is not a confidence; give a fraction from 0.5 to below 1, e.g. 0.95");
        }
        if (!(noise < 1)) {
            throw new UsageException("compare: noise " + noise + " is not a fraction below 1; e.g. 1.percent");
        }
        List<Result> all = session.results();
        for (String label : List.of(a, b)) {
            if (all.stream().noneMatch(r -> label.equals(String.valueOf(r.lookup(by))))) {
                throw new UsageException("compare: no results with " + by + " '" + label + "' in this session" + stored(session, by, label)
                        + Suggest.hint(label, all.stream().map(r -> String.valueOf(r.lookup(by))).distinct().toList()));
            }
        }
        String value = args.given("value") ? TableVerb.value(args.text("value"), all) : null;
        Comparison c = Comparison.of(all, by, a, b, value, confidence, noise);
        session.print(c.render(session.unit()));
        session.provenance().compared(c); // the session's report shows it too
        return c;
    }

    /** Where the store has results of that label: the load line that brings them in. */
    private static String stored(Session session, String by, String label) {
        if (!by.equals("label")) {
            return "";
        }
        try {
            var store = session.log().store();
            if (store.isPresent() && store.get().labels().contains(label)) {
                return String.format(Locale.ROOT, "; the store has them: load label: '%s' brings them in", label);
            }
        } catch (StoreException e) {
            return "; stored results come in with load label: '" + label + "'";
        }
        return "; stored results come in with load label: '" + label + "'";
    }
}
