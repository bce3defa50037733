package benchsh.shell.verb;

import benchsh.peer.workload.TcpStream;
import benchsh.shell.Session;
import benchsh.shell.host.Host;
import benchsh.shell.report.Formats;
import benchsh.shell.result.Result;
import benchsh.shell.run.PairOutcome;
import benchsh.shell.run.PairTest;
import benchsh.shell.run.StreamMetrics;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code tcp}: TCP stream throughput from one host to another (netperf TCP_STREAM, iperf3, netio). */
public final class TcpVerb implements Verb {
    static final List<String> COLUMNS = List.of("from", "to", "size", "streams", "reverse", "seconds", "throughput_bps",
            "cpu_local_pct", "cpu_remote_pct");

    private static final VerbSpec SPEC = new VerbSpec("tcp", "TCP stream throughput between two hosts", "",
            List.of(
                    Arg.of("to", ArgType.HOST, null, "the receiving host"),
                    Arg.of("from", ArgType.HOST, null, "the sending host"),
                    Arg.of("size", ArgType.SIZE, 128L * 1024, "bytes per write"),
                    Arg.of("time", ArgType.DURATION, Duration.ofSeconds(10), "how long to measure, after the warm-up"),
                    Arg.of("bytes", ArgType.SIZE, null, "send this many bytes instead of running for a time"),
                    Arg.of("streams", ArgType.COUNT, 1, "parallel connections"),
                    Arg.of("reverse", ArgType.BOOL, false, "the receiving host sends (netio Rx)"),
                    Arg.of("omit", ArgType.DURATION_OR_ZERO, Duration.ofSeconds(1), "warm-up left out of the figure"),
                    Arg.of("interval", ArgType.DURATION, Duration.ofSeconds(1), "interval between samples"),
                    Arg.of("window", ArgType.SIZE, null, "SO_SNDBUF and SO_RCVBUF"),
                    Arg.of("nodelay", ArgType.BOOL, false, "TCP_NODELAY"),
                    Arg.of("bind", ArgType.TEXT, null, "address the receiver listens on"),
                    Arg.of("target", ArgType.TEXT, null, "address the sender connects to"),
                    Arg.of("port", ArgType.COUNT, null, "the receiver's port (default: any free port)"),
                    Arg.of("timeout", ArgType.DURATION, Duration.ofSeconds(10), "give up after this long without data"),
                    Arg.of("label", ArgType.TEXT, null, "a label for side-by-side comparisons"),
                    Arg.of("repeats", ArgType.COUNT, 1, "run this many times (results are numbered)"),
                    Arg.of("tags", ArgType.MAP, null, "extra tags for tables")),
            List.of("tcp to: local, size: 16.KiB, time: 5.s, streams: 2",
                    "r = tcp from: a, to: b, time: 3.s, reverse: true; println r.throughput"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object call(Args args, Session session) throws Exception {
        Host from = args.given("from") ? args.host("from") : session.hosts().local();
        Host to = args.given("to") ? args.host("to") : session.hosts().local();
        long size = args.size("size");
        if (size > TcpStream.MAX_SIZE) {
            throw new UsageException("size " + Formats.size(size) + " is larger than the peer's cap of " + Formats.size(TcpStream.MAX_SIZE));
        }
        if (args.count("streams") > TcpStream.MAX_STREAMS) {
            throw new UsageException("streams " + args.count("streams") + " is more than the peer's cap of " + TcpStream.MAX_STREAMS);
        }
        boolean reverse = args.bool("reverse");
        Duration omit = args.given("bytes") && !args.given("omit") ? Duration.ZERO : args.duration("omit");
        Map<String, Object> common = new LinkedHashMap<>();
        common.put("size", size);
        common.put("streams", (long) args.count("streams"));
        common.put("omit_ns", omit.toNanos());
        common.put("interval_ns", args.duration("interval").toNanos());
        common.put("timeout_ns", args.duration("timeout").toNanos());
        common.put("nodelay", args.bool("nodelay"));
        if (args.given("window")) {
            common.put("window", args.size("window"));
        }
        Duration expected;
        if (args.given("bytes")) {
            common.put("bytes", args.size("bytes"));
            expected = Duration.ofSeconds(Math.max(30, args.size("bytes") / 10_000_000));
        } else {
            common.put("time_ns", args.duration("time").toNanos());
            expected = omit.plus(args.duration("time"));
        }
        Map<String, Object> listen = new LinkedHashMap<>(common);
        listen.put("send", reverse);
        Map<String, Object> connect = new LinkedHashMap<>(common);
        connect.put("send", !reverse);
        if (args.given("bind")) {
            listen.put("address", args.text("bind"));
        }
        if (args.given("port")) {
            if (args.count("port") > 65535) {
                throw new UsageException("port must be at most 65535, not " + args.count("port"));
            }
            listen.put("port", (long) args.count("port"));
        }
        if (args.given("target")) {
            connect.put("address", args.text("target"));
        }
        PairOutcome o = session.runner().run(new PairTest("tcp", to, listen, from, connect, expected), reverse ? "connect" : "listen");
        Map<String, Object> metrics = reverse
                ? StreamMetrics.merge(o.connect(), o.listen(), false)
                : StreamMetrics.merge(o.listen(), o.connect(), true);
        Map<String, Object> params = args.params();
        if (args.given("bytes")) {
            params.remove("time");
        }
        Map<String, Object> tags = new LinkedHashMap<>(args.map("tags"));
        if (args.given("label")) {
            tags.put("label", args.text("label"));
        }
        Result r = new Result("tcp", o.status(), from.name(), to.name(), params, metrics, tags, o.started(), 1, o.error(),
                PairOutcome.intervals(reverse ? o.connect() : o.listen()));
        return session.record(r, COLUMNS);
    }
}
