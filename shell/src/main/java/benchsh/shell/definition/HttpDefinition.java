package benchsh.shell.definition;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Part;
import benchsh.shell.run.Test;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code http}: an HTTP GET of a generated file from one peer to another, to set beside {@code tcp}. */
public final class HttpDefinition implements Definition {
    static final List<String> COLUMNS = List.of("from", "to", "bytes", "seconds", "throughput_bps", "cpu_local_pct", "cpu_remote_pct");

    private static final VerbSpec VERB = new VerbSpec("http", "HTTP GET of a generated file between two hosts (JDK server and client)", "",
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
    public VerbSpec verb() {
        return VERB;
    }

    @Override
    public Test build(Args args, Hosts hosts) {
        Host from = PairArgs.from(args, hosts);
        Host to = PairArgs.to(args, hosts);
        Map<String, Object> serve = PairArgs.timing(args, new LinkedHashMap<>());
        serve.put("bytes", args.size("bytes"));
        Part part = new Part.OnPeers(List.of(PairArgs.listen(args, from, "http", serve),
                PairArgs.connect(args, to, "http", PairArgs.timing(args, new LinkedHashMap<>()))), "connect",
                sides -> Merged.of(StreamMetrics.merge(sides.get("connect"), sides.get("listen"), true), sides.intervals("connect")));
        return Test.of("http", from, to).params(FsArgs.params(args)).tags(FsArgs.tags(args)).columns(COLUMNS).part(part)
                .finishesWithin(Duration.ofSeconds(Math.max(30, args.size("bytes") / 10_000_000))).build();
    }
}
