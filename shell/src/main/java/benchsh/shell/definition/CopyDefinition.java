package benchsh.shell.definition;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.peer.protocol.Message;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Part;
import benchsh.shell.run.PartOutcome;
import benchsh.shell.run.SideSpec;
import benchsh.shell.run.Test;
import benchsh.shell.result.Result;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code copy}: copies a tree (or a file) on one host like {@code cp -a}, or from host to host over
 * one TCP stream like {@code tar c | nc | tar x}, or through SSH like scp ({@code via: 'sftp'}, {@link SftpCopy}). Reports files, dirs, bytes, seconds, files/s, MB/s
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
        return new Part.InShell(() -> {
            SftpCopy.Outcome o = new SftpCopy(source, src, target, dst, Duration.ofMinutes(30)).run(args.bool("verify"), args.bool("keep"));
            return new PartOutcome(o.status(), o.error(), o.started(), finish(args, new LinkedHashMap<>(o.metrics()), List.of()));
        });
    }

    /** On one host, like cp -a. */
    private static Part local(Args args, Host host, String src, String dst) {
        Map<String, Object> spec = common(args);
        spec.put("src", src);
        spec.put("dst", dst);
        spec.put("cold", args.bool("cold"));
        spec.put("keep", args.bool("keep"));
        return new Part.OnPeers(List.of(SideSpec.alone(host, "copy", "local", spec)), "local",
                sides -> finish(args, sides.metrics("local"), sides.intervals("local")));
    }

    /** From host to host over one stream, like tar c | nc | tar x: the target listens and receives. */
    private static Part network(Args args, Host source, String src, Host target, String dst) {
        Map<String, Object> receive = common(args);
        receive.put("dst", dst);
        receive.put("keep", args.bool("keep"));
        Map<String, Object> send = common(args);
        send.put("src", src);
        send.put("cold", args.bool("cold"));
        return new Part.OnPeers(List.of(PairArgs.listen(args, target, "copy", receive), PairArgs.connect(args, source, "copy", send)), "listen",
                sides -> finish(args, merge(sides.get("listen"), sides.get("connect")), sides.intervals("listen")));
    }

    private static Map<String, Object> common(Args args) {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("verify", args.bool("verify"));
        return FsArgs.timing(args, spec);
    }

    /** The copy's figures with both ends' file system labels and, with verify:, whether the checksums agree (a mismatch fails the copy). */
    private static Merged finish(Args args, Map<String, Object> metrics, List<Map<String, Object>> intervals) {
        String error = null;
        if (args.bool("verify") && (metrics.containsKey("src_digest") || metrics.containsKey("dst_digest"))) {
            Object a = metrics.get("src_digest");
            Object b = metrics.get("dst_digest");
            boolean same = a != null && a.equals(b);
            metrics.put("verified", same ? "yes" : "MISMATCH");
            if (!same) {
                error = "verify: the destination's SHA-256 (" + b + ") differs from the source's (" + a + ")";
            }
        }
        metrics.put("src_fs", FsArgs.summary(metrics.get("src_fs_type"), metrics.get("src_mount_options")));
        metrics.put("dst_fs", FsArgs.summary(metrics.get("dst_fs_type"), metrics.get("dst_mount_options")));
        return new Merged(metrics, intervals, error);
    }

    /** The receiver's figures, with the sender's source facts, digest and cache mode. */
    private static Map<String, Object> merge(Message.Done receiver, Message.Done sender) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (receiver != null) {
            m.putAll(receiver.metrics());
        }
        if (sender != null) {
            for (Map.Entry<String, Object> e : sender.metrics().entrySet()) {
                String k = e.getKey();
                if (k.startsWith("src_") || k.equals("cache") || k.equals("skipped")) {
                    m.put(k, e.getValue());
                } else if (k.equals("bytes") || k.equals("cpu_pct") || k.equals("seconds")) {
                    m.put("sender_" + k, e.getValue());
                }
            }
        }
        return m;
    }
}
