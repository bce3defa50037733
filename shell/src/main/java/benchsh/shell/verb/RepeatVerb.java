package benchsh.shell.verb;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.Limit;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.run.RunContext;
import groovy.lang.Closure;
import java.util.List;
import java.util.Map;

/**
 * {@code repeat(3) { ... }} runs a block three times; {@code repeat(min: 3, max: 30, confidence: 99,
 * width: 5.percent) { ... }} repeats until the confidence interval of the mean is at most that wide
 * (netperf {@code -I 99,5}). Results are numbered by run; returns the runs and their statistics.
 */
public final class RepeatVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("repeat", "repeat a block a fixed number of times or until a confidence interval is reached",
            "N { ... }",
            List.of(
                    Arg.of("min", ArgType.COUNT, 3, "runs before the interval is checked").within(1, RunContext.MAX_REPEATS),
                    Arg.of("max", ArgType.COUNT, 30, "give up after this many runs").within(1, RunContext.MAX_REPEATS),
                    Arg.of("confidence", ArgType.COUNT, 99, "confidence level in percent"),
                    Arg.of("width", ArgType.TEXT, 0.05, "full interval width as a fraction of the mean, e.g. 5.percent"),
                    Arg.of("value", ArgType.TEXT, null, "the metric to summarize (default throughput, else the results' main rate)")),
            List.of("repeat(3) { tcp to: local, time: 2.s }",
                    "repeat(min: 3, max: 30, confidence: 99, width: 5.percent) { tcp to: local, time: 2.s }"));

    /** The runs one repeat may make, as a verb's {@code repeats:}. */
    private static final Limit RUNS = Limit.of(1, RunContext.MAX_REPEATS);

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object invoke(Session session, Object[] a) throws Exception {
        if (a.length == 2 && a[0] instanceof Number n && a[1] instanceof Closure<?> body) {
            int times = (int) ArgType.COUNT.convert("repeat", "the count", n, session::host, RUNS);
            return Repetition.fixed(session, times, body::call);
        }
        if (a.length == 2 && a[0] instanceof Map<?, ?> named && a[1] instanceof Closure<?> body) {
            Args args = Args.parse(SPEC, named, List.of(), session::host);
            int min = args.count("min");
            int max = args.count("max");
            double confidence = args.count("confidence") / 100.0;
            double width = Double.parseDouble(String.valueOf(args.get("width")));
            if (min > max || confidence >= 1 || !(width > 0 && width < 1)) {
                throw new UsageException("repeat: need min <= max, confidence below 100 and 0 < width < 1 (e.g. 5.percent)");
            }
            return Repetition.run(session, Math.max(2, min), max, confidence, width, args.given("value") ? TableVerb.value(args.text("value"), List.of()) : null, body::call);
        }
        throw new UsageException("usage: repeat(3) { ... } or repeat(min: 3, max: 30, confidence: 99, width: 5.percent) { ... }");
    }

    @Override
    public Object call(Args args, Session session) {
        throw new UsageException("repeat needs a block: repeat(3) { ... }");
    }
}
