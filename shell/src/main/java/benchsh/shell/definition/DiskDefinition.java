package benchsh.shell.definition;

import benchsh.peer.fs.DiskWorkload;
import benchsh.peer.metric.Headline;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.workload.Streamed;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.report.Formats;
import benchsh.shell.result.Result;
import benchsh.shell.run.Test;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code disk}: dd on one host. Writes a new file or reads one, in blocks of {@code bs}, with
 * fdatasync, O_DSYNC, O_DIRECT or a cold page cache; the row reads like dd's: bytes, seconds, MB/s.
 */
public final class DiskDefinition implements Definition {
    /** A run's figures: the disk side's report, and its file system's label. */
    @Headline("throughput_bps")
    public record Figures(@OrNull DiskWorkload.Report run,
                          @Metric(unit = Unit.TEXT, means = "the file system: type and telling mount options") @OrNull String fs) {
    }

    /** The row's columns, most read first: the figures before the file system's label. */
    static final List<String> COLUMNS = List.of("on", "op", "bs", "bytes", "seconds", "throughput_bps", "flags", "cache", "fs");

    private static final VerbSpec VERB = new VerbSpec("disk", "write or read a file like dd: bytes, seconds, MB/s", "", args(),
            List.of("disk path: '/tmp/bin.dat', write: 1.GiB, bs: 4.KiB, sync: true",
                    "disk on: h1, path: '/media/usb/bin.dat', read: 1.GiB, bs: 1.MiB, cold: true",
                    "disk path: '/mnt/nfs/bin.dat', write: 256.MiB, mount: 'server:/export', at: '/mnt/nfs'"));

    private static List<Arg> args() {
        List<Arg> a = new ArrayList<>(List.of(
                Arg.of("on", ArgType.HOST, null, "the host (default local)"),
                Arg.of("path", ArgType.TEXT, null, "the file: a new one to write, or one to read (created first if missing)"),
                Arg.of("write", ArgType.SIZE, null, "write this many bytes to a new file").within(DiskWorkload.Spec.class, "bytes"),
                Arg.of("read", ArgType.SIZE, null, "read this many bytes, or as many as the file has").within(DiskWorkload.Spec.class, "bytes"),
                Arg.of("bs", ArgType.SIZE, 1L << 20, "bytes per write or read (dd bs)").within(DiskWorkload.Spec.class),
                Arg.of("sync", ArgType.BOOL, false, "fdatasync at the end, inside the timed span (dd conv=fdatasync)"),
                Arg.of("dsync", ArgType.BOOL, false, "O_DSYNC on every write (dd oflag=dsync)"),
                Arg.of("direct", ArgType.BOOL, false, "O_DIRECT with aligned buffers (dd oflag/iflag=direct)"),
                Arg.of("cold", ArgType.BOOL, false, "read cold: drop the page cache (root), else O_DIRECT, else say warm"),
                Arg.of("keep", ArgType.BOOL, false, "keep the file this run created (removed by default)")));
        a.addAll(FsArgs.mount());
        a.addAll(FsArgs.common(Duration.ofSeconds(60)));
        return a;
    }

    @Override
    public VerbSpec verb() {
        return VERB;
    }

    @Override
    public Class<? extends Record> figures() {
        return Figures.class;
    }

    @Override
    public Test build(Args args, Hosts hosts) {
        Host host = args.given("on") ? args.host("on") : hosts.local();
        if (!args.given("path")) {
            throw new UsageException("disk needs path:, e.g. disk path: '/tmp/bin.dat', write: 1.GiB");
        }
        if (args.given("write") == args.given("read")) {
            throw new UsageException("disk needs exactly one of write: or read:, e.g. write: 1.GiB");
        }
        boolean write = args.given("write");
        long bytes = args.size(write ? "write" : "read");
        List<String> flags = new ArrayList<>();
        for (String f : List.of("sync", "dsync", "direct", "cold")) {
            if (args.bool(f)) {
                flags.add(f);
            }
        }
        DiskWorkload.Spec spec = new DiskWorkload.Spec(FsArgs.absolute("disk", "path", args.text("path")), write ? DiskWorkload.Op.WRITE : DiskWorkload.Op.READ,
                bytes, args.intSize("bs"), args.bool("sync"), args.bool("dsync"), args.bool("direct"), args.bool("cold"), args.bool("keep"),
                FsArgs.timing(args));
        // generous: a slow USB stick must finish; a hung disk is caught earlier by the peer's stall timeout
        Duration limit = Duration.ofSeconds(Math.max(60, bytes / 1_000_000)).plus(args.duration("timeout"));
        Map<String, Object> params = FsArgs.params(args);
        params.put("on", host.name());
        params.put("op", write ? "write" : "read");
        params.put("flags", flags.isEmpty() ? "-" : String.join(",", flags));
        Test.Builder test = Test.of("disk", host, host).params(params).tags(FsArgs.tags(args)).columns(COLUMNS)
                .part(FsArgs.alone(args, host, DiskWorkload.NAME, "run", spec, sides -> figures(sides.report("run", DiskWorkload.Report.class))))
                .finishesWithin(limit);
        if (!write) {
            test.epilogue((r, figures) -> shortRead(r, (Figures) figures, bytes));
        }
        Mount.around(test, args, host);
        return test.build();
    }

    private static Figures figures(DiskWorkload.Report run) {
        return new Figures(run, run == null ? null : FsArgs.summary(run.fs()));
    }

    /** A read that reached the file's end before the bytes asked for says so under its row (dd's "0+1 records in"). */
    private static String shortRead(Result r, Figures f, long asked) {
        Streamed read = f == null || f.run() == null ? null : f.run().meter();
        if (r.ok() && read != null && read.bytes() < asked) {
            return "  note: read " + Formats.size(read.bytes()) + " of the " + Formats.size(asked) + " asked: the file ends there\n";
        }
        return null;
    }
}
