package benchsh.shell.limit;

import benchsh.shell.result.Result;
import java.util.List;

/**
 * What {@code limit} returns: the summary (a result of test {@code limit}) and every udp trial it ran, in
 * order. In scripts: {@code r.summary.metrics.limit_bps}, {@code r.limitBps}, {@code r.trials.size()}. Immutable.
 */
public record LimitRun(Result summary, List<Result> trials) {
    public LimitRun {
        trials = List.copyOf(trials);
    }

    /** The limit in payload bits/s, 0 when no rate passed (or in a dry run). */
    public double getLimitBps() {
        return summary == null || !(summary.metrics().get("limit_bps") instanceof Number n) ? 0 : n.doubleValue();
    }

    /** Whether the search found the limit to within its resolution. */
    public boolean isConverged() {
        return summary != null && summary.ok();
    }
}
