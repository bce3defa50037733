package benchsh.shell.run;

import benchsh.shell.args.Values;
import benchsh.shell.host.Host;
import benchsh.shell.observe.Watch;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What is in force for the tests a script asks for now, handed explicitly to the {@link Executor}: the
 * tags (labels, sweep coordinates), the repeat number, and the mode — run them, note them in a dry-run
 * {@link Plan}, or collect them for a {@code together} block — with the block's start gate when its tests
 * run. Immutable: blocks run their body in a derived context and the previous one comes back after.
 *
 * @param repeat    1-based run number, 0 outside a repeat
 * @param gate      the barrier to pass before data flows, or null
 * @param plan      the dry run in progress, or null
 * @param collected the list a together block collects into (mode COLLECT), or null
 * @param watch     the hosts observed while each test runs, besides its own
 */
public record RunContext(Map<String, Object> tags, int repeat, Mode mode, StartGate gate, Plan plan, List<Collected> collected, Watch watch) {
    /** What the executor does with a test. */
    public enum Mode {
        /** run it and record its result */
        RUN,
        /** note it in the plan; connect nowhere */
        PLAN,
        /** keep it for the together block around it */
        COLLECT
    }

    public static final RunContext ROOT = new RunContext(Map.of(), 0, Mode.RUN, null, null, null, Watch.NONE);
    /** The most runs one repeat makes: {@code repeat(N) { }}, its {@code max:}, and a verb's {@code repeats:}. */
    public static final int MAX_REPEATS = 10_000;

    public RunContext {
        tags = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tags));
    }

    /** More tags, recorded as results keep them ({@link Values#recorded}: a size in bytes, a rate in bits/s, a duration in seconds). */
    public RunContext withTags(Map<String, Object> more) {
        Map<String, Object> t = new LinkedHashMap<>(tags);
        t.putAll(Values.recorded(more));
        return new RunContext(t, repeat, mode, gate, plan, collected, watch);
    }

    public RunContext withRepeat(int n) {
        return new RunContext(tags, n, mode, gate, plan, collected, watch);
    }

    public RunContext withGate(StartGate g) {
        return new RunContext(tags, repeat, mode, g, plan, collected, watch);
    }

    /** The same context with {@code hosts} observed too (their loopback counted if {@code loopback}). */
    public RunContext observing(List<Host> hosts, boolean loopback) {
        return new RunContext(tags, repeat, mode, gate, plan, collected, watch.and(hosts, loopback));
    }

    /** A dry run: tests are noted in {@code p}. */
    public RunContext planning(Plan p) {
        return new RunContext(tags, repeat, Mode.PLAN, gate, p, null, watch);
    }

    /** Tests are collected into {@code list} for a together block, which then runs them in this context's mode. */
    public RunContext collecting(List<Collected> list) {
        return new RunContext(tags, repeat, Mode.COLLECT, gate, plan, list, watch);
    }

    /** The same context in another mode (a collected test runs in its block's mode). */
    RunContext in(Mode m, List<Collected> list) {
        return new RunContext(tags, repeat, m, gate, plan, list, watch);
    }

    /** Whether this is the check of a script before it runs ({@link Plan#isCheck}): quiet, and nothing it returns is measured. */
    public boolean checking() {
        return plan != null && plan.isCheck() && planning();
    }

    /** Whether output other than the plan should be left out (nothing is measured). */
    public boolean planning() {
        return mode == Mode.PLAN || mode == Mode.COLLECT && plan != null;
    }

    /** A test held back by a together block, with the context it was asked for in. */
    public record Collected(Test test, RunContext context) {
    }
}
