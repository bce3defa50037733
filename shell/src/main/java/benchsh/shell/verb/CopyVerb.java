package benchsh.shell.verb;

import benchsh.peer.protocol.Message;
import benchsh.shell.Session;
import benchsh.shell.host.Host;
import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import benchsh.shell.run.PairOutcome;
import benchsh.shell.run.PairTest;
import benchsh.shell.run.SideOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code copy}: copies a tree (or a file) on one host like {@code cp -a}, or from host to host over
 * one TCP stream like {@code tar c | nc | tar x}, or through SSH like scp ({@code via: 'sftp'}, {@link SftpCopy}). Reports files, dirs, bytes, seconds, files/s, MB/s
 * and both ends' file systems (type and telling mount options), optionally verified by checksums.
 */
public final class CopyVerb implements Verb {
    static final List<String> COLUMNS = List.of("from", "to", "via", "files", "dirs", "bytes", "seconds", "files_per_s", "throughput_bps",
            "src_fs", "dst_fs", "verified");
    /** The only transport besides the built-in stream. */
    static final String SFTP = "sftp";

    private static final VerbSpec SPEC = new VerbSpec("copy", "copy a tree locally (cp -a) or host to host (tar | nc | tar)", "TREE-OR-PATH", args(),
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
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object call(Args args, Session session) throws Exception {
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
            source = args.given("from") ? args.host("from") : session.hosts().local();
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
            target = session.host(args.text("to"));
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
        Duration limit = Duration.ofMinutes(30);
        Copied c = via.equals(SFTP) ? sftp(session, args, source, src, target, dst, limit)
                : stream(session, args, network, source, src, target, dst, limit);
        Map<String, Object> metrics = c.metrics();
        Status status = c.status();
        String error = c.error();
        Instant started = c.started();
        List<Map<String, Object>> intervals = c.intervals();
        if (args.bool("verify") && status == Status.OK) {
            Object a = metrics.get("src_digest");
            Object b = metrics.get("dst_digest");
            boolean same = a != null && a.equals(b);
            metrics.put("verified", same ? "yes" : "MISMATCH");
            if (!same) {
                status = Status.FAILED;
                error = "verify: the destination's SHA-256 (" + b + ") differs from the source's (" + a + ")";
            }
        }
        metrics.put("src_fs", FsArgs.summary(metrics.get("src_fs_type"), metrics.get("src_mount_options")));
        metrics.put("dst_fs", FsArgs.summary(metrics.get("dst_fs_type"), metrics.get("dst_mount_options")));
        metrics.values().removeIf(java.util.Objects::isNull);
        Map<String, Object> params = FsArgs.params(args);
        params.put("src", src);
        params.put("dst", dst);
        params.remove("path");
        params.put("to", target.name());
        params.put("via", via.equals(SFTP) ? SFTP : network ? via : "local");
        Result r = new Result("copy", status, source.name(), target.name(), params, metrics, FsArgs.tags(args), started, 1, error, intervals);
        return session.record(r, COLUMNS);
    }

    /** What one way of copying measured; the metrics map is mutable. */
    private record Copied(Map<String, Object> metrics, Status status, String error, Instant started, List<Map<String, Object>> intervals) {
    }

    private static Copied sftp(Session session, Args args, Host source, String src, Host target, String dst, Duration limit) throws Exception {
        if (session.plan() != null) {
            session.plan().expectUnknown();
            return new Copied(new LinkedHashMap<>(), Status.OK, null, Instant.now(), List.of());
        }
        SftpCopy.Outcome o = new SftpCopy(source, src, target, dst, limit).run(args.bool("verify"), args.bool("keep"));
        return new Copied(new LinkedHashMap<>(o.metrics()), o.status(), o.error(), o.started(), List.of());
    }

    private static Copied stream(Session session, Args args, boolean network, Host source, String src, Host target, String dst, Duration limit)
            throws Exception {
        Map<String, Object> common = new LinkedHashMap<>();
        common.put("verify", args.bool("verify"));
        common.put("interval_ns", args.duration("interval").toNanos());
        common.put("timeout_ns", args.duration("timeout").toNanos());
        try (MountScope mount = MountScope.open(session, args, target)) {
            if (!network) {
                Map<String, Object> spec = new LinkedHashMap<>(common);
                spec.put("src", src);
                spec.put("dst", dst);
                spec.put("cold", args.bool("cold"));
                spec.put("keep", args.bool("keep"));
                SideOutcome o = session.single().run(source, "copy", "local", spec, limit);
                return new Copied(new LinkedHashMap<>(o.metrics()), o.status(), o.error(), o.started(),
                        o.done() == null ? List.of() : PairOutcome.intervals(o.done()));
            }
            Map<String, Object> receive = new LinkedHashMap<>(common);
            receive.put("dst", dst);
            receive.put("keep", args.bool("keep"));
            Map<String, Object> send = new LinkedHashMap<>(common);
            send.put("src", src);
            send.put("cold", args.bool("cold"));
            PairVerbs.addresses(args, receive, send);
            if (session.plan() != null) {
                session.plan().expectUnknown();
                return new Copied(new LinkedHashMap<>(), Status.OK, null, Instant.now(), List.of());
            }
            PairOutcome o = session.runner().run(new PairTest("copy", target, receive, source, send, limit, false), "listen");
            return new Copied(merge(o.listen(), o.connect()), o.status(), o.error(), o.started(), PairOutcome.intervals(o.listen()));
        }
    }

    /** The receiver's figures, with the sender's source facts, digest and cache mode. */
    static Map<String, Object> merge(Message.Done receiver, Message.Done sender) {
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
