package benchsh.shell.definition;

import benchsh.peer.fs.TreeWorkload;
import benchsh.peer.metric.Headline;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.workload.Timing;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.result.Result;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Part;
import benchsh.shell.run.Test;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * {@code remove t}, {@code remove '/tmp/m'}: removes a generated tree from its host. The tree is what {@code tree}
 * returned, or its path (and host, {@code on:}), which benchsh's records must show it generated and did not remove
 * since ({@link TreeLedger}: this session's results, then the result store's): a later session can remove what an
 * earlier one left. Any other path is refused. The peer regenerates the tree's plan from the generator's spec record
 * (profile, shape, seed) and removes exactly those files and directories, each file only while it has the planned size
 * and mtime: a file added inside stays, with its directories; a file saved under a planned name, or an entry that became
 * a link or device, is refused and left.
 */
public final class RemoveDefinition implements Definition {
    /** A removal's figures: the remove side's report. */
    @Headline("removed_files")
    public record Figures(@OrNull TreeWorkload.Removal removal) {
    }

    static final List<String> COLUMNS = List.of("on", "path", "removed_files", "removed_dirs", "kept_dirs", "refused", "missing", "seconds");

    private static final VerbSpec VERB = new VerbSpec("remove", "remove a generated tree: exactly the files and directories tree created",
            "TREE-OR-PATH",
            List.of(Arg.of("on", ArgType.HOST, null, "the host of a tree given by its path (default local)"),
                    Arg.of("timeout", ArgType.DURATION, Duration.ofMinutes(10), "give up after this long").within(Timing.class),
                    Arg.of("label", ArgType.TEXT, null, "a label for side-by-side comparisons"),
                    Arg.of("tags", ArgType.MAP, null, "extra tags for tables")),
            List.of("t = tree path: '/tmp/m', scale: 0.1; copy t, to: '/tmp/m2'; remove t",
                    "remove '/tmp/m'", "remove '/data/p', on: h1"));

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
        return build(args, hosts, TreeLedger.NONE);
    }

    @Override
    public Test build(Args args, Hosts hosts, TreeLedger trees) {
        if (args.positional().size() != 1) {
            throw new UsageException("usage: remove TREE-OR-PATH, where TREE is what tree returned, e.g. t = tree path: '/tmp/m'; remove t "
                    + "(or remove '/tmp/m', on: h1)");
        }
        TreeHandle t = tree(args.positional().get(0), args, hosts, trees);
        Timing timing = new Timing(t.spec().timing().intervalNanos(), args.duration("timeout").toNanos());
        Map<String, Object> params = FsArgs.params(args);
        params.put("on", t.host().name());
        params.put("path", t.path());
        params.put("profile", t.spec().profile().wire());
        Part part = new Part.OnPeers(List.of(FsArgs.side(args, t.host(), TreeWorkload.NAME, "remove", t.spec().withTiming(timing))), "remove",
                sides -> Merged.of(new Figures(sides.report("remove", TreeWorkload.Removal.class)), List.of()));
        return Test.of("remove", t.host(), t.host()).params(params).tags(FsArgs.tags(args)).columns(COLUMNS).part(part)
                .finishesWithin(args.duration("timeout")).build();
    }

    /** The tree to remove: a handle as it is, a path as the ledger knows it; anything else refused. */
    private static TreeHandle tree(Object what, Args args, Hosts hosts, TreeLedger trees) {
        if (what instanceof Result r && r.test().equals("tree")) {
            throw new UsageException("that tree was not generated (" + r.error() + "); it removed its partial files itself");
        }
        if (what instanceof TreeHandle t) {
            if (args.given("on") && args.host("on") != t.host()) {
                throw new UsageException("remove: the tree is on " + t.host().name() + ", not on " + args.host("on").name() + "; leave on: out");
            }
            return t;
        }
        if (!(what instanceof CharSequence given)) {
            throw new UsageException("remove takes a tree (t = tree path: ...) or the path of one benchsh generated, not " + what);
        }
        String path = FsArgs.absolute("remove", "the path", given.toString());
        Host host = args.given("on") ? args.host("on") : hosts.local();
        return trees.generated(host, path, hosts).orElseThrow(() -> new UsageException("remove: benchsh has no record of generating a tree at "
                + host.name() + ":" + path + " that it has not removed since (it looked in " + trees.where() + "); it removes only the trees it "
                + "generated, never another path" + (args.given("on") ? "" : " (on: names the host of a tree on another one)")));
    }
}
