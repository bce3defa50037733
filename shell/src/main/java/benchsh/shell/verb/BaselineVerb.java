package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.Suggest;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.result.Result;
import benchsh.shell.result.store.Baseline;
import benchsh.shell.result.store.ResultStore;
import benchsh.shell.result.store.StoreException;
import benchsh.shell.result.store.StoreQuery;
import benchsh.shell.result.store.StoredResult;
import java.util.List;

/**
 * {@code baseline('nightly')}: the stored, completed runs of a label (the newest 30 unless
 * {@code limit:} says otherwise), with the metric a gate compares: the runs' headline metric
 * ({@link Result#headlineMetric}) or {@code metric: '...'}. The store filters narrow it further, e.g.
 * {@code machine: 'ci-1'}. For {@code expect r, within: 5.percent, of: baseline('nightly')}; the rule is
 * {@link Baseline}'s. Skipped in a dry run, like every verb that reads results.
 */
public final class BaselineVerb implements Verb {
    /** Without a limit, the newest this many runs make the baseline. */
    static final int DEFAULT_LIMIT = 30;
    private static final VerbSpec SPEC = new VerbSpec("baseline", "stored runs of a label, for expect r, within: 5.percent, of: baseline('nightly')",
            "'LABEL'", StoreFilter.withoutLabel(
                    Arg.of("metric", ArgType.TEXT, null, "the metric compared (default: the runs' headline metric, e.g. throughput_bps)"),
                    Arg.of("limit", ArgType.COUNT, DEFAULT_LIMIT, "use the newest this many runs")),
            List.of("expect r, within: 5.percent, of: baseline('nightly')", "baseline('nightly', metric: 'latency_p99_us', machine: 'ci-1')"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public boolean readsResults() {
        return true;
    }

    @Override
    public Object call(Args args, Session session) throws StoreException {
        if (args.positional().size() != 1) {
            throw new UsageException("usage: baseline('LABEL'), e.g. expect r, within: 5.percent, of: baseline('nightly')");
        }
        String label = String.valueOf(args.positional().get(0));
        ResultStore store = StoreFilter.store(session);
        StoreQuery q = StoreFilter.query(args, args.count("limit")).label(label).completed();
        List<StoredResult> runs = store.results(q);
        if (runs.isEmpty()) {
            List<String> labels = store.labels();
            throw new UsageException("baseline: no completed runs with label '" + label + "' in " + store.where() + Suggest.hint(label, labels)
                    + " (history label: '" + label + "' lists them)");
        }
        String metric = args.given("metric") ? args.text("metric") : Result.headlineMetric(runs.stream().map(StoredResult::result).toList());
        if (metric == null) {
            throw new UsageException("baseline: the runs with label '" + label + "' have no numeric metric");
        }
        List<StoredResult> withMetric = runs.stream().filter(r -> !Double.isNaN(r.result().metric(metric))).toList();
        return new Baseline(label, metric, withMetric);
    }
}
