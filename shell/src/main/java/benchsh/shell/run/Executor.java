package benchsh.shell.run;

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
 * recorded. The hosts the context watches are observed during every test it runs ({@link Observers}); a
 * host that cannot be watched is noted in the result, never failing it. A stop the user asked for ends
 * every loop of tests here, before its next test starts. Verbs only build tests.
 * Thread-safe: together blocks run tests on several threads at once.
 */
public final class Executor {
    /** How long a together block's tests wait for each other at the start barrier. */
    public static final Duration GATE_TIMEOUT = Duration.ofSeconds(60);
    /** Tests in one together block, at most. */
    public static final int MAX_TOGETHER = 64;

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
        List<PartOutcome> outcomes = concurrently(tests.stream().map(t -> (Supplier<PartOutcome>) () ->
                measure(t.test(), gate, ProgressListener.NONE, t.context().watch())).toList());
        List<Result> results = new ArrayList<>();
        for (int i = 0; i < tests.size(); i++) {
            results.add(record(tests.get(i).test(), tests.get(i).context(), outcomes.get(i)));
        }
        return new Together(results, gate.skewMillis());
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
            return observed(outcome, observers.stop());
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

    /** The outcome with the observed hosts' metrics and samples added; its status stays. */
    private static PartOutcome observed(PartOutcome o, Observation seen) {
        Map<String, Object> metrics = o.merged().metrics();
        double omitted = metrics.get("omitted_seconds") instanceof Number n ? n.doubleValue() : 0;
        Merged m = new Merged(seen.into(metrics), seen.intoIntervals(o.merged().intervals(), o.started(), omitted), o.merged().error());
        return new PartOutcome(o.status(), o.error(), o.started(), m);
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
        return new PartOutcome(status, error, first.started(), m);
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
        Result r = new Result(test.name(), o.status(), test.from().name(), test.to().name(), test.params(), clean(o.merged().metrics()),
                test.tags(), o.started(), 1, error, o.merged().intervals());
        r = r.withTags(context.tags()).withMetrics(PeerVms.into(r.metrics(), test.from(), test.to()));
        if (context.repeat() > 0) {
            r = r.withRepeat(context.repeat());
        }
        r = recorder.record(r, columns(test, context.watch()));
        for (Host h : test.to() == test.from() ? List.of(test.from()) : List.of(test.from(), test.to())) {
            String note = h.untoldNote();
            if (note != null) {
                recorder.print("  note: " + note + "\n");
            }
        }
        if (r.metrics().get("observe_missing") instanceof String missing) {
            recorder.print("  not observed: " + missing + "\n");
        }
        if (test.epilogue() != null) {
            String after = test.epilogue().after(r);
            if (after != null) {
                recorder.print(after);
            }
        }
        return r;
    }

    /** The test's columns, then each observed host's CPU and drops. */
    private static List<String> columns(Test test, Watch watch) {
        List<String> c = new ArrayList<>(test.columns());
        c.addAll(watch.columns());
        return c;
    }

    private static Map<String, Object> clean(Map<String, Object> metrics) {
        Map<String, Object> m = new LinkedHashMap<>(metrics);
        m.values().removeIf(v -> v == null || v instanceof Double d && d.isNaN());
        return m;
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
