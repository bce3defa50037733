package benchsh.shell;

import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.host.ssh.SshContext;
import benchsh.shell.host.ssh.SshSettings;
import benchsh.shell.report.JsonLines;
import benchsh.shell.report.Provenance;
import benchsh.shell.report.ResultTable;
import benchsh.shell.report.RowStream;
import benchsh.shell.report.ThroughputUnit;
import benchsh.shell.result.Recorded;
import benchsh.shell.result.Result;
import benchsh.shell.run.Frame;
import benchsh.shell.result.ResultSink;
import benchsh.shell.result.SessionInfo;
import benchsh.shell.result.store.ResultStore;
import benchsh.shell.result.store.StoredResult;
import benchsh.shell.run.PairRunner;
import benchsh.shell.run.Plan;
import benchsh.shell.script.Scenario;
import benchsh.shell.script.Secrets;
import benchsh.shell.run.ProgressListener;
import benchsh.shell.run.SingleRunner;
import benchsh.shell.run.Control;
import benchsh.shell.verb.Verbs;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The state one REPL or batch run works in: hosts, the results measured so far, the throughput
 * unit, the tags in force (labels, sweep coordinates) and where output goes. Verbs run against it.
 * Tags, repeat number and start gate are per thread ({@link Frame}), so {@code together} blocks can
 * run tests concurrently; results, printing and JSON output are thread-safe.
 * {@link #control()} may be used from other threads (progress display, signal handlers).
 */
public final class Session implements AutoCloseable {
    private final Hosts hosts = new Hosts();
    private final SshContext ssh = new SshContext(SshSettings.fromEnvironment());
    private final Verbs verbs = Verbs.standard();
    private final List<Result> results = java.util.Collections.synchronizedList(new ArrayList<>());
    private final ThreadLocal<Frame> frame = ThreadLocal.withInitial(() -> Frame.ROOT);
    private final Scenario scenario = new Scenario();
    private volatile Plan plan;
    private final RowStream rows = new RowStream();
    private final ThreadLocal<List<Deferred>> deferred = new ThreadLocal<>();

    /** A test held back by a {@code together} block, to be run on its own thread behind the gate. */
    @FunctionalInterface
    public interface Deferred {
        Object run(benchsh.shell.run.StartGate gate) throws Exception;
    }
    private PrintWriter out;
    private ThroughputUnit unit = ThroughputUnit.MB_S;
    private ProgressListener progress = ProgressListener.NONE;
    private final List<ResultSink> sinks = new CopyOnWriteArrayList<>();
    private ResultStore store;
    private final Set<Long> loaded = new HashSet<>();
    private final Control control = new Control();
    private final Secrets secrets = new Secrets();
    private final Provenance provenance = new Provenance(secrets);

    public Session(PrintWriter out) {
        this.out = out;
    }

    /** Sends human output to the terminal from now on. */
    public void attachTerminal(PrintWriter terminalWriter) {
        this.out = terminalWriter;
    }

    public Hosts hosts() {
        return hosts;
    }

    /** SSH settings and the client shared by every SSH host of this session. */
    public SshContext ssh() {
        return ssh;
    }

    public Verbs verbs() {
        return verbs;
    }

    public PrintWriter out() {
        return out;
    }

    public ThroughputUnit unit() {
        return unit;
    }

    public void unit(ThroughputUnit u) {
        this.unit = u;
    }

    /** Writes every result recorded from now on as a JSON line. */
    public void json(JsonLines json) {
        addSink(json);
    }

    /** Sends every result recorded from now on to {@code sink} too, in the order sinks were added. */
    public void addSink(ResultSink sink) {
        sinks.add(sink);
    }

    /** Who is measuring: id, start, command line, script. */
    public SessionInfo info() {
        return provenance.sessionInfo();
    }


    /** The result store, when one could be opened. */
    public Optional<ResultStore> store() {
        return Optional.ofNullable(store);
    }

    public void store(ResultStore s) {
        this.store = s;
    }

    public void progress(ProgressListener p) {
        this.progress = p;
    }

    public ProgressListener progress() {
        return progress;
    }

    /** A runner for the calling thread: it passes the thread's start gate and honours plan mode. */
    public PairRunner runner() {
        return new PairRunner(progress, frame().gate(), plan);
    }

    /** Parameters, overrides and expectations of the running scenario. */
    public Scenario scenario() {
        return scenario;
    }

    /** The dry run in progress, or null when tests really run. */
    public Plan plan() {
        return plan;
    }

    /** Starts (non-null) or ends (null) a dry run; hosts refuse to connect while planning. */
    public void plan(Plan p) {
        this.plan = p;
        hosts.allowConnections(p == null);
    }

    /** The runner for one-sided tests (disk, tree, local copy). */
    public SingleRunner single() {
        return new SingleRunner(progress, plan);
    }

    /** The secrets this session was given; everything it writes is masked with them. */
    public Secrets secrets() {
        return secrets;
    }

    /** What produced this session's results (command line, script, errors), for reports. */
    public Provenance provenance() {
        return provenance;
    }

    public Host host(String name) {
        return hosts.get(name);
    }

    public List<Result> results() {
        synchronized (results) {
            return List.copyOf(results);
        }
    }

    /** Results that did not complete. */
    public long failures() {
        return results().stream().filter(r -> !r.ok()).count();
    }

    /** Runs {@code body} with more tags on every result it records. */
    public <T> T withTags(Map<String, Object> more, java.util.function.Supplier<T> body) {
        return within(frame().withTags(more), body);
    }

    /** What is in force for the calling thread's tests. */
    public Frame frame() {
        return frame.get();
    }

    /** Runs {@code body} in {@code f} (on this thread), then restores the previous frame. */
    public <T> T within(Frame f, java.util.function.Supplier<T> body) {
        Frame previous = frame.get();
        frame.set(f);
        try {
            return body.get();
        } finally {
            frame.set(previous);
        }
    }

    /** Runs {@code body} collecting the tests it asks for instead of running them. */
    public List<Deferred> collect(Runnable body) {
        List<Deferred> previous = deferred.get();
        List<Deferred> list = new ArrayList<>();
        deferred.set(list);
        try {
            body.run();
        } finally {
            deferred.set(previous);
        }
        return list;
    }

    /** Whether tests asked for now are collected ({@code together}) rather than run. */
    public boolean collecting() {
        return deferred.get() != null;
    }

    public void defer(Deferred d) {
        deferred.get().add(d);
    }

    /** Current tags, outermost first. */
    public Map<String, Object> currentTags() {
        return frame().tags();
    }

    /**
     * Keeps a result: tags it, masks secrets in it, adds it to the session, hands it to every sink
     * (JSON lines, the store) and prints its row.
     *
     * @param columns the keys the verb wants in its table
     */
    public Result record(Result r, List<String> columns) {
        Frame f = frame();
        Result tagged = secrets.redact(r.withTags(f.tags()));
        if (f.repeat() > 0) {
            tagged = tagged.withRepeat(f.repeat());
        }
        if (plan != null) {
            plan.add(tagged.test(), tagged.from(), tagged.to(), tagged.params(), tagged.tags());
            return tagged;
        }
        results.add(tagged);
        Recorded rec = new Recorded(tagged, info(), facts(tagged));
        sinks.forEach(sink -> sink.accept(rec));
        List<String> keys = ResultTable.keys(List.of(tagged), columns);
        synchronized (this) {
            out.print(rows.next(ResultTable.headers(keys, unit), ResultTable.cells(tagged, keys, unit)) + ResultTable.errorLine(tagged));
            out.flush();
        }
        if (tagged.error() != null) {
            rows.reset();
        }
        return tagged;
    }

    private Map<String, Map<String, Object>> facts(Result r) {
        Map<String, Map<String, Object>> f = new LinkedHashMap<>();
        for (String name : new String[] {r.from(), r.to()}) {
            Host h = name == null ? null : hosts.get(name);
            if (h != null) {
                f.put(name, h.facts());
            }
        }
        return f;
    }

    /**
     * Brings stored results into the session (for {@code table} and {@code compare}), each tagged
     * with the session that measured it. Results of this session, and ones loaded before, are skipped.
     *
     * @return the results added
     */
    public List<Result> load(List<StoredResult> stored) {
        List<Result> added = new ArrayList<>();
        for (StoredResult s : stored) {
            if (!s.session().equals(info().id()) && loaded.add(s.id())) {
                Result r = s.result().withTags(Map.of("session", s.session()));
                results.add(r);
                added.add(r);
            }
        }
        return added;
    }

    /** Which step is running, and whether the user asked to stop the script. */
    public Control control() {
        return control;
    }

    public void print(String text) {
        rows.reset();
        synchronized (this) {
            out.print(text);
            out.flush();
        }
    }

    @Override
    public void close() {
        hosts.close();
        ssh.close();
        if (store != null) {
            store.close();
        }
    }
}
