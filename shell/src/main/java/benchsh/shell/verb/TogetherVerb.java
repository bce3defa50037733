package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.report.ResultTable;
import benchsh.shell.result.Result;
import benchsh.shell.run.StartGate;
import groovy.lang.Closure;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code together { tcp from: a, to: c; tcp from: b, to: c }}: runs the tests inside concurrently
 * (incast, several links at once). Every test sets up its receiver, then all senders start behind
 * one barrier; the measured start skew is reported.
 */
public final class TogetherVerb implements Verb {
    static final int MAX_TESTS = 64;
    static final Duration GATE_TIMEOUT = Duration.ofSeconds(60);
    private static final VerbSpec SPEC = new VerbSpec("together", "run the tests in a block at the same time, started by one barrier",
            "{ ... }", List.of(),
            List.of("together { tcp from: h1, to: h3; tcp from: h2, to: h3 }"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object invoke(Session session, Object[] a) throws Exception {
        if (a.length != 1 || !(a[0] instanceof Closure<?> body)) {
            throw new UsageException("usage: together { tcp from: a, to: c; tcp from: b, to: c }");
        }
        List<Session.Deferred> tests = session.collect(body::call);
        if (tests.size() > MAX_TESTS) {
            throw new UsageException("together runs at most " + MAX_TESTS + " tests at once, not " + tests.size());
        }
        if (tests.isEmpty()) {
            return List.of();
        }
        int before = session.results().size();
        StartGate gate = new StartGate(tests.size(), GATE_TIMEOUT);
        ExecutorService pool = Executors.newFixedThreadPool(tests.size());
        try {
            List<Future<Object>> running = new ArrayList<>();
            for (Session.Deferred t : tests) {
                running.add(pool.submit(() -> t.run(gate)));
            }
            Exception first = null;
            for (Future<Object> f : running) {
                try {
                    f.get();
                } catch (InterruptedException e) {
                    running.forEach(x -> x.cancel(true));
                    Thread.currentThread().interrupt();
                } catch (ExecutionException e) {
                    first = first == null && e.getCause() instanceof Exception ex ? ex : first;
                }
            }
            List<Result> measured = session.results().subList(before, session.results().size());
            if (session.plan() == null) {
                session.print(String.format(Locale.ROOT, "%ntogether: %d tests, start skew %.2f ms%n", tests.size(), gate.skewMillis()));
                if (!measured.isEmpty()) {
                    session.print(ResultTable.render(measured, List.of("test", "from", "to", "seconds", "throughput_bps"), session.unit()));
                }
            }
            if (first != null) {
                throw first;
            }
            return measured;
        } finally {
            pool.shutdownNow();
        }
    }

    @Override
    public Object call(Args args, Session session) {
        throw new UsageException("usage: together { ... }");
    }
}
