package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.report.ResultTable;
import benchsh.shell.run.Executor;
import benchsh.shell.run.RunContext;
import groovy.lang.Closure;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code together { tcp from: a, to: c; tcp from: b, to: c }}: runs the tests inside concurrently
 * (incast, several links at once). The block is evaluated first, collecting its tests; then every test
 * sets up its sides, and all begin at one scheduled instant, as each peer's own clock reads it
 * ({@link benchsh.shell.run.StartGate}); the skew reported is the spread of the starts the peers measured
 * against that instant.
 */
public final class TogetherVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("together", "run the tests in a block at the same time, started at one scheduled instant",
            "{ ... }", List.of(),
            List.of("together { tcp from: h1, to: h3; tcp from: h2, to: h3 }"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object invoke(Session session, Object[] a) {
        if (a.length != 1 || !(a[0] instanceof Closure<?> body)) {
            throw new UsageException("usage: together { tcp from: a, to: c; tcp from: b, to: c }");
        }
        List<RunContext.Collected> tests = new ArrayList<>();
        session.within(session.context().collecting(tests), body::call);
        if (tests.size() > Executor.MAX_TOGETHER) {
            throw new UsageException("together runs at most " + Executor.MAX_TOGETHER + " tests at once, not " + tests.size());
        }
        if (tests.isEmpty()) {
            return List.of();
        }
        Executor.Together t = session.executor().together(tests, session.context());
        session.print(String.format(Locale.ROOT, "%ntogether: %d tests, start skew %.2f ms against one scheduled instant%n", tests.size(), t.skewMillis()));
        session.print(ResultTable.render(t.results(), List.of("test", "from", "to", "seconds", "throughput_bps"), session.unit()));
        return t.results();
    }

    @Override
    public Object call(Args args, Session session) {
        throw new UsageException("usage: together { ... }");
    }
}
