package benchsh.shell.definition;

import benchsh.peer.protocol.Link;
import benchsh.peer.stream.TcpSample;
import benchsh.peer.stream.TcpStream;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Part;
import benchsh.shell.run.SideSpec;
import benchsh.shell.run.Test;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code tcp}: TCP stream throughput from one host to another (netperf TCP_STREAM, iperf3, netio). */
public final class TcpDefinition implements Definition {
    static final List<String> COLUMNS = List.of("from", "to", "size", "streams", "reverse", "seconds", "throughput_bps", "retransmits",
            "cpu_local_pct", "cpu_remote_pct");

    private static final Arg SIZE = Arg.of("size", ArgType.SIZE, 128L * 1024, "bytes per write").within(TcpStream.Spec.class);
    private static final Arg RATE = Arg.of("rate", ArgType.RATE, null, "pace the sender to this many bits/s, all streams together (default unpaced)")
            .within(TcpStream.Spec.class);
    private static final Arg ZEROCOPY = Arg.of("zerocopy", ArgType.BOOL, false, "send with FileChannel.transferTo (sendfile) from a temp file");
    private static final Arg WINDOW = Arg.of("window", ArgType.SIZE, null, "SO_SNDBUF and SO_RCVBUF asked for on both ends; the kernel's answer is in"
            + " send_socket_bytes and recv_socket_bytes").within(TcpStream.Spec.class);
    private static final Arg NODELAY = Arg.of("nodelay", ArgType.BOOL, false, "TCP_NODELAY");
    /**
     * The options of the streams themselves, beyond their count and time, which {@link #spec} reads: a verb whose load is
     * tcp's streams (bufferbloat) declares them too, so that an option added here (and to the spec) reaches its streams.
     */
    static final List<Arg> STREAM_OPTIONS = PairArgs.with(List.of(SIZE, RATE, ZEROCOPY, WINDOW, NODELAY, PairArgs.BUSY_WAIT), TcpOptionArgs.ARGS);

    private static final VerbSpec VERB = new VerbSpec("tcp", "TCP stream throughput between two hosts", "",
            PairArgs.with(List.of(
                    Arg.of("to", ArgType.HOST, null, "the receiving host"),
                    Arg.of("from", ArgType.HOST, null, "the sending host"),
                    SIZE,
                    Arg.of("time", ArgType.DURATION, Duration.ofSeconds(10), "how long to measure, after the warm-up").within(TcpStream.Spec.class),
                    Arg.of("bytes", ArgType.SIZE, null, "send this many bytes instead of running for a time").within(TcpStream.Spec.class),
                    Arg.of("streams", ArgType.COUNT, 1, "parallel connections").within(TcpStream.Spec.class),
                    Arg.of("reverse", ArgType.BOOL, false, "the receiving host sends (netio Rx)"),
                    Arg.of("bidir", ArgType.BOOL, false, "both directions at once (separate connections each way)"),
                    RATE,
                    ZEROCOPY,
                    PairArgs.OMIT,
                    PairArgs.INTERVAL,
                    WINDOW,
                    NODELAY),
                    TcpOptionArgs.ARGS,
                    List.of(PairArgs.BUSY_WAIT, PairArgs.BIND, PairArgs.TARGET,
                            Arg.of("port", ArgType.COUNT, null, "the receiver's port (default: any free port)").within(Link.class),
                            PairArgs.TIMEOUT, PairArgs.LABEL, PairArgs.REPEATS, PairArgs.TAGS)),
            List.of("tcp to: local, size: 16.KiB, time: 5.s, streams: 2",
                    "tcp bidir: true, rate: 500.Mbit",
                    "tcp from: a, to: b, cc: 'bbr', mss: 1400, dscp: 'af41', family: 6",
                    "r = tcp from: a, to: b, time: 3.s, reverse: true; println r.throughput"));

    @Override
    public VerbSpec verb() {
        return VERB;
    }

    @Override
    public Class<? extends Record> figures() {
        return TcpFigures.Figures.class;
    }

    @Override
    public Class<? extends Record> samples() {
        return TcpSample.class;
    }

    @Override
    public Test build(Args args, Hosts hosts) {
        Host from = PairArgs.from(args, hosts);
        Host to = PairArgs.to(args, hosts);
        boolean reverse = args.bool("reverse");
        boolean bidir = args.bool("bidir");
        if (reverse && bidir) {
            throw new UsageException("tcp: bidir already sends both ways; leave out reverse");
        }
        boolean timed = !args.given("bytes");
        Duration omit = timed || args.given("omit") ? args.duration("omit") : Duration.ZERO;
        Map<String, Object> params = args.params();
        if (!timed) {
            params.remove("time");
        }
        List<String> columns = new ArrayList<>(COLUMNS);
        if (args.given("window")) {
            columns.addAll(columns.indexOf("streams") + 1, List.of("window", "send_socket_bytes", "recv_socket_bytes"));
        }
        if (bidir) {
            columns.addAll(columns.indexOf("throughput_bps") + 1, List.of("forward_throughput_bps", "reverse_throughput_bps"));
        } else if (args.count("streams") > 1) {
            columns.add(columns.indexOf("throughput_bps") + 1, "stream_throughput_bps");
        }
        for (String[] asked : new String[][] {{"cc", "congestion_control"}, {"mss", "mss_bytes"}, {"tos", "ip_tos"}, {"dscp", "ip_tos"}}) {
            if (args.given(asked[0])) {
                columns.add(columns.indexOf("retransmits"), asked[1]);
            }
        }
        Test.Builder test = Test.of("tcp", from, to).params(params).tags(PairArgs.tags(args)).columns(columns)
                .part(part(args, from, to, omit, reverse, null));
        if (bidir) {
            test.part(part(args, from, to, omit, true, "reverse")).combine(TcpDefinition::bidirectional);
        }
        return timed ? test.runsFor(omit.plus(args.duration("time"))).build()
                : test.finishesWithin(Duration.ofSeconds(Math.max(30, args.size("bytes") / 10_000_000))).build();
    }

    /**
     * One direction: {@code to} listens and {@code from} connects; the receiver is {@code to} unless
     * {@code reverse}. The figure is the receiver's.
     */
    private static Part part(Args args, Host from, Host to, Duration omit, boolean reverse, String label) {
        String receiver = reverse ? "connect" : "listen";
        String sender = reverse ? "listen" : "connect";
        SideSpec listen = PairArgs.listen(args, to, TcpStream.NAME, spec(args, omit, reverse)).onPort(args.given("port") ? args.count("port") : 0);
        return new Part.OnPeers(List.of(listen, PairArgs.connect(args, from, TcpStream.NAME, spec(args, omit, !reverse))),
                receiver, sides -> Merged.of(TcpFigures.merge(sides, receiver, sender, !reverse), TcpFigures.intervals(sides, receiver, sender)), label);
    }

    private static TcpStream.Spec spec(Args args, Duration omit, boolean send) {
        return spec(args, omit, args.given("bytes") ? null : args.duration("time"), send);
    }

    /**
     * A side's spec: sending or not, for {@code time} after the warm-up {@code omit} (null: {@code bytes:}), over {@code
     * streams:} connections with the {@link #STREAM_OPTIONS}.
     */
    static TcpStream.Spec spec(Args args, Duration omit, Duration time, boolean send) {
        boolean timed = time != null;
        return new TcpStream.Spec(send, args.intSize("size"), timed ? time.toNanos() : 0, timed ? 0 : args.size("bytes"),
                args.count("streams"), omit.toNanos(), PairArgs.streamTiming(args), args.given("window") ? args.intSize("window") : 0,
                args.bool("nodelay"), args.given("rate") ? args.size("rate") : 0, args.bool("zerocopy"), TcpOptionArgs.of(args));
    }

    /** Both directions at once: the forward and reverse figures, added up interval by interval as far as both go. */
    private static Merged bidirectional(List<Merged> parts) {
        Merged forward = parts.get(0);
        Merged reverse = parts.get(1);
        if (forward.figures() == null || reverse.figures() == null) {
            return forward.figures() == null ? reverse : forward; // a direction that never started adds nothing
        }
        return Merged.of(TcpFigures.bidirectional(forward.figures(TcpFigures.Figures.class), reverse.figures(TcpFigures.Figures.class)),
                TcpFigures.sumIntervals(forward.intervals(), reverse.intervals()));
    }
}
