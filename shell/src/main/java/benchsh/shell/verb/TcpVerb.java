package benchsh.shell.verb;

import benchsh.peer.workload.TcpStream;
import benchsh.shell.Session;
import benchsh.shell.host.Host;
import benchsh.shell.report.Formats;
import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import benchsh.shell.run.ConcurrentPairs;
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
                    Arg.of("bidir", ArgType.BOOL, false, "both directions at once (separate connections each way)"),
                    Arg.of("rate", ArgType.RATE, null, "pace the sender to this many bits/s, all streams together (default unpaced)"),
                    Arg.of("zerocopy", ArgType.BOOL, false, "send with FileChannel.transferTo (sendfile) from a temp file"),
                    Arg.of("omit", ArgType.DURATION_OR_ZERO, Duration.ofSeconds(1), "warm-up left out of the figure"),
                    Arg.of("interval", ArgType.DURATION, Duration.ofSeconds(1), "interval between samples"),
                    Arg.of("window", ArgType.SIZE, null, "SO_SNDBUF and SO_RCVBUF"),
                    Arg.of("nodelay", ArgType.BOOL, false, "TCP_NODELAY"),
                    PairVerbs.BIND,
                    PairVerbs.TARGET,
                    Arg.of("port", ArgType.COUNT, null, "the receiver's port (default: any free port)"),
                    Arg.of("timeout", ArgType.DURATION, Duration.ofSeconds(10), "give up after this long without data"),
                    Arg.of("label", ArgType.TEXT, null, "a label for side-by-side comparisons"),
                    Arg.of("repeats", ArgType.COUNT, 1, "run this many times (results are numbered)"),
                    Arg.of("tags", ArgType.MAP, null, "extra tags for tables")),
            List.of("tcp to: local, size: 16.KiB, time: 5.s, streams: 2",
                    "tcp bidir: true, rate: 500.Mbit",
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
        if (reverse && args.bool("bidir")) {
            throw new UsageException("tcp: bidir already sends both ways; leave out reverse");
        }
        Duration omit = args.given("bytes") && !args.given("omit") ? Duration.ZERO : args.duration("omit");
        Map<String, Object> common = new LinkedHashMap<>();
        common.put("size", size);
        common.put("streams", (long) args.count("streams"));
        common.put("omit_ns", omit.toNanos());
        common.put("interval_ns", args.duration("interval").toNanos());
        common.put("timeout_ns", args.duration("timeout").toNanos());
        common.put("nodelay", args.bool("nodelay"));
        common.put("zerocopy", args.bool("zerocopy"));
        if (args.given("rate")) {
            common.put("rate", args.size("rate"));
        }
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
        Map<String, Object> connect = new LinkedHashMap<>(common);
        PairVerbs.addresses(args, listen, connect);
        if (args.given("port")) {
            if (args.count("port") > 65535) {
                throw new UsageException("port must be at most 65535, not " + args.count("port"));
            }
            listen.put("port", (long) args.count("port"));
        }
        PairTest forward = new PairTest("tcp", to, with(listen, "send", reverse), from, with(connect, "send", !reverse), expected, !args.given("bytes"));
        List<String> columns = new java.util.ArrayList<>(COLUMNS);
        if (args.bool("bidir")) {
            columns.addAll(columns.indexOf("throughput_bps") + 1, List.of("forward_throughput_bps", "reverse_throughput_bps"));
        } else if (args.count("streams") > 1) {
            columns.add(columns.indexOf("throughput_bps") + 1, "stream_throughput_bps");
        }
        Map<String, Object> params = args.params();
        if (args.given("bytes")) {
            params.remove("time");
        }
        if (args.bool("bidir")) {
            PairTest backward = new PairTest("tcp", to, with(listen, "send", true), from, with(connect, "send", false), expected, !args.given("bytes"));
            PairOutcome[] o = ConcurrentPairs.run(session.runner(), forward, "listen", backward, "connect");
            Map<String, Object> metrics = StreamMetrics.bidirectional(StreamMetrics.merge(o[0].listen(), o[0].connect(), true),
                    StreamMetrics.merge(o[1].connect(), o[1].listen(), false));
            Status status = o[0].status() == Status.INTERRUPTED || o[1].status() == Status.INTERRUPTED ? Status.INTERRUPTED
                    : o[0].status() == Status.FAILED || o[1].status() == Status.FAILED ? Status.FAILED : Status.OK;
            String error = o[0].error() != null ? o[0].error() : o[1].error() != null ? "reverse: " + o[1].error() : null;
            return session.record(new Result("tcp", status, from.name(), to.name(), params, metrics, PairVerbs.tags(args), o[0].started(), 1,
                    error, sumIntervals(PairOutcome.intervals(o[0].listen()), PairOutcome.intervals(o[1].connect()))), columns);
        }
        PairOutcome o = session.runner().run(forward, reverse ? "connect" : "listen");
        Map<String, Object> metrics = reverse
                ? StreamMetrics.merge(o.connect(), o.listen(), false)
                : StreamMetrics.merge(o.listen(), o.connect(), true);
        Result r = PairVerbs.result("tcp", o, from, to, params, metrics, args, PairOutcome.intervals(reverse ? o.connect() : o.listen()));
        return session.record(r, columns);
    }

    /** Both directions' samples added up, interval by interval, as far as both have them. */
    static List<Map<String, Object>> sumIntervals(List<Map<String, Object>> a, List<Map<String, Object>> b) {
        List<Map<String, Object>> out = new java.util.ArrayList<>();
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            Map<String, Object> s = new LinkedHashMap<>(a.get(i));
            s.put("bytes", (long) (StreamMetrics.number(a.get(i).get("bytes")) + StreamMetrics.number(b.get(i).get("bytes"))));
            s.put("throughput_bps", StreamMetrics.number(a.get(i).get("throughput_bps")) + StreamMetrics.number(b.get(i).get("throughput_bps")));
            out.add(s);
        }
        return out;
    }

    private static Map<String, Object> with(Map<String, Object> spec, String key, Object value) {
        Map<String, Object> m = new LinkedHashMap<>(spec);
        m.put(key, value);
        return m;
    }
}
