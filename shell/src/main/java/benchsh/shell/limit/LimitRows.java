package benchsh.shell.limit;

import benchsh.shell.definition.RrMetrics;
import benchsh.shell.definition.UdpMetrics;
import benchsh.shell.host.Host;
import benchsh.shell.run.Series;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The results of test {@code limit}: one per loss target, from the search's answer, the repeats at its limit and the
 * probes beside it. Each row has the call's hosts, params and tags; with several targets each is tagged {@code
 * loss_target} (the loss allowed, in %), so tables keep NDR and PDR apart. Immutable.
 *
 * @param targets how many loss targets the search has
 */
public record LimitRows(Host from, Host to, Map<String, Object> params, Map<String, Object> tags, WireRate wire, TrialOutcomes outcomes, int targets) {
    private static final List<String> COLUMNS = List.of("from", "to", "size", "target_loss_pct", "limit_bps", "limit_frames_per_s", "limit_loss_pct",
            "first_fail_bps", "trials", "limit_verdict");

    public LimitRows {
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        tags = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tags));
    }

    /**
     * The row of one target: its answer, the search's steps, the first search trial (its sender's line), the repeats at
     * its limit, the rounds of probes by load (each a stream and its probe), and the trial at its limit, whose watched
     * hosts' figures the row carries.
     */
    Series.Derived row(RateSearch.Answer a, List<RateSearch.Step> steps, Series.Trial first, List<Series.Trial> confirms,
                       Map<String, List<Series.Trial>> probes, Series.Trial atLimit) {
        long limit = a.limitBps();
        UdpMetrics.Figures f = first == null ? null : first.figures(UdpMetrics.Figures.class);
        TrialOutcomes.Line line = outcomes.line(f == null ? null : f.egress());
        LimitFigures.Confirmed confirmed = confirms.isEmpty() ? null : confirmed(confirms, a.targetLossPct());
        boolean held = confirmed == null || confirmed.confirmPassed() == confirmed.confirmRepeats();
        String verdict = held ? a.verdict().text() : "did not hold on repeat";
        LimitFigures figures = new LimitFigures(limit, wire.framesPerSecond(limit), wire.wireBps(limit),
                a.limit() != null ? a.limit().outcome().lossPct() : Double.NaN, a.targetLossPct(), a.failBps() > 0 ? a.failBps() : Double.NaN,
                a.highBps(), line.bps(), steps.isEmpty() ? Double.NaN : steps.get(0).outcome().senderCorePct(), wire.frameBytes(), wire.wireBytes(),
                steps.size(), verdict, confirmed, probes.isEmpty() ? null : probed(probes));
        String error = !a.verdict().found() ? a.verdict().text() + ": " + a.reason()
                : held ? null : String.format(Locale.ROOT, "did not hold on repeat: %d of %d repeats at %d bit/s lost more than %s %%",
                confirmed.confirmRepeats() - confirmed.confirmPassed(), confirmed.confirmRepeats(), limit, number(a.targetLossPct()));
        Map<String, Object> rowTags = new LinkedHashMap<>(tags);
        if (targets > 1) {
            rowTags.put("loss_target", a.targetLossPct());
        }
        return new Series.Derived("limit", from, to, params, rowTags, LimitSeries.status(a, confirmed), error, figures,
                columns(!Double.isNaN(line.bps()), confirmed, probes), atLimit);
    }

    /** The row's columns: the limit, then the sender's line rate where it is known, the repeats and the latency at the limit. */
    private static List<String> columns(boolean line, LimitFigures.Confirmed confirmed, Map<String, List<Series.Trial>> probes) {
        List<String> c = new ArrayList<>(COLUMNS);
        if (line) {
            c.add("line_rate_bps");
        }
        if (confirmed != null) {
            c.addAll(List.of("confirm_passed", "confirm_loss_max_pct"));
        }
        if (probes.containsKey("100")) {
            c.addAll(List.of("latency_100pct_p50_us", "latency_100pct_p99_us"));
        }
        return c;
    }

    private LimitFigures.Confirmed confirmed(List<Series.Trial> repeats, double targetLossPct) {
        List<RateSearch.Outcome> o = repeats.stream().map(outcomes::of).toList();
        long passed = o.stream().filter(x -> x.ok() && x.lossPct() <= targetLossPct).count();
        return new LimitFigures.Confirmed(o.size(), passed, min(o.stream().mapToDouble(RateSearch.Outcome::lossPct)),
                max(o.stream().mapToDouble(RateSearch.Outcome::lossPct)), min(repeats.stream().mapToDouble(TrialOutcomes::received)),
                max(repeats.stream().mapToDouble(TrialOutcomes::received)));
    }

    /** Each load's round trips (its probe's figures) and its stream's loss. */
    private Map<String, LimitFigures.Probed> probed(Map<String, List<Series.Trial>> rounds) {
        Map<String, LimitFigures.Probed> out = new LinkedHashMap<>();
        rounds.forEach((load, trials) -> {
            RrMetrics.Figures rr = trials.stream().map(t -> t.figures(RrMetrics.Figures.class)).filter(x -> x != null).findFirst().orElse(null);
            double loss = trials.stream().filter(t -> t.figures(UdpMetrics.Figures.class) != null).map(outcomes::of)
                    .mapToDouble(RateSearch.Outcome::lossPct).findFirst().orElse(Double.NaN);
            if (rr != null && rr.latency() != null) {
                out.put(load, new LimitFigures.Probed(rr.latency().latencyP50Us(), rr.latency().latencyP90Us(), rr.latency().latencyP99Us(),
                        rr.latency().latencyMaxUs(), rr.transactionsPerS(), loss));
            }
        });
        return out;
    }

    private static double min(java.util.stream.DoubleStream s) {
        return s.filter(d -> !Double.isNaN(d)).min().orElse(Double.NaN);
    }

    private static double max(java.util.stream.DoubleStream s) {
        return s.filter(d -> !Double.isNaN(d)).max().orElse(Double.NaN);
    }

    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
