package benchsh.shell.definition;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.peer.workload.PipeStream;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Part;
import benchsh.shell.run.Test;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code pipe}: a timed {@code dd | nc | dd} from a source on one host to a sink on another, each stage
 * timed so the table names the one that bounded the throughput.
 */
public final class PipeDefinition implements Definition {
    static final List<String> COLUMNS = List.of("from", "to", "source", "sink", "bs", "bytes", "seconds", "throughput_bps", "source_read_bps",
            "network_bps", "sink_write_bps", "sync_seconds", "bounded_by", "cpu_local_pct", "cpu_remote_pct");
    /** Blocks sent from an endless source (zero, random) when count is not given: 1 GiB in all. */
    static final long DEFAULT_BYTES = 1L << 30;

    private static final VerbSpec VERB = new VerbSpec("pipe", "source → network → sink (dd | nc), each stage timed", "",
            PairArgs.args(
                    Arg.of("source", ArgType.TEXT, "zero", "zero, random, or a file's absolute path on the from host"),
                    Arg.of("sink", ArgType.TEXT, "null", "null, or a new file's absolute path on the to host (never overwrites)"),
                    Arg.of("bs", ArgType.SIZE, 1L << 20, "block size, as dd's bs="),
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
    public Test build(Args args, Hosts hosts) {
        Host from = PairArgs.from(args, hosts);
        Host to = PairArgs.to(args, hosts);
        long bs = args.size("bs");
        if (bs > PipeStream.MAX_BS) {
            throw new UsageException("pipe bs " + bs + " is over the peer's cap of " + PipeStream.MAX_BS + " bytes");
        }
        Map<String, Object> connect = new LinkedHashMap<>();
        Map<String, Object> listen = new LinkedHashMap<>();
        String source = endpoint("source", args.text("source"), List.of("zero", "random"), connect);
        String sink = endpoint("sink", args.text("sink"), List.of("null"), listen);
        if (args.bool("sync") && sink.equals("null")) {
            throw new UsageException("pipe sync: true needs a file sink");
        }
        long count = args.given("count") ? args.count("count") : source.equals("file") ? 0 : Math.max(1, DEFAULT_BYTES / bs);
        for (Map<String, Object> side : List.of(listen, connect)) {
            side.put("bs", bs);
        }
        connect.put("count", count);
        listen.put("sync", args.bool("sync"));
        listen.put("keep", args.bool("keep"));
        // generous (1 MB/s, a slow USB stick): a stalled pipe is caught by the timeout, not by this
        Duration expected = count > 0 ? Duration.ofSeconds(Math.max(60, bs * count / 1_000_000)) : Duration.ofHours(1);
        Map<String, Object> params = args.params();
        if (count > 0) {
            params.put("count", count);
        }
        Part part = new Part.OnPeers(List.of(PairArgs.listen(args, to, "pipe", PairArgs.timing(args, listen)),
                PairArgs.connect(args, from, "pipe", PairArgs.timing(args, connect))), "listen",
                sides -> Merged.of(PipeMetrics.merge(sides.get("listen"), sides.get("connect")), sides.intervals("listen")));
        return Test.of("pipe", from, to).params(params).tags(PairArgs.tags(args)).columns(COLUMNS).part(part).finishesWithin(expected).build();
    }

    /** Puts a source or sink into a side's spec: a named one, or a file by absolute path; returns its kind. */
    private static String endpoint(String what, String value, List<String> named, Map<String, Object> spec) {
        if (named.contains(value)) {
            spec.put(what, value);
            return value;
        }
        String path = value.startsWith("file:") ? value.substring(5) : value;
        if (!path.startsWith("/")) {
            throw new UsageException("pipe " + what + " must be " + String.join(", ", named) + " or a file's absolute path, not '" + value + "'");
        }
        spec.put(what, "file");
        spec.put(what + "_path", path);
        return "file";
    }
}
