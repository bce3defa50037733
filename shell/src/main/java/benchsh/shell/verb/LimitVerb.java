package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.definition.UdpDefinition;
import benchsh.shell.host.Host;
import benchsh.shell.limit.LimitRun;
import benchsh.shell.limit.RateSearch;
import benchsh.shell.limit.WireRate;
import benchsh.shell.observe.ObserveArg;
import benchsh.shell.observe.ObservedNames;
import benchsh.shell.observe.Watch;
import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import benchsh.shell.run.RunContext;
import benchsh.shell.run.Test;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@code limit udp, from: a, to: b, size: 18, loss: 0, trial: 5.s, resolution: 1.percent}: the highest
 * offered UDP rate whose loss stays at or under the target (RFC 2544 §26.1 throughput), found by a
 * {@link RateSearch} of udp trials. Each trial is a recorded udp result tagged {@code trial: n}; the answer is
 * one more result of test {@code limit} with the rate as payload and as Ethernet carries it ({@link WireRate}).
 * In a dry run the worst case of trials is planned. Stateless.
 */
public final class LimitVerb implements Verb {
    /** The arguments handed on to every udp trial as the user gave them. */
    private static final Set<String> FOR_UDP = Set.of("to", "from", "size", "window", "batch", "io", "interval", "bind", "target", "timeout", "label",
            "tags");
    private static final List<String> COLUMNS = List.of("from", "to", "size", "limit_bps", "limit_frames_per_s", "limit_wire_bps",
            "limit_loss_pct", "trials", "limit_verdict");
    private static final UdpDefinition UDP = new UdpDefinition();
    private static final VerbSpec SPEC = new VerbSpec("limit",
            "the highest UDP rate whose loss stays under a target, by binary search of trials (RFC 2544 throughput)", "'udp',",
            Stream.concat(UDP.verb().args().stream().filter(a -> FOR_UDP.contains(a.name())), Stream.of(
                    Arg.of("loss", ArgType.TEXT, 0.0, "the loss allowed, a fraction: 0, or e.g. 0.1.percent"),
                    Arg.of("trial", ArgType.DURATION, Duration.ofSeconds(10), "how long each trial sends; at least two intervals"),
                    Arg.of("resolution", ArgType.TEXT, 0.01, "stop when the limit is known this closely, a fraction of the high bound, e.g. 1.percent"),
                    Arg.of("low", ArgType.TEXT, 0.05, "the low bound as a fraction of the high bound"),
                    Arg.of("max", ArgType.RATE, null, "the high bound in bits/s of payload (default: what an unpaced first trial reaches)"),
                    Arg.of("link", ArgType.RATE, null, "the link's speed in bits/s, if known: max: on the wire may not exceed it"),
                    ObserveArg.ARG)).toList(),
            List.of("limit udp, from: a, to: b, size: 18, loss: 0, trial: 5.s, resolution: 1.percent",
                    "r = limit 'udp', to: local, size: 1472, trial: 2.s; println r.limitBps"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public boolean measures() {
        return true;
    }

    @Override
    public Object invoke(Session session, Object[] groovyArgs) throws Exception {
        Map<?, ?> named = Map.of();
        List<Object> positional = new ArrayList<>(List.of(groovyArgs));
        if (!positional.isEmpty() && positional.get(0) instanceof Map<?, ?> m) {
            named = m;
            positional.remove(0);
        }
        Object what = positional.isEmpty() ? "udp" : positional.get(0) instanceof VerbRef ref ? ref.spec().name() : positional.get(0);
        if (what instanceof Result) {
            throw new UsageException("limit got a measured result: write limit udp, to: b (with a comma), not limit udp to: b, which runs a udp test first");
        }
        if (positional.size() > 1 || !"udp".equals(String.valueOf(what))) {
            throw new UsageException("limit searches udp only: limit udp, to: b, loss: 0, trial: 5.s (or limit 'udp', ...), not " + what);
        }
        positional.clear();
        Args args = Args.parse(SPEC, named, positional, session::host);
        Map<Object, Object> forUdp = new LinkedHashMap<>();
        named.forEach((k, v) -> {
            if (FOR_UDP.contains(String.valueOf(k))) {
                forUdp.put(String.valueOf(k), v);
            }
        });
        forUdp.put("time", args.duration("trial"));
        forUdp.put("omit", Duration.ZERO); // a trial's loss and rate cover all it sent (RFC 2544), no warm-up
        RunContext context = session.context();
        if (args.given(ObserveArg.ARG.name())) {
            context = context.observing(args.hosts(ObserveArg.ARG.name()), false);
        }
        return run(session, args, forUdp, context);
    }

    @Override
    public Object call(Args args, Session session) throws Exception {
        throw new UsageException("usage: limit 'udp', to: b, loss: 0, trial: 5.s");
    }

    /** The search, its trials run in {@code context} (the script's, with the hosts of {@code observe:} watched). */
    private LimitRun run(Session session, Args args, Map<Object, Object> forUdp, RunContext context) throws Exception {
        double loss = fraction(args, "loss");
        double resolution = fraction(args, "resolution");
        double low = fraction(args, "low");
        if (!(loss >= 0 && loss < 1)) {
            throw new UsageException("limit: loss: must be at least 0 and under 100 %, e.g. 0 or 0.1.percent, not " + args.text("loss"));
        }
        if (!(resolution > 0 && resolution < 1) || !(low > 0 && low < 1)) {
            throw new UsageException("limit: resolution: and low: must be fractions between 0 and 1, e.g. 1.percent");
        }
        if (args.duration("trial").compareTo(args.duration("interval").multipliedBy(2)) < 0) {
            throw new UsageException("limit: a trial of " + args.duration("trial").toMillis() / 1e3 + " s is shorter than two intervals of "
                    + args.duration("interval").toMillis() / 1e3 + " s: make trial: longer or interval: shorter");
        }
        WireRate wire = new WireRate(args.size("size"));
        long max = args.given("max") ? args.size("max") : 0;
        if (max > 0 && args.given("link") && wire.wireBps(max) > args.size("link")) {
            throw new UsageException(String.format(java.util.Locale.ROOT, "limit: max: %d bit/s of %d-byte payloads is %.0f bit/s on the wire,"
                    + " above the link's %d bit/s: lower max:", max, wire.payload(), wire.wireBps(max), args.size("link")));
        }
        RateSearch search = new RateSearch(loss * 100, resolution, low, max);
        if (context.mode() == RunContext.Mode.COLLECT) {
            throw new UsageException("limit runs its trials one after another; it cannot be inside together { }");
        }
        if (context.mode() == RunContext.Mode.PLAN) {
            List<Result> planned = new ArrayList<>();
            for (int n = 1; n <= search.maxTrials(); n++) {
                planned.add(trial(session, context, forUdp, n, n == 1 ? max : 0));
            }
            return new LimitRun(null, planned);
        }
        Instant started = Instant.now();
        List<Result> trials = new ArrayList<>();
        int budget = search.maxTrials();
        RateSearch.Answer answer = search.run((n, rate) -> {
            session.control().checkCancelled();
            Result r = session.control().withStep(n, budget, () -> trial(session, context, forUdp, n, rate));
            trials.add(r);
            return outcome(r);
        });
        Result summary = summary(args, session.hosts().local(), wire, answer, loss, started).withTags(context.tags());
        summary = withObservedAtLimit(summary, answer, trials, context.watch());
        summary = session.record(summary, observedColumns(context.watch()));
        return new LimitRun(summary, trials);
    }

    /**
     * The limit's result with the observed hosts' figures of the trial at the limit (the device's CPU and
     * drops at the highest rate that passed), or as it is when nothing was observed or nothing passed.
     */
    private static Result withObservedAtLimit(Result summary, RateSearch.Answer answer, List<Result> trials, Watch watch) {
        if (watch.isEmpty() || answer.limit() == null || answer.limit().number() > trials.size()) {
            return summary;
        }
        Result atLimit = trials.get(answer.limit().number() - 1);
        Map<String, Object> m = new LinkedHashMap<>(summary.metrics());
        atLimit.metrics().forEach((name, value) -> {
            if (name.equals("observe_missing") || watch.names().stream().anyMatch(h -> ObservedNames.isOf(name, h))) {
                m.put(name, value);
            }
        });
        return summary.withMetrics(m);
    }

    /** The limit's columns, then each observed host's CPU and drops at the limit. */
    private static List<String> observedColumns(Watch watch) {
        List<String> c = new ArrayList<>(COLUMNS);
        c.addAll(watch.columns());
        return c;
    }

    /** One udp trial at {@code rate} bits/s of payload (0: unpaced), tagged with its number. */
    private Result trial(Session session, RunContext context, Map<Object, Object> forUdp, int n, long rate) {
        Map<Object, Object> raw = new LinkedHashMap<>(forUdp);
        if (rate > 0) {
            raw.put("rate", rate);
        }
        Test test = UDP.test(Args.parse(UDP.verb(), raw, List.of(), session::host), session.hosts());
        return session.executor().run(test, context.withTags(Map.of("trial", n)));
    }

    private static RateSearch.Outcome outcome(Result r) {
        return new RateSearch.Outcome(r.ok(), number(r, "sender_throughput_bps"), number(r, "loss_pct"), (long) number(r, "send_errors"),
                r.intervals().size(), r.error());
    }

    private static double number(Result r, String metric) {
        return r.metrics().get(metric) instanceof Number n ? n.doubleValue() : 0;
    }

    private static Result summary(Args args, Host local, WireRate wire, RateSearch.Answer a, double loss, Instant started) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("limit_bps", (double) a.limitBps());
        m.put("limit_frames_per_s", wire.framesPerSecond(a.limitBps()));
        m.put("limit_wire_bps", wire.wireBps(a.limitBps()));
        if (a.limit() != null) {
            m.put("limit_loss_pct", a.limit().outcome().lossPct());
        }
        m.put("target_loss_pct", loss * 100);
        m.put("high_bps", (double) a.highBps());
        m.put("search_gap_bps", (double) a.gapBps());
        m.put("frame_bytes", wire.frameBytes());
        m.put("wire_frame_bytes", wire.wireBytes());
        m.put("trials", a.steps().size());
        m.put("limit_verdict", a.verdict().text());
        Host from = args.given("from") ? args.host("from") : local;
        Host to = args.given("to") ? args.host("to") : local;
        Map<String, Object> tags = new LinkedHashMap<>(args.map("tags"));
        if (args.given("label")) {
            tags.put("label", args.text("label"));
        }
        return new Result("limit", a.converged() ? Status.OK : Status.FAILED, from.name(), to.name(),
                args.params(), m, tags, started, 1, a.converged() ? null : a.verdict().text() + ": " + a.reason(), List.of());
    }

    private static double fraction(Args args, String name) {
        try {
            return Double.parseDouble(args.text(name).trim());
        } catch (NumberFormatException e) {
            throw new UsageException("limit: " + name + ": must be a number, e.g. 1.percent, not " + args.text(name));
        }
    }
}
