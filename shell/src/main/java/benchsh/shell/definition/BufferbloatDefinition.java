package benchsh.shell.definition;

import benchsh.peer.latency.LatencyProbe;
import benchsh.peer.stream.TcpStream;
import benchsh.peer.workload.Timing;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.report.PhaseTable;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Part;
import benchsh.shell.run.SideSpec;
import benchsh.shell.run.Test;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code bufferbloat}: latency under load (crusader, flent's RRUL, networkQuality). Latency probes run all through the
 * test ({@link LatencyProbe}: UDP, one every {@code probe:}, from the {@code from} host to the {@code to} host and back),
 * while phases load the link with {@code streams:} TCP streams per direction ({@link TcpStream}, tcp's own sides):
 * crusader's idle, download, upload, both and idle again, or RRUL's idle, both at once and idle again. Down is {@code to}
 * → {@code from}, up {@code from} → {@code to}. Every phase begins at its instant after the test's start, as each peer's
 * clock reads it ({@link SideSpec#after}); the figures of a phase leave out its first {@code omit:}. The result has
 * every phase's figures and one timeline ({@link BufferbloatMetrics}); its row is followed by the phase table ({@link
 * PhaseTable}).
 */
public final class BufferbloatDefinition implements Definition {
    static final List<String> COLUMNS = List.of("from", "to", "mode", "streams", "throughput_down_bps", "throughput_up_bps", "idle_latency_p50_us",
            "added_latency_p50_us", "responsiveness_rpm");

    private static final List<Arg> ARGS = new ArrayList<>(List.of(
            Arg.of("to", ArgType.HOST, null, "the far end (default local): download is to → from, upload from → to"),
            Arg.of("from", ArgType.HOST, null, "the measuring end, which sends the probes (default local)"),
            Arg.of("mode", ArgType.TEXT, "crusader", "'crusader': idle, download, upload, both, idle; 'rrul': idle, both at once, idle"),
            Arg.of("time", ArgType.DURATION, Duration.ofSeconds(5), "each loaded phase, its warm-up included").within(TcpStream.Spec.class),
            Arg.of("idle", ArgType.DURATION, Duration.ofSeconds(2), "each idle phase, its warm-up included").within(TcpStream.Spec.class, "timeNanos"),
            Arg.of("streams", ArgType.COUNT, 4, "TCP streams per direction").within(TcpStream.Spec.class),
            Arg.of("probe", ArgType.DURATION, Duration.ofMillis(10), "one latency probe every so long, all through the test")
                    .within(LatencyProbe.ProberSpec.class),
            Arg.of("omit", ArgType.DURATION_OR_ZERO, Duration.ofSeconds(1), "warm-up at the start of every phase, left out of its figures")
                    .within(TcpStream.Spec.class),
            Arg.of("interval", ArgType.DURATION, Duration.ofMillis(200), "the timeline's step (probes and throughput)").within(Timing.class)));

    static {
        ARGS.addAll(TcpDefinition.STREAM_OPTIONS);
        ARGS.addAll(List.of(PairArgs.BIND, PairArgs.TARGET, PairArgs.TIMEOUT, PairArgs.LABEL, PairArgs.REPEATS, PairArgs.TAGS));
    }

    private static final VerbSpec VERB = new VerbSpec("bufferbloat", "latency under load: probes through idle and loaded phases (crusader, flent's RRUL)",
            "", ARGS,
            List.of("bufferbloat from: a, to: b",
                    "bufferbloat from: a, to: b, mode: 'rrul', time: 30.s",
                    "r = bufferbloat to: b, probe: 5.ms; println r.both_responsiveness_rpm"));

    @Override
    public VerbSpec verb() {
        return VERB;
    }

    @Override
    public Class<? extends Record> figures() {
        return BufferbloatMetrics.Figures.class;
    }

    @Override
    public Class<? extends Record> samples() {
        return BufferbloatMetrics.Timeline.class;
    }

    @Override
    public Test build(Args args, Hosts hosts) {
        Host from = PairArgs.from(args, hosts);
        Host to = PairArgs.to(args, hosts);
        Phases phases = Phases.of(mode(args), args.duration("idle"), args.duration("time"), args.duration("omit"));
        Duration total = phases.total();
        Timing timing = PairArgs.timing(args);
        Part probes = new Part.OnPeers(List.of(PairArgs.listen(args, to, LatencyProbe.NAME, new LatencyProbe.ReflectorSpec(total.toNanos(), timing)),
                PairArgs.connect(args, from, LatencyProbe.NAME, new LatencyProbe.ProberSpec(args.duration("probe").toNanos(), total.toNanos(),
                        phases.windows(), timing))), "connect", BufferbloatMetrics::probed, "probes");
        Test.Builder test = Test.of("bufferbloat", from, to).params(params(args)).tags(PairArgs.tags(args)).columns(COLUMNS).part(probes);
        List<BufferbloatMetrics.Load> loads = new ArrayList<>();
        for (Phases.Phase phase : phases.all()) {
            for (boolean down : new boolean[] {true, false}) {
                if (down ? phase.down() : phase.up()) {
                    test.part(load(args, from, to, phase, down));
                    loads.add(new BufferbloatMetrics.Load(phase, down));
                }
            }
        }
        double step = args.duration("interval").toNanos() / 1e9;
        return test.combine(parts -> BufferbloatMetrics.combine(phases, loads, step, parts))
                .epilogue((r, figures) -> PhaseTable.render(r))
                .runsFor(total.plus(Duration.ofSeconds(3))).build();
    }

    private static Phases.Mode mode(Args args) {
        String mode = args.text("mode").toLowerCase(Locale.ROOT);
        return switch (mode) {
            case "crusader" -> Phases.Mode.CRUSADER;
            case "rrul" -> Phases.Mode.RRUL;
            default -> throw new UsageException("bufferbloat mode must be 'crusader' or 'rrul', not '" + args.text("mode") + "'");
        };
    }

    private static Map<String, Object> params(Args args) {
        Map<String, Object> params = args.params();
        params.put("mode", args.text("mode").toLowerCase(Locale.ROOT));
        return params;
    }

    /**
     * One direction of one loaded phase: tcp's streams for the whole phase (no warm-up of their own: the phase's figures
     * leave it out, the timeline shows it), {@code to} listening; down, {@code to} sends.
     */
    private static Part load(Args args, Host from, Host to, Phases.Phase phase, boolean down) {
        TcpStream.Spec sends = TcpDefinition.spec(args, Duration.ZERO, phase.length(), true);
        TcpStream.Spec receives = TcpDefinition.spec(args, Duration.ZERO, phase.length(), false);
        SideSpec listen = PairArgs.listen(args, to, TcpStream.NAME, down ? sends : receives).after(phase.start());
        SideSpec connect = PairArgs.connect(args, from, TcpStream.NAME, down ? receives : sends).after(phase.start());
        String receiver = down ? "connect" : "listen";
        String sender = down ? "listen" : "connect";
        return new Part.OnPeers(List.of(listen, connect), receiver,
                sides -> Merged.of(TcpFigures.merge(sides, receiver, sender, !down), TcpFigures.intervals(sides, receiver, sender)),
                phase.name() + (down ? " download" : " upload"));
    }
}
