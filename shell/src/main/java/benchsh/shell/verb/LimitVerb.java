package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.Rate;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.definition.RrDefinition;
import benchsh.shell.definition.UdpDefinition;
import benchsh.shell.host.Host;
import benchsh.shell.limit.LimitRows;
import benchsh.shell.limit.LimitRun;
import benchsh.shell.limit.LimitSeries;
import benchsh.shell.limit.RateSearch;
import benchsh.shell.limit.TrialOutcomes;
import benchsh.shell.limit.WireRate;
import benchsh.shell.observe.ObserveArg;
import benchsh.shell.result.Result;
import benchsh.shell.run.Series;
import benchsh.shell.run.Test;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@code limit udp, from: a, to: b, size: 18, loss: [0, 0.5.percent], trial: 5.s}: the highest offered UDP rate whose
 * loss stays at or under each target (RFC 2544 §26.1 throughput; NDR and PDR from one search, as MLRsearch), found by a
 * {@link RateSearch} of udp trials; with {@code confirm: N} each limit is repeated, with {@code latency: true} probed. The
 * verb only builds: a {@link LimitSeries} that the executor runs (recording every trial, tagged), plans or refuses, and
 * whose {@code limit} results it records. It takes udp's arguments (but those the search sets) as udp declares them and
 * hands them on ({@link Args#share}). Stateless.
 */
public final class LimitVerb implements Verb {
    private static final UdpDefinition UDP = new UdpDefinition();
    private static final RrDefinition RR = new RrDefinition();
    /** udp's arguments the search sets itself, or that a search has no use for. */
    private static final Set<String> SET_BY_THE_SEARCH = Set.of("rate", "time", "omit", "repeats");
    private static final VerbSpec SPEC = ObserveArg.addTo(new VerbSpec("limit",
            "the highest UDP rate whose loss stays under each target (RFC 2544 throughput; NDR and PDR from one search)", "'udp',",
            Stream.concat(UDP.verb().argsBut(SET_BY_THE_SEARCH).stream(), Stream.of(
                    Arg.of("loss", ArgType.FRACTIONS, List.of(0.0), "the loss allowed, or a list of them, one result each from the same trials:"
                            + " 0 (NDR), or e.g. [0, 0.5.percent] (NDR and PDR)"),
                    Arg.of("trial", ArgType.DURATION, Duration.ofSeconds(10), "how long each trial sends (no warm-up: its loss covers all it sent);"
                            + " at least three intervals"),
                    Arg.of("resolution", ArgType.FRACTION_OR_RATE, 0.005, "stop when the limit is known this closely: a fraction of it, e.g."
                            + " 0.5.percent, or a rate, e.g. 100.kbit"),
                    Arg.of("low", ArgType.NUMBER, 0.01, "the lowest rate tried, as a fraction of the high bound"),
                    Arg.of("max", ArgType.RATE, null, "the high bound in bits/s of payload (default: what an unpaced first trial reaches)"),
                    Arg.of("link", ArgType.RATE, null, "the sender's line rate in bits/s on the wire, where its interface does not tell (a veth says"
                            + " 10 Gbit/s): the rate that is line rate, and max: may not exceed it"),
                    Arg.of("confirm", ArgType.COUNT, null, "repeat a trial at each limit found this many times: the spread, and whether it holds")
                            .within(1, RateSearch.MAX_TRIALS),
                    Arg.of("latency", ArgType.BOOL, false, "after the search, udp_rr round trips beside a stream at 10, 50, 90 and 100 % of each"
                            + " limit (RFC 2544 §26.2)"))).toList(),
            List.of("limit udp, from: a, to: b, size: 18, loss: 0, trial: 5.s, resolution: 1.percent",
                    "limit udp, from: a, to: b, size: 1472, loss: [0, 0.5.percent], confirm: 3, latency: true",
                    "r = limit 'udp', to: local, size: 1472, trial: 2.s, interval: 0.5.s; println r.limitBps")));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public boolean measures() {
        return true;
    }

    @Override
    public Object call(Args args, Session session) {
        checkWhat(args.positional());
        Duration trial = args.duration("trial");
        samplesCheck(trial, args.duration("interval"));
        double low = ((Number) args.get("low")).doubleValue();
        if (!(low < 1)) {
            throw new UsageException("limit: low: must be a fraction under 1, e.g. 1.percent, not " + low);
        }
        WireRate wire = new WireRate(args.size("size"));
        long max = args.given("max") ? args.size("max") : 0;
        long link = args.given("link") ? args.size("link") : 0;
        if (max > 0 && link > 0 && wire.wireBps(max) > link) {
            throw new UsageException(String.format(Locale.ROOT, "limit: max: %d bit/s of %d-byte payloads is %.0f bit/s on the wire,"
                    + " above the link's %d bit/s: lower max:", max, wire.payload(), wire.wireBps(max), link));
        }
        Object resolution = args.get("resolution");
        RateSearch search = new RateSearch(percents(args), resolution instanceof Rate r ? RateSearch.Resolution.absolute(r.bitsPerSecond())
                : RateSearch.Resolution.relative(((Number) resolution).doubleValue()), low, max);
        Host from = args.given("from") ? args.host("from") : session.hosts().local();
        Host to = args.given("to") ? args.host("to") : session.hosts().local();
        TrialOutcomes outcomes = new TrialOutcomes(wire, link, trial);
        LimitRows rows = new LimitRows(from, to, args.params(), tags(args), wire, outcomes, search.targets().size());
        LimitSeries series = new LimitSeries(search, args.given("confirm") ? args.count("confirm") : 0, args.bool("latency"),
                tests(args, session, trial), outcomes, rows);
        Series.Outcome o = session.executor().series(series, MeasureVerb.context(args, session));
        return new LimitRun(o.derived(), series.figures(), o.trials().stream().map(Series.Trial::result).toList());
    }

    /** The udp trials and udp_rr probes, each from this call's arguments as udp and rr declare them. */
    private static LimitSeries.Tests tests(Args args, Session session, Duration trial) {
        return new LimitSeries.Tests() {
            @Override
            public Test stream(long rateBps) {
                Map<String, Object> set = new LinkedHashMap<>(Map.of("time", trial, "omit", Duration.ZERO));
                if (rateBps > 0) {
                    set.put("rate", rateBps);
                }
                return UDP.test(args.share(UDP.verb(), set, session::host), session.hosts());
            }

            @Override
            public Test probe() {
                return RR.test(args.share(RR.verb(), Map.of("proto", "udp", "time", trial, "omit", Duration.ZERO), session::host), session.hosts());
            }
        };
    }

    /** {@code limit udp}: the positional names the verb the search runs, udp (the name or the verb itself). */
    private static void checkWhat(List<Object> positional) {
        Object what = positional.isEmpty() ? "udp" : positional.get(0);
        if (what instanceof Result) {
            throw new UsageException("limit got a measured result: write limit udp, to: b (with a comma), not limit udp to: b, which runs a udp test first");
        }
        String name = what instanceof VerbRef ref ? ref.spec().name() : String.valueOf(what);
        if (positional.size() > 1 || !name.equals("udp")) {
            throw new UsageException("limit searches udp only: limit udp, to: b, loss: 0, trial: 5.s (or limit 'udp', ...), not " + what);
        }
    }

    /**
     * Refuses a trial that cannot give the interval samples the verdict needs ({@link RateSearch#MIN_SAMPLES}): a trial of
     * {@code t} sampled every {@code i} (no warm-up) gives at least floor(t / i) - 1, its last interval maybe cut by its end.
     */
    static void samplesCheck(Duration trial, Duration interval) {
        long sure = trial.toNanos() / interval.toNanos() - 1;
        if (sure < RateSearch.MIN_SAMPLES) {
            Duration longer = interval.multipliedBy(RateSearch.MIN_SAMPLES + 1);
            Duration shorter = trial.dividedBy(RateSearch.MIN_SAMPLES + 1);
            throw new UsageException(String.format(Locale.ROOT, "limit: a trial of %s sampled every %s (interval:) may give only %d interval"
                    + " sample%s (the last one can end with the trial); the verdict needs %d: make trial: at least %s or interval: at most %s",
                    seconds(trial), seconds(interval), Math.max(0, sure), sure == 1 ? "" : "s", RateSearch.MIN_SAMPLES, seconds(longer), seconds(shorter)));
        }
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.3g s", d.toNanos() / 1e9);
    }

    /** The loss targets in percent. */
    private static List<Double> percents(Args args) {
        @SuppressWarnings("unchecked")
        List<Double> fractions = (List<Double>) args.get("loss");
        List<Double> out = new ArrayList<>();
        fractions.forEach(f -> out.add(f * 100));
        return out;
    }

    /** The call's tags and its label, as the trials get them. */
    private static Map<String, Object> tags(Args args) {
        Map<String, Object> tags = new LinkedHashMap<>(args.map("tags"));
        if (args.given("label")) {
            tags.put("label", args.text("label"));
        }
        return tags;
    }
}
