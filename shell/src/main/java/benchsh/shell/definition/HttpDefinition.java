package benchsh.shell.definition;

import benchsh.peer.http.HttpTransfer;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Part;
import benchsh.shell.run.Sides;
import benchsh.shell.run.Test;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * {@code http}: an HTTP GET from one peer to another, to set beside {@code tcp}: of a generated file
 * ({@code bytes:}) or of an existing one ({@code path:}), counted or written to a new file ({@code sink:}).
 */
public final class HttpDefinition implements Definition {
    static final List<String> COLUMNS = List.of("from", "to", "bytes", "seconds", "throughput_bps", "cpu_local_pct", "cpu_remote_pct");
    /** The generated file's size when neither bytes: nor path: is given. */
    static final long DEFAULT_BYTES = 100L << 20;

    private static final VerbSpec VERB = new VerbSpec("http", "HTTP GET of a file between two hosts (JDK server and client)", "",
            List.of(
                    Arg.of("from", ArgType.HOST, null, "the host serving the file (default local)"),
                    Arg.of("to", ArgType.HOST, null, "the host fetching it (default local)"),
                    Arg.of("bytes", ArgType.SIZE, DEFAULT_BYTES, "size of a generated file of random bytes (not with path)")
                            .within(HttpTransfer.ServeSpec.class),
                    Arg.of("path", ArgType.TEXT, null, "serve this existing regular file on the from host (absolute path), read as it is"),
                    Arg.of("sink", ArgType.TEXT, null, "write what arrives to this new file on the to host (absolute path, never overwrites)"),
                    Arg.of("keep", ArgType.BOOL, false, "keep the sink file after the test"),
                    Arg.of("bind", ArgType.TEXT, null, "address the server listens on"),
                    Arg.of("target", ArgType.TEXT, null, "address the client connects to"),
                    PairArgs.INTERVAL,
                    PairArgs.TIMEOUT,
                    Arg.of("label", ArgType.TEXT, null, "a label for side-by-side comparisons"),
                    Arg.of("tags", ArgType.MAP, null, "extra tags for tables")),
            List.of("http to: local, bytes: 256.MiB", "http from: a, to: b, bytes: 1.GiB, label: 'http'",
                    "http from: a, to: b, path: '/dev/shm/f', sink: '/dev/shm/g'"));

    @Override
    public VerbSpec verb() {
        return VERB;
    }

    @Override
    public Class<? extends Record> figures() {
        return StreamMetrics.Figures.class;
    }

    @Override
    public Test build(Args args, Hosts hosts) {
        Host from = PairArgs.from(args, hosts);
        Host to = PairArgs.to(args, hosts);
        String path = args.given("path") ? absolute("path", args.text("path")) : null;
        String sink = args.given("sink") ? absolute("sink", args.text("sink")) : null;
        if (path != null && args.given("bytes")) {
            throw new UsageException("http serves path: or bytes: of generated data, not both");
        }
        if (args.bool("keep") && sink == null) {
            throw new UsageException("http keep: true needs a sink: (a new file's absolute path on the to host)");
        }
        long bytes = path == null ? args.size("bytes") : 0;
        HttpTransfer.ServeSpec serve = new HttpTransfer.ServeSpec(bytes, path, PairArgs.timing(args));
        HttpTransfer.FetchSpec fetch = new HttpTransfer.FetchSpec(sink, args.bool("keep"), PairArgs.timing(args));
        Part part = new Part.OnPeers(List.of(PairArgs.listen(args, from, HttpTransfer.NAME, serve), PairArgs.connect(args, to, HttpTransfer.NAME, fetch)),
                "connect", sides -> Merged.of(merge(sides), sides.intervals("connect")));
        Map<String, Object> params = FsArgs.params(args);
        List<String> columns = new ArrayList<>(COLUMNS);
        if (path != null) {
            params.remove("bytes");
            columns.add(2, "path");
        }
        if (sink != null) {
            columns.add(columns.indexOf("bytes"), "sink");
        }
        // a file's size is the from host's to know: allow an hour, as pipe does for a whole file; the peers' timeout catches a stall
        Duration within = path != null ? Duration.ofHours(1) : Duration.ofSeconds(Math.max(30, bytes / 10_000_000));
        return Test.of("http", from, to).params(params).tags(FsArgs.tags(args)).columns(columns).part(part).finishesWithin(within).build();
    }

    /** The client's count is the figure; the server (the from host) sends; its strays are the requests it turned away. */
    private static StreamMetrics.Figures merge(Sides sides) {
        HttpTransfer.ServeReport served = sides.report("listen", HttpTransfer.ServeReport.class);
        return StreamMetrics.merge(sides.streamed("connect"), sides.streamed("listen"), null, null,
                Collections.singletonList(served == null ? null : served.straysDropped()), true, null);
    }

    private static String absolute(String what, String value) {
        if (!value.startsWith("/")) {
            throw new UsageException("http " + what + ": must be a file's absolute path, not '" + value + "'");
        }
        return value;
    }
}
