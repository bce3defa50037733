package benchsh.shell.verb;

import benchsh.shell.Session;
import benchsh.shell.host.Host;
import benchsh.shell.result.Result;
import benchsh.shell.run.PairOutcome;
import benchsh.shell.run.PairTest;
import benchsh.shell.run.StreamMetrics;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code http}: an HTTP GET of a generated file from one peer to another, to set beside {@code tcp}. */
public final class HttpVerb implements Verb {
    static final List<String> COLUMNS = List.of("from", "to", "bytes", "seconds", "throughput_bps", "cpu_local_pct", "cpu_remote_pct");

    private static final VerbSpec SPEC = new VerbSpec("http", "HTTP GET of a generated file between two hosts (JDK server and client)", "",
            List.of(
                    Arg.of("from", ArgType.HOST, null, "the host serving the file (default local)"),
                    Arg.of("to", ArgType.HOST, null, "the host fetching it (default local)"),
                    Arg.of("bytes", ArgType.SIZE, 100L << 20, "size of the file"),
                    Arg.of("bind", ArgType.TEXT, null, "address the server listens on"),
                    Arg.of("target", ArgType.TEXT, null, "address the client connects to"),
                    Arg.of("interval", ArgType.DURATION, Duration.ofSeconds(1), "interval between samples"),
                    Arg.of("timeout", ArgType.DURATION, Duration.ofSeconds(10), "give up after this long without data"),
                    Arg.of("label", ArgType.TEXT, null, "a label for side-by-side comparisons"),
                    Arg.of("tags", ArgType.MAP, null, "extra tags for tables")),
            List.of("http to: local, bytes: 256.MiB", "http from: a, to: b, bytes: 1.GiB, label: 'http'"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object call(Args args, Session session) throws Exception {
        Host from = args.given("from") ? args.host("from") : session.hosts().local();
        Host to = args.given("to") ? args.host("to") : session.hosts().local();
        Map<String, Object> common = new LinkedHashMap<>();
        common.put("interval_ns", args.duration("interval").toNanos());
        common.put("timeout_ns", args.duration("timeout").toNanos());
        Map<String, Object> serve = new LinkedHashMap<>(common);
        serve.put("bytes", args.size("bytes"));
        Map<String, Object> fetch = new LinkedHashMap<>(common);
        PairVerbs.addresses(args, serve, fetch);
        Duration expected = Duration.ofSeconds(Math.max(30, args.size("bytes") / 10_000_000));
        PairOutcome o = session.runner().run(new PairTest("http", from, serve, to, fetch, expected, false), "connect");
        Map<String, Object> metrics = StreamMetrics.merge(o.connect(), o.listen(), true);
        Result r = new Result("http", o.status(), from.name(), to.name(), FsArgs.params(args), metrics, FsArgs.tags(args), o.started(), 1,
                o.error(), PairOutcome.intervals(o.connect()));
        return session.record(r, COLUMNS);
    }
}
