package benchsh.shell.definition;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.peer.fs.CopyWorkload;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.run.Part;
import benchsh.shell.run.Test;
import benchsh.shell.result.Result;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code copy}: copies a tree (or a file) on one host like {@code cp -a}, or from host to host over
 * one TCP stream like {@code tar c | nc | tar x}, or through SSH like scp ({@code via: 'sftp'}, {@link SftpCopy}). An end
 * that runs its own tools (no peer, {@link Host#runsShell()}) runs {@code cp -a}, {@code tar c | nc} or {@code nc -l | tar x}
 * itself, and the stream is tar. Reports files, dirs, bytes, seconds, files/s, MB/s
 * and both ends' file systems (type and telling mount options), optionally verified by checksums.
 */
public final class CopyDefinition implements Definition {
    static final List<String> COLUMNS = List.of("from", "to", "via", "files", "dirs", "bytes", "seconds", "files_per_s", "throughput_bps",
            "src_fs", "dst_fs", "verified");
    /** The only transport besides the built-in stream. */
    static final String SFTP = "sftp";

    private static final VerbSpec VERB = new VerbSpec("copy", "copy a tree locally (cp -a) or host to host (tar | nc | tar)", "TREE-OR-PATH", args(),
            List.of("t = tree path: '/tmp/m', scale: 0.1; copy t, to: '/tmp/m2', verify: true",
                    "copy t, from: a, to: b, path: '/data/m', verify: true, keep: false",
                    "copy '/srv/photos', to: '/mnt/nfs/photos', mount: 'server:/export', at: '/mnt/nfs'"));

    private static List<Arg> args() {
        List<Arg> a = new ArrayList<>(List.of(
                Arg.of("from", ArgType.HOST, null, "the source host (default the tree's host, else local)"),
                Arg.of("to", ArgType.TEXT, null, "the destination directory (same host), or the destination host when path: is given"),
                Arg.of("path", ArgType.TEXT, null, "the destination directory on the host named by to:"),
                Arg.of("via", ArgType.TEXT, "stream", "stream (peer to peer, one TCP stream) or sftp (through SSH, like scp)"),
                Arg.of("verify", ArgType.BOOL, false, "compare SHA-256 checksums of source and destination after the copy"),
                Arg.of("cold", ArgType.BOOL, false, "drop the page cache before reading the source (root), else say warm"),
                Arg.of("keep", ArgType.BOOL, true, "keep the destination; false removes it afterwards"),
                Arg.of("threads", ArgType.COUNT, null,
                        "threads that list and copy files on one host (default " + CopyWorkload.DEFAULT_THREADS + "), or that write the received"
                                + " files between hosts (1 writes them on the receiving thread; default " + CopyWorkload.DEFAULT_THREADS
                                + ", or 1 where the receiving peer has one CPU and a local file system)").within(CopyWorkload.Local.class),
                Arg.of("bind", ArgType.TEXT, null, "address the receiving host listens on (host to host)"),
                Arg.of("target", ArgType.TEXT, null, "address the sending host connects to (host to host)")));
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
        return CopyMetrics.Figures.class;
    }

    @Override
    public Test build(Args args, Hosts hosts) {
        if (args.positional().size() != 1) {
            throw new UsageException("usage: copy TREE-OR-PATH, to: '/dst' (or from: a, to: b, path: '/dst')");
        }
        Object what = args.positional().get(0);
        Host source;
        String src;
        if (what instanceof TreeHandle t) {
            source = t.host();
            src = t.path();
            if (args.given("from") && args.host("from") != source) {
                throw new UsageException("the tree is on " + source.name() + ", not on " + args.host("from").name() + "; leave from: out");
            }
        } else if (what instanceof Result r && r.test().equals("tree")) {
            throw new UsageException("that tree was not generated (" + r.error() + "); nothing to copy");
        } else if (what instanceof CharSequence s) {
            source = args.given("from") ? args.host("from") : hosts.local();
            src = s.toString();
        } else {
            throw new UsageException("copy: the first argument must be a tree (from tree ...) or a path, not " + what);
        }
        if (!args.given("to")) {
            throw new UsageException("copy needs to:, a new directory (or a host, with path:)");
        }
        boolean network = args.given("path");
        Host target = source;
        String dst = args.text("to");
        if (network) {
            target = hosts.get(args.text("to"));
            if (target == null) {
                throw new UsageException("to: no host named '" + args.text("to") + "'; define it first, or leave path: out for a copy on one host");
            }
            dst = args.text("path");
        }
        String via = args.text("via");
        if (!via.equals("stream") && !via.equals(SFTP)) {
            throw new UsageException("via: must be 'stream' or 'sftp', not '" + via + "'");
        }
        if (via.equals(SFTP) && (args.bool("cold") || args.given("mount") || args.given("bind") || args.given("target"))) {
            throw new UsageException("via: 'sftp' copies through SSH servers; cold:, mount:, bind: and target: need the peers (use via: 'stream')");
        }
        if (via.equals(SFTP) && args.given("threads")) {
            throw new UsageException("via: 'sftp' copies one file at a time through SSH servers; threads: is for the peers (use via: 'stream')");
        }
        if (args.bool("verify") && (source.runsShell() || target.runsShell())) {
            throw new UsageException("verify: compares benchsh's checksums of both ends, and " + (source.runsShell() ? source : target).name()
                    + " runs its own tools (no peer): leave verify: out");
        }
        if (!network && (args.given("bind") || args.given("target"))) {
            throw new UsageException("bind: and target: choose the addresses of a copy between hosts; give to: a host and path:");
        }
        Map<String, Object> params = FsArgs.params(args);
        params.put("src", src);
        params.put("dst", dst);
        params.remove("path");
        params.put("to", target.name());
        params.put("via", via.equals(SFTP) ? SFTP : network ? via : "local");
        Test.Builder test = Test.of("copy", source, target).params(params).tags(FsArgs.tags(args)).columns(COLUMNS)
                .finishesWithin(Duration.ofMinutes(30));
        if (via.equals(SFTP)) {
            return test.part(sftp(args, source, src, target, dst)).build();
        }
        Mount.around(test, args, target);
        return test.part(network ? network(args, source, src, target, dst) : local(args, source, src, dst)).build();
    }

    /** Through both hosts' SSH servers, in the shell. */
    private static Part sftp(Args args, Host source, String src, Host target, String dst) {
        return new Part.InShell(new SftpCopy(source, src, target, dst, args.bool("verify"), args.bool("keep"), Duration.ofMinutes(30)));
    }

    /** On one host, like cp -a. */
    private static Part local(Args args, Host host, String src, String dst) {
        CopyWorkload.Local spec = new CopyWorkload.Local(FsArgs.absolute("copy", "source", src), FsArgs.absolute("copy", "to", dst), args.bool("verify"),
                args.bool("cold"), args.bool("keep"), threads(args, CopyWorkload.DEFAULT_THREADS), FsArgs.timing(args));
        return new Part.OnPeers(List.of(FsArgs.side(args, host, CopyWorkload.NAME, "local", spec)), "local",
                sides -> CopyMetrics.finish(args.bool("verify"), CopyMetrics.Measured.local(sides), sides.intervals("local"),
                        CopyMetrics.leftBehind(sides, "local", host, spec.dst())));
    }

    private static int threads(Args args, int fallback) {
        return args.given("threads") ? args.count("threads") : fallback;
    }

    /** From host to host over one stream, like tar c | nc | tar x: the target listens and receives. */
    private static Part network(Args args, Host source, String src, Host target, String dst) {
        CopyWorkload.Receive receive = new CopyWorkload.Receive(FsArgs.absolute("copy", "path", dst), args.bool("verify"), args.bool("keep"),
                threads(args, CopyWorkload.CHOSEN_THREADS), FsArgs.timing(args));
        CopyWorkload.Send send = new CopyWorkload.Send(FsArgs.absolute("copy", "source", src), args.bool("verify"), args.bool("cold"), FsArgs.timing(args));
        return new Part.OnPeers(List.of(PairArgs.listen(args, target, CopyWorkload.NAME, receive), PairArgs.connect(args, source, CopyWorkload.NAME, send)),
                "listen", sides -> CopyMetrics.finish(args.bool("verify"), CopyMetrics.merge(sides), sides.intervals("listen"),
                        CopyMetrics.leftBehind(sides, "listen", target, receive.dst())));
    }
}
