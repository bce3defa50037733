package benchsh.shell;

import benchsh.peer.fs.TreeWorkload;
import benchsh.peer.metric.Flat;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.host.ssh.SecretPrompt;
import benchsh.shell.host.ssh.SshContext;
import benchsh.shell.host.ssh.SshSettings;
import benchsh.shell.definition.TreeLedger;
import benchsh.shell.report.Formats;
import benchsh.shell.report.Provenance;
import benchsh.shell.report.ResultTable;
import benchsh.shell.report.RowStream;
import benchsh.shell.report.ThroughputUnit;
import benchsh.shell.result.Result;
import benchsh.shell.result.ResultLog;
import benchsh.shell.result.Scenario;
import benchsh.shell.result.SessionInfo;
import benchsh.shell.run.Control;
import benchsh.shell.run.Executor;
import benchsh.shell.run.ProgressListener;
import benchsh.shell.run.Recorder;
import benchsh.shell.run.RunContext;
import benchsh.shell.secret.Secrets;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The state one REPL or batch run works in: the hosts, the executor that runs tests and the log of their
 * results, the scenario (parameters, expectations), run control, provenance, the throughput unit, and
 * where human output goes. It also holds the run context in force for the script's thread (tags, repeat,
 * plan or together mode), which blocks swap with {@link #within}. Printing and recording are thread-safe;
 * the context belongs to the script's thread (together blocks hand theirs to the executor explicitly).
 */
public final class Session implements AutoCloseable, Recorder {
    private final Hosts hosts = new Hosts();
    private final SshContext ssh = new SshContext(SshSettings.fromEnvironment());
    private final ResultLog log = new ResultLog();
    private final Scenario scenario = new Scenario();
    private final Control control = new Control();
    private final Secrets secrets = new Secrets();
    private final Provenance provenance = new Provenance(secrets);
    private final RowStream rows = new RowStream();
    /** The terminal's width for result rows; 0 when the output is not a terminal (every column prints). */
    private volatile IntSupplier width = () -> 0;
    /** Whether rows start with their result's number ({@code _3}), as the REPL shows them. */
    private volatile boolean numbered;
    private volatile RunContext context = RunContext.ROOT;
    private volatile PrintWriter out;
    private volatile ThroughputUnit unit = ThroughputUnit.MB_S;
    private volatile ProgressListener progress = ProgressListener.NONE;
    private final Executor executor = new Executor(this, () -> progress, control);
    /** The columns a row's number takes: "_999" and the gap after it. */
    private static final int NUMBER_WIDTH = 6;

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

    /** The host of that name, or null. */
    public Host host(String name) {
        return hosts.get(name);
    }

    /** SSH settings and the client shared by every SSH host of this session. */
    public SshContext ssh() {
        return ssh;
    }

    /** Runs, plans and collects tests. */
    public Executor executor() {
        return executor;
    }

    /** Every result of the session, where they go (JSON lines, the store) and the stored ones loaded back. */
    public ResultLog log() {
        return log;
    }

    /** The session's results so far. */
    public List<Result> results() {
        return log.results();
    }

    /** Parameters, overrides and expectations of the running scenario. */
    public Scenario scenario() {
        return scenario;
    }

    /** Which step is running, and whether the user asked to stop the script. */
    public Control control() {
        return control;
    }

    /** The secrets this session was given; everything it writes is masked with them. */
    public Secrets secrets() {
        return secrets;
    }

    /** What produced this session's results (command line, script, errors), for reports. */
    public Provenance provenance() {
        return provenance;
    }

    /** Who is measuring: id, start, command line, script. */
    public SessionInfo info() {
        return provenance.sessionInfo();
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

    /** Result rows fit {@code width} characters (a terminal's width, read per row; 0: no limit). */
    public void width(IntSupplier width) {
        this.width = width;
    }

    /** The width output should fit (the terminal's), or 0 for no limit. */
    public int width() {
        return width.getAsInt();
    }

    /** Result rows start with their number from now on ({@code _3}, the name that refers to the result): the REPL's rows. */
    public void numberRows(boolean on) {
        this.numbered = on;
    }

    public void progress(ProgressListener p) {
        this.progress = p;
    }

    /** What is in force for the tests the script asks for now. */
    public RunContext context() {
        return context;
    }

    /** Runs {@code body} in {@code c}, then restores the previous context. */
    public <T> T within(RunContext c, Supplier<T> body) {
        RunContext previous = context;
        context = c;
        try {
            return body.get();
        } finally {
            context = previous;
        }
    }

    /** Runs {@code body} with more tags on every result it records. */
    public <T> T withTags(Map<String, Object> more, Supplier<T> body) {
        return within(context.withTags(more), body);
    }

    /**
     * Keeps a result, its secrets masked: into the log and its sinks (with the facts of its hosts), and its
     * row under the table's header. Returns what was kept.
     */
    @Override
    public Result record(Result r, List<String> columns) {
        Result kept = secrets.redact(r);
        log.add(kept, info(), facts(kept));
        int w = width.getAsInt();
        ResultTable.Row row = ResultTable.row(kept, columns, unit, numbered && w > 0 ? Math.max(40, w - NUMBER_WIDTH) : w);
        List<String> headers = row.headers();
        List<String> cells = row.cells();
        if (numbered) {
            headers = new java.util.ArrayList<>(headers);
            headers.add(0, "");
            cells = new java.util.ArrayList<>(cells);
            cells.add(0, String.format(java.util.Locale.ROOT, "%-4s", "_" + log.results().size())); // room up to _999: one header
        }
        synchronized (this) {
            out.print(rows.next(headers, cells, row.note(w)) + ResultTable.errorLine(kept));
            if (kept.error() != null) {
                out.print(rows.end()); // the row's error ends its table
            }
            out.flush();
        }
        return kept;
    }

    /**
     * What this session generated and did not remove, said when it ends, with how to remove it (in a later session too,
     * by its path: {@link benchsh.shell.definition.TreeLedger}); null when it left nothing behind.
     */
    public String leftBehind() {
        List<Result> trees = TreeLedger.notRemoved(results().stream().filter(r -> !r.tags().containsKey("session")).toList()); // not loaded ones
        if (trees.isEmpty()) {
            return null;
        }
        StringBuilder b = new StringBuilder("this session generated " + Formats.count(trees.size(), "tree") + " and did not remove "
                + (trees.size() == 1 ? "it" : "them") + " (remove PATH takes one away, in a later session too):\n");
        for (Result t : trees) {
            String host = String.valueOf(t.params().get("on"));
            String path = String.valueOf(t.params().get("path"));
            TreeWorkload.Planned planned = Flat.read(TreeWorkload.Planned.class, t.metrics());
            String quoted = "'" + path.replace("\\", "\\\\").replace("'", "\\'") + "'";
            b.append("  ").append(host).append(':').append(path).append("  ").append(Formats.count(planned.files(), "file")).append(", ").append(Formats.size(planned.treeBytes()))
                    .append("  remove ").append(quoted).append(host.equals(hosts.local().name()) ? "" : ", on: " + host).append('\n');
        }
        return b.toString();
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
     * How the user is asked for a secret now: on the terminal without echo (the REPL's, or a batch run's),
     * {@link SecretPrompt#NONE} without a terminal, and in a dry run — which connects nowhere — a prompt that asks
     * nothing and answers an empty secret (or none, without a terminal: the run could not ask either).
     */
    public SecretPrompt secretPrompt() {
        SecretPrompt prompt = ssh.settings().secrets();
        return context.planning() && prompt != SecretPrompt.NONE ? question -> new char[0] : prompt;
    }

    /** Prints human output, except in a dry run, where only the plan is shown. */
    @Override
    public void print(String text) {
        if (context.planning()) {
            return;
        }
        synchronized (this) {
            out.print(rows.end() + text);
            out.flush();
        }
    }

    /**
     * Ends the table of result rows printing now (a REPL line or a batch run is done): what it left out is said under
     * it, and the next row starts a new table with its header.
     */
    public void endTable() {
        synchronized (this) {
            out.print(rows.end());
            out.flush();
        }
    }

    @Override
    public void close() {
        hosts.close();
        ssh.close();
        log.close();
    }
}
