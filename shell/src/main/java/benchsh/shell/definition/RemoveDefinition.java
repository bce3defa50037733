package benchsh.shell.definition;

import benchsh.peer.fs.TreeWorkload;
import benchsh.peer.workload.Timing;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.host.Hosts;
import benchsh.shell.result.Result;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Part;
import benchsh.shell.run.Test;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * {@code remove t}: removes a generated tree from its host. The peer regenerates the tree's plan from
 * the generator's spec record kept in the handle (profile, shape, seed) and removes exactly those files
 * and directories, each file only while it has the planned size and mtime: a file added inside stays,
 * with its directories; a file saved under a planned name, or an entry that became a link or device, is
 * refused and left.
 */
public final class RemoveDefinition implements Definition {
    static final List<String> COLUMNS = List.of("on", "path", "removed_files", "removed_dirs", "kept_dirs", "refused", "missing", "seconds");

    private static final VerbSpec VERB = new VerbSpec("remove", "remove a generated tree: exactly the files and directories tree created", "TREE",
            List.of(Arg.of("timeout", ArgType.DURATION, Duration.ofMinutes(10), "give up after this long").within(Timing.class),
                    Arg.of("label", ArgType.TEXT, null, "a label for side-by-side comparisons"),
                    Arg.of("tags", ArgType.MAP, null, "extra tags for tables")),
            List.of("t = tree path: '/tmp/m', scale: 0.1; copy t, to: '/tmp/m2'; remove t"));

    @Override
    public VerbSpec verb() {
        return VERB;
    }

    @Override
    public Test build(Args args, Hosts hosts) {
        if (args.positional().size() != 1) {
            throw new UsageException("usage: remove TREE, where TREE is what tree returned, e.g. t = tree path: '/tmp/m'; remove t");
        }
        Object what = args.positional().get(0);
        if (what instanceof Result r && r.test().equals("tree")) {
            throw new UsageException("that tree was not generated (" + r.error() + "); it removed its partial files itself");
        }
        if (!(what instanceof TreeHandle t)) {
            throw new UsageException("remove takes a tree (t = tree path: ...), not " + what
                    + "; benchsh removes only what it generated, never a path you name");
        }
        Timing timing = new Timing(t.spec().timing().intervalNanos(), args.duration("timeout").toNanos());
        Map<String, Object> params = FsArgs.params(args);
        params.put("on", t.host().name());
        params.put("path", t.path());
        params.put("profile", t.spec().profile().wire());
        Part part = new Part.OnPeers(List.of(FsArgs.side(args, t.host(), TreeWorkload.NAME, "remove", t.spec().withTiming(timing))), "remove",
                sides -> Merged.of(sides.metrics("remove"), List.of()));
        return Test.of("remove", t.host(), t.host()).params(params).tags(FsArgs.tags(args)).columns(COLUMNS).part(part)
                .finishesWithin(args.duration("timeout")).build();
    }
}
