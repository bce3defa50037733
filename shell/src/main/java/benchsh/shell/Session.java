package benchsh.shell;

import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.report.JsonLines;
import benchsh.shell.report.ResultTable;
import benchsh.shell.report.ThroughputUnit;
import benchsh.shell.result.Result;
import benchsh.shell.run.PairRunner;
import benchsh.shell.run.ProgressListener;
import benchsh.shell.run.SingleRunner;
import benchsh.shell.verb.Verbs;
import java.io.PrintWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The state one REPL or batch run works in: hosts, the results measured so far, the throughput
 * unit, the tags in force (labels, sweep coordinates) and where output goes. Verbs run against it.
 * Confined to the thread that evaluates scripts, except {@link #results()} which is safe to read.
 */
public final class Session implements AutoCloseable {
    private final Hosts hosts = new Hosts();
    private final Verbs verbs = Verbs.standard();
    private final List<Result> results = java.util.Collections.synchronizedList(new ArrayList<>());
    private final Deque<Map<String, Object>> tags = new ArrayDeque<>();
    private PrintWriter out;
    private ThroughputUnit unit = ThroughputUnit.MB_S;
    private JsonLines json;
    private ProgressListener progress = ProgressListener.NONE;

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

    public void json(JsonLines json) {
        this.json = json;
    }

    public void progress(ProgressListener p) {
        this.progress = p;
    }

    public PairRunner runner() {
        return new PairRunner(progress);
    }

    /** The runner for one-sided tests (disk, tree, local copy). */
    public SingleRunner single() {
        return new SingleRunner(progress);
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
        tags.push(more);
        try {
            return body.get();
        } finally {
            tags.pop();
        }
    }

    /** Current tags, outermost first. */
    public Map<String, Object> currentTags() {
        Map<String, Object> all = new LinkedHashMap<>();
        tags.descendingIterator().forEachRemaining(all::putAll);
        return all;
    }

    /**
     * Keeps a result: tags it, adds it to the session, writes its JSON line and prints its row.
     *
     * @param columns the keys the verb wants in its table
     */
    public Result record(Result r, List<String> columns) {
        Result tagged = r.withTags(currentTags());
        results.add(tagged);
        if (json != null) {
            json.write(tagged);
        }
        print(ResultTable.render(List.of(tagged), columns, unit));
        return tagged;
    }

    public void print(String text) {
        out.print(text);
        out.flush();
    }

    @Override
    public void close() {
        hosts.close();
    }
}
