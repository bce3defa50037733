package benchsh.shell.definition;

import benchsh.peer.pipe.PipeSink;
import benchsh.peer.pipe.PipeSource;
import benchsh.peer.pipe.PipeStream;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Part;
import benchsh.shell.run.Test;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code pipe}: a timed {@code dd | nc | dd} from a source on one host to a sink on another, each stage
 * timed so the table names the one that bounded the throughput.
 */
public final class PipeDefinition implements Definition {
    /** The row's columns, most read first: the stage that bounded the pipe before each stage's own rate. */
    static final List<String> COLUMNS = List.of("from", "to", "source", "sink", "bs", "bytes", "seconds", "throughput_bps", "bounded_by",
            "source_read_bps", "network_bps", "sink_write_bps", "sync_seconds", "cpu_local_pct", "cpu_remote_pct");
    /** Blocks sent from an endless source (zero, random) when count is not given: 1 GiB in all. */
    static final long DEFAULT_BYTES = 1L << 30;

    private static final VerbSpec VERB = new VerbSpec("pipe", "source → network → sink (dd | nc), each stage timed", "",
            PairArgs.args(
                    Arg.of("source", ArgType.TEXT, "zero", "zero, random, or a file's absolute path on the from host"),
                    Arg.of("sink", ArgType.TEXT, "null", "null, or a new file's absolute path on the to host (never overwrites)"),
                    Arg.of("bs", ArgType.SIZE, 1L << 20, "block size, as dd's bs=").within(PipeStream.SourceSpec.class),
                    Arg.of("count", ArgType.COUNT, null, "blocks to send, as dd's count= (default: the whole file, or 1 GiB)"),
                    Arg.of("sync", ArgType.BOOL, false, "fdatasync the sink file at the end, timed and counted"),
                    Arg.of("keep", ArgType.BOOL, false, "keep the sink file after the test")),
            List.of("pipe source: 'zero', sink: 'null', bs: 1.MiB, count: 512",
                    "pipe from: a, to: plug, source: '/srv/big.iso', sink: '/mnt/usb/big.iso', sync: true"));

    @Override
    public VerbSpec verb() {
        return VERB;
    }

    @Override
    public Class<? extends Record> figures() {
        return PipeMetrics.Figures.class;
    }

    @Override
    public Test build(Args args, Hosts hosts) {
        Host from = PairArgs.from(args, hosts);
        Host to = PairArgs.to(args, hosts);
        int bs = args.intSize("bs");
        String sourcePath = path("source", args.text("source"), List.of("zero", "random"));
        String sinkPath = path("sink", args.text("sink"), List.of("null"));
        PipeSource.Kind source = sourcePath != null ? PipeSource.Kind.FILE : PipeSource.Kind.valueOf(args.text("source").toUpperCase(Locale.ROOT));
        if (args.bool("sync") && sinkPath == null) {
            throw new UsageException("pipe sync: true needs a file sink");
        }
        long count = args.given("count") ? args.count("count") : source == PipeSource.Kind.FILE ? 0 : Math.max(1, DEFAULT_BYTES / bs);
        // generous (1 MB/s, a slow USB stick): a stalled pipe is caught by the timeout, not by this
        Duration expected = count > 0 ? Duration.ofSeconds(Math.max(60, bs * count / 1_000_000)) : Duration.ofHours(1);
        Map<String, Object> params = args.params();
        if (count > 0) {
            params.put("count", count);
        }
        PipeStream.SinkSpec sink = new PipeStream.SinkSpec(sinkPath == null ? PipeSink.Kind.NULL : PipeSink.Kind.FILE, sinkPath, args.bool("sync"),
                args.bool("keep"), bs, PairArgs.timing(args));
        PipeStream.SourceSpec sender = new PipeStream.SourceSpec(source, sourcePath, bs, count, PairArgs.timing(args));
        Part part = new Part.OnPeers(List.of(PairArgs.listen(args, to, PipeStream.NAME, sink), PairArgs.connect(args, from, PipeStream.NAME, sender)),
                "listen", sides -> Merged.of(PipeMetrics.merge(sides), sides.intervals("listen")));
        return Test.of("pipe", from, to).params(params).tags(PairArgs.tags(args)).columns(COLUMNS).part(part).finishesWithin(expected).build();
    }

    /** The file's absolute path of a source or sink, or null for one of the {@code named} ones. */
    private static String path(String what, String value, List<String> named) {
        if (named.contains(value)) {
            return null;
        }
        String path = value.startsWith("file:") ? value.substring(5) : value;
        if (!path.startsWith("/")) {
            throw new UsageException("pipe " + what + " must be " + String.join(", ", named) + " or a file's absolute path, not '" + value + "'");
        }
        return path;
    }
}
