package benchsh.shell.limit;

import benchsh.shell.result.Result;
import java.util.List;

/**
 * What {@code limit} returns: one result of test {@code limit} per loss target, in ascending order of loss (NDR first),
 * the figures they were recorded from, and every udp (and probe) trial it ran, in order. In scripts: {@code
 * r.summary.metrics.limit_bps} (the first target's), {@code r.summaries[1]}, {@code r.limitBps}, {@code r.trials.size()}.
 * In a dry run the planned trials and no summary. Immutable.
 */
public record LimitRun(List<Result> summaries, List<LimitFigures> figures, List<Result> trials) {
    public LimitRun {
        summaries = List.copyOf(summaries);
        figures = List.copyOf(figures);
        trials = List.copyOf(trials);
    }

    /** The first loss target's result (the strictest: NDR), or null in a dry run. */
    public Result getSummary() {
        return summaries.isEmpty() ? null : summaries.get(0);
    }

    /** The first target's limit in payload bits/s, 0 when no rate passed (or in a dry run). */
    public double getLimitBps() {
        return figures.isEmpty() ? 0 : figures.get(0).limitBps();
    }

    /** Whether every target's limit was found (and held on repeat, with {@code confirm:}). */
    public boolean isConverged() {
        return !summaries.isEmpty() && summaries.stream().allMatch(Result::ok);
    }
}
