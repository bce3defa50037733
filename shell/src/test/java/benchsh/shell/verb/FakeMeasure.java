package benchsh.shell.verb;

import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.shell.Session;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.host.Host;
import benchsh.shell.result.Status;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Part;
import benchsh.shell.run.PartOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A measuring verb for tests, run by the executor like any other: {@code NAME size: …, busywait: …, label: …}
 * records one {@code metric} per call (throughput_bps or transactions_per_s), taken from {@link #samples} (1 when they
 * run out).
 */
final class FakeMeasure implements Verb {
    /** The one figure it records, the other left out (NaN). */
    record Figures(@Metric(unit = Unit.BITS_PER_SECOND, means = "synthetic") double throughputBps,
                   @Metric(unit = Unit.PER_SECOND, means = "synthetic") double transactionsPerS) {
    }

    final Deque<Double> samples = new ArrayDeque<>();
    /** Done while the next test runs, then forgotten (e.g. a stop asked for, as a signal does). */
    private volatile Consumer<Session> duringNextTest;
    private final String metric;
    private final VerbSpec spec;

    FakeMeasure(String name, String metric) {
        if (!metric.equals("throughput_bps") && !metric.equals("transactions_per_s")) {
            throw new IllegalArgumentException("a fake measures throughput_bps or transactions_per_s, not " + metric);
        }
        this.metric = metric;
        this.spec = new VerbSpec(name, "synthetic measurement", "", List.of(
                Arg.of("size", ArgType.SIZE, 1024L, "size"),
                Arg.of("busywait", ArgType.DURATION_OR_ZERO, null, "a setting"),
                Arg.of("label", ArgType.TEXT, null, "label"),
                Arg.of("repeats", ArgType.COUNT, 1, "repeats")), List.of());
    }

    FakeMeasure samples(Double... values) {
        samples.addAll(List.of(values));
        return this;
    }

    /** Does {@code action} while the next test runs, once. */
    FakeMeasure duringNextTest(Consumer<Session> action) {
        duringNextTest = action;
        return this;
    }

    @Override
    public VerbSpec spec() {
        return spec;
    }

    @Override
    public boolean measures() {
        return true;
    }

    @Override
    public Object call(Args args, Session s) {
        Map<String, Object> tags = args.given("label") ? Map.of("label", args.text("label")) : Map.of();
        Part measured = new Part.InShell(() -> {
            Consumer<Session> during = duringNextTest;
            if (during != null) {
                duringNextTest = null;
                during.accept(s);
            }
            double v = samples.isEmpty() ? 1.0 : samples.poll();
            boolean stream = metric.equals("throughput_bps");
            return new PartOutcome(Status.OK, null, Instant.EPOCH, Merged.of(new Figures(stream ? v : Double.NaN, stream ? Double.NaN : v), List.of()));
        });
        Host local = s.hosts().local();
        return s.executor().run(benchsh.shell.run.Test.of(spec.name(), local, local).params(args.params()).tags(tags).part(measured)
                .columns(List.of("size", metric)).runsFor(Duration.ofSeconds(1)).build(), s.context());
    }
}
