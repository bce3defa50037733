package benchsh.shell.run;

import benchsh.peer.metric.Flat;
import benchsh.shell.host.Host;
import benchsh.shell.host.HostException;
import benchsh.shell.host.PeerVms;
import benchsh.shell.observe.Observation;
import benchsh.shell.observe.Observers;
import benchsh.shell.observe.Watch;
import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * The one place tests run. Given a {@link Test} and the {@link RunContext} it was asked for in, it runs it
 * (the parts at once, each on its peers or in the shell, around whatever the test must hold), notes it in
 * a dry-run plan, or collects it for a {@code together} block; results are tagged from the context and
 * recorded. A {@link Series} (a search) is run round after round, each round chosen from the trials before. The
 * hosts the context watches are observed during every test it runs ({@link Observers}); a host that cannot be
 * watched is noted in the result, never failing it. A stop the user asked for ends every loop of tests here, before
 * its next test starts. Verbs only build tests.
 * Thread-safe: together blocks run tests on several threads at once.
 */
public final class Executor {
    /** How long a together block's tests wait for each other at the start barrier. */
    public static final Duration GATE_TIMEOUT = Duration.ofSeconds(60);
    /** Tests in one together block, at most. */
    public static final int MAX_TOGETHER = 64;
    /** Rounds one series may ask for, at most: a bound on its loop whatever it does. */
    public static final int MAX_ROUNDS = 1000;

    private final Recorder recorder;
    private final Supplier<ProgressListener> progress;
    private final Control control;

    /** @param control the script's stop: asked before every test, so no loop of tests outlives a stop request */
    public Executor(Recorder recorder, Supplier<ProgressListener> progress, Control control) {
        this.recorder = recorder;
        this.progress = progress;
        this.control = control;
    }

    /**
     * Runs, plans or collects {@code test} as the context says. Returns the recorded result; in a plan an
     * unmeasured result (status ok, no metrics), and null while collecting.
     *
     * @throws TestCancelledException when the user asked to stop (Ctrl-C twice, a signal in batch mode): the
     *                                test is not started, whatever loop asked for it ({@code repeats:}, a sweep)
     */
    public Result run(Test test, RunContext context) {
        control.checkCancelled();
        switch (context.mode()) {
            case PLAN:
                return plan(test, context);
            case COLLECT:
                context.collected().add(new RunContext.Collected(test, context));
                return null;
            default:
                return record(test, context, measure(test, context.gate(), progress.get(), context.watch()));
        }
    }

    /** What a together block measured: its results in the order they were asked for, and the start skew. */
    public record Together(List<Result> results, double skewMillis) {
    }

    /**
     * Runs the tests a together block collected, in the mode of the block's own context: at the same time,
     * every test's receiver first and then all senders behind one barrier; or each as a plan step.
     */
    public Together together(List<RunContext.Collected> tests, RunContext block) {
        control.checkCancelled();
        if (tests.size() > MAX_TOGETHER) {
            throw new IllegalArgumentException("together runs at most " + MAX_TOGETHER + " tests at once, not " + tests.size());
        }
        if (block.mode() != RunContext.Mode.RUN) {
            List<Result> planned = new ArrayList<>();
            tests.forEach(t -> planned.add(run(t.test(), t.context().in(block.mode(), block.collected()))));
            return new Together(planned, Double.NaN);
        }
        StartGate gate = new StartGate(tests.size(), GATE_TIMEOUT);
        List<PartOutcome> outcomes = atOnce(tests.stream().map(RunContext.Collected::test).toList(),
                tests.stream().map(t -> t.context().watch()).toList(), gate);
        List<Result> results = new ArrayList<>();
        for (int i = 0; i < tests.size(); i++) {
            results.add(record(tests.get(i).test(), tests.get(i).context(), outcomes.get(i)));
        }
        return new Together(results, gate.skewMillis());
    }

    /**
     * Runs a {@link Series} as the context says: RUN asks it for round after round, runs each (a round of several tests
     * at once, as a together block), records every test and hands the trials back, then records what it derives; PLAN
     * notes its worst case, each test a step; COLLECT refuses it, as its rounds depend on each other. The watched hosts
     * are observed during every round (in a round of several, during its first test).
     *
     * @throws benchsh.shell.args.UsageException inside a together block
     * @throws TestCancelledException            when the user asked to stop: no further round starts
     */
    public Series.Outcome series(Series series, RunContext context) {
        control.checkCancelled();
        if (context.mode() == RunContext.Mode.COLLECT) {
            throw new benchsh.shell.args.UsageException(series.name() + " runs its tests one after another, each chosen from what the last one"
                    + " measured, so it cannot start with the tests of a together { } block: put it outside the block");
        }
        List<Series.Trial> trials = new ArrayList<>();
        List<Series.Round> worst = series.worstCase();
        if (context.mode() == RunContext.Mode.PLAN) {
            for (int i = 0; i < worst.size(); i++) {
                for (Test t : worst.get(i).tests()) {
                    trials.add(new Series.Trial(i + 1, t, plan(t, context.withTags(worst.get(i).tags())), null, null, 0));
                }
            }
            return new Series.Outcome(trials, List.of());
        }
        Instant started = Instant.now();
        for (int round = 1; round <= MAX_ROUNDS; round++) {
            Series.Round next = series.next(List.copyOf(trials));
            if (next == null) {
                List<Result> derived = series.derive(List.copyOf(trials)).stream().map(d -> record(d, context, started)).toList();
                return new Series.Outcome(trials, derived);
            }
            control.checkCancelled();
            int n = round;
            trials.addAll(control.withStep(n, Math.max(n, worst.size()), () -> round(n, next, context.withTags(next.tags()))));
        }
        throw new IllegalStateException(series.name() + " asked for more than " + MAX_ROUNDS + " rounds of tests");
    }

    /** One round of a series: its test, or its tests at once behind one barrier; each recorded. */
    private List<Series.Trial> round(int n, Series.Round round, RunContext context) {
        List<Test> tests = round.tests();
        List<PartOutcome> outcomes;
        if (tests.size() == 1) {
            outcomes = List.of(measure(tests.get(0), context.gate(), progress.get(), context.watch()));
        } else {
            List<Watch> watches = new ArrayList<>(java.util.Collections.nCopies(tests.size(), Watch.NONE));
            watches.set(0, context.watch());
            outcomes = atOnce(tests, watches, new StartGate(tests.size(), GATE_TIMEOUT));
        }
        List<Series.Trial> trials = new ArrayList<>();
        for (int i = 0; i < tests.size(); i++) {
            PartOutcome o = outcomes.get(i);
            trials.add(new Series.Trial(n, tests.get(i), record(tests.get(i), context, o), o.merged().figures(), o.observed().observed(),
                    o.merged().intervals().size()));
        }
        return trials;
    }

    /** Tests at once, each watching its hosts, behind {@code gate}: every test's receiver first, then all senders. */
    private List<PartOutcome> atOnce(List<Test> tests, List<Watch> watches, StartGate gate) {
        List<Supplier<PartOutcome>> work = new ArrayList<>();
        for (int i = 0; i < tests.size(); i++) {
            Test t = tests.get(i);
            Watch w = watches.get(i);
            work.add(() -> measure(t, gate, ProgressListener.NONE, w));
        }
        return concurrently(work);
    }

    /** Runs one part now, alone, outside any test's result: e.g. the mount a test needs. */
    public PartOutcome runAlone(String name, Part.OnPeers part, Duration expected) {
        return PartRunner.run(name, part, expected, null, ProgressListener.NONE);
    }

    /** Prints a note that belongs with the current test, such as a warning about its clean-up. */
    public void note(String text) {
        recorder.print(text);
    }

    /**
     * Runs the test's parts (at once when several) around its resources, and combines their figures; the
     * watched hosts are observed from before the parts start until they end, and what they saw is added.
     */
    private PartOutcome measure(Test test, StartGate gate, ProgressListener listener, Watch watch) {
        Instant started = Instant.now();
        List<AutoCloseable> entered = new ArrayList<>();
        try {
            for (Test.Around a : test.around()) {
                entered.add(0, a.enter(this));
            }
            if (watch.isEmpty()) {
                return combined(test, parts(test, gate, listener));
            }
            Observers observers = Observers.start(watch, observeInterval(test), Deadlines.limit(test.expected()).plus(Observers.STOP_TIMEOUT));
            PartOutcome outcome;
            try {
                outcome = combined(test, parts(test, gate, listener));
            } catch (RuntimeException e) {
                observers.stop();
                throw e;
            }
            return outcome.with(observers.stop());
        } catch (HostException e) {
            return PartOutcome.failed(e.getMessage(), started);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TestCancelledException("interrupted while preparing the test");
        } finally {
            for (AutoCloseable c : entered) {
                try {
                    c.close();
                } catch (Exception e) {
                    // the resource reports its own trouble; the result stands
                }
            }
        }
    }

    /** The test's interval ({@code interval:}, in seconds among its params), else one second. */
    private static Duration observeInterval(Test test) {
        if (test.params().get("interval") instanceof Number n && n.doubleValue() >= 0.01) {
            return Duration.ofNanos(Math.round(n.doubleValue() * 1e9));
        }
        return Duration.ofSeconds(1);
    }

    private List<PartOutcome> parts(Test test, StartGate gate, ProgressListener listener) {
        Duration expected = test.expected();
        if (test.parts().size() == 1) {
            return List.of(runPart(test, test.parts().get(0), expected, gate, listener));
        }
        StartGate together = new StartGate(test.parts().size(), GATE_TIMEOUT);
        List<Supplier<PartOutcome>> work = new ArrayList<>();
        for (int i = 0; i < test.parts().size(); i++) {
            Part p = test.parts().get(i);
            ProgressListener l = i == 0 ? listener : ProgressListener.NONE;
            work.add(() -> runPart(test, p, expected, together, l));
        }
        return concurrently(work);
    }

    private static PartOutcome runPart(Test test, Part part, Duration expected, StartGate gate, ProgressListener listener) {
        if (part instanceof Part.OnPeers p) {
            return PartRunner.run(test.name(), p, expected, gate, listener);
        }
        Instant started = Instant.now();
        try {
            if (gate != null) {
                gate.pass();
            }
            PartOutcome o = ((Part.InShell) part).action().run();
            return o.status() == Status.OK && o.merged().error() != null ? new PartOutcome(Status.FAILED, o.merged().error(), o.started(), o.merged()) : o;
        } catch (HostException e) {
            return PartOutcome.failed(e.getMessage(), started);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TestCancelledException("interrupted while running the test");
        }
    }

    /** The worst status of the parts, the first part's error (else a later one's, with its label), and the combined figures. */
    private static PartOutcome combined(Test test, List<PartOutcome> outcomes) {
        PartOutcome first = outcomes.get(0);
        if (outcomes.size() == 1) {
            return first;
        }
        Status status = Status.OK;
        String error = null;
        for (int i = 0; i < outcomes.size(); i++) {
            PartOutcome o = outcomes.get(i);
            status = worse(status, o.status());
            if (error == null && o.error() != null) {
                String label = test.parts().get(i) instanceof Part.OnPeers p ? p.label() : null;
                error = label == null ? o.error() : label + ": " + o.error();
            }
        }
        Merged m = test.combine().combine(outcomes.stream().map(PartOutcome::merged).toList());
        return new PartOutcome(status, error, first.started(), m, first.warmUpSeconds(), Observation.NONE);
    }

    private static Status worse(Status a, Status b) {
        return a == Status.INTERRUPTED || b == Status.INTERRUPTED ? Status.INTERRUPTED
                : a == Status.FAILED || b == Status.FAILED ? Status.FAILED : Status.OK;
    }

    /** Runs each piece of work on its own thread and waits for all; an interrupt stops them all. */
    private static <T> List<T> concurrently(List<Supplier<T>> work) {
        ExecutorService pool = Executors.newFixedThreadPool(work.size(), r -> {
            Thread t = new Thread(r, "test");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<T>> running = new ArrayList<>();
            work.forEach(w -> running.add(pool.submit(w::get)));
            List<T> out = new ArrayList<>();
            for (Future<T> f : running) {
                try {
                    out.add(f.get());
                } catch (InterruptedException e) {
                    running.forEach(x -> x.cancel(true));
                    Thread.currentThread().interrupt();
                    throw new TestCancelledException("interrupted while tests ran together");
                } catch (ExecutionException e) {
                    running.forEach(x -> x.cancel(true));
                    throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                }
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private Result record(Test test, RunContext context, PartOutcome o) {
        String error = Control.BY_THE_USER.equals(o.error()) ? control.interruption() : o.error(); // by SIGTERM, say so
        Result r = new Result(test.name(), o.status(), test.from().name(), test.to().name(), test.params(), metrics(o, test), test.tags(), o.started(),
                1, error, intervals(o));
        r = r.withTags(context.tags());
        if (context.repeat() > 0) {
            r = r.withRepeat(context.repeat());
        }
        r = recorder.record(r, columns(test.columns(), context.watch()));
        for (Host h : test.to() == test.from() ? List.of(test.from()) : List.of(test.from(), test.to())) {
            String note = h.untoldNote();
            if (note != null) {
                recorder.print("  note: " + note + "\n");
            }
        }
        if (!o.observed().missing().isEmpty()) {
            recorder.print("  not observed: " + String.join("; ", o.observed().missing()) + "\n");
        }
        if (test.epilogue() != null) {
            String after = test.epilogue().after(r, o.merged().figures());
            if (after != null) {
                recorder.print(after);
            }
        }
        return r;
    }

    /**
     * A series' derived result: its figures flattened, with the watched hosts' during the trial it names; tagged and
     * numbered from the context as a test's result is, and recorded with its columns and the watched hosts'.
     */
    private Result record(Series.Derived d, RunContext context, Instant started) {
        Map<String, Object> m = Flat.of(d.figures());
        if (d.observedAt() != null) {
            Flat.of(d.observedAt().observed()).forEach(m::putIfAbsent);
        }
        Result r = new Result(d.test(), d.status(), d.from().name(), d.to().name(), d.params(), m, d.tags(), started, 1, d.error(), List.of())
                .withTags(context.tags());
        return recorder.record(context.repeat() > 0 ? r.withRepeat(context.repeat()) : r, columns(d.columns(), context.watch()));
    }

    /** The test's columns, then each observed host's CPU and drops. */
    private static List<String> columns(List<String> own, Watch watch) {
        List<String> c = new ArrayList<>(own);
        c.addAll(watch.columns());
        return c;
    }

    /**
     * The one place a result's figures become its flat metrics ({@link Flat}): the test's own, then what the observers
     * add, then the VMs its ends ran ({@link PeerVms}); the test's own win a name they share.
     */
    private static Map<String, Object> metrics(PartOutcome o, Test test) {
        Map<String, Object> m = Flat.of(o.merged().figures());
        Flat.of(o.observed().observed()).forEach(m::putIfAbsent);
        Flat.of(PeerVms.figures(test.from(), test.to())).forEach(m::putIfAbsent);
        return m;
    }

    /** The result's interval samples, flat: the test's own, each with what the observed hosts did in it. */
    private static List<Map<String, Object>> intervals(PartOutcome o) {
        return o.observed().intoIntervals(o.merged().intervals(), o.started(), o.warmUpSeconds()).stream().map(Flat::of).toList();
    }

    private static Result plan(Test test, RunContext context) {
        Map<String, Object> params = new LinkedHashMap<>(test.params());
        if (!context.watch().isEmpty()) {
            params.put("observe", String.join(", ", context.watch().names()));
        }
        Result r = new Result(test.name(), Status.OK, test.from().name(), test.to().name(), params, Map.of(), test.tags(),
                Instant.now(), 1, null, List.of()).withTags(context.tags());
        if (context.repeat() > 0) {
            r = r.withRepeat(context.repeat());
        }
        context.plan().add(new Plan.Step(r.test(), r.from(), r.to(), r.params(), r.tags(),
                test.timed() ? Optional.of(test.expected()) : Optional.empty()));
        return r;
    }
}
