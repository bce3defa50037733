package benchsh.shell.definition;

import benchsh.peer.fs.TreePlan;
import benchsh.peer.fs.TreeWorkload;
import benchsh.peer.metric.Flat;
import benchsh.peer.metric.Headline;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.protocol.SpecCodec;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.Suggest;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.result.Result;
import benchsh.shell.run.Part;
import benchsh.shell.run.Test;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * {@code tree}: generates a reproducible tree of files on a host from a seed (profiles maildir,
 * portage, tarballs, video, or custom files/dirs/bytes) and returns a {@link TreeHandle} for
 * {@code copy}. The directory must not exist; it is kept (the run created it for later verbs) until
 * {@code remove} ({@link RemoveDefinition}).
 */
public final class TreeDefinition implements Definition {
    /** A generated tree's figures: the generator's report, its file system's label, and files per second. */
    @Headline("throughput_bps")
    public record Figures(@OrNull TreeWorkload.Report run,
                          @Metric(unit = Unit.TEXT, means = "the file system: type and telling mount options") @OrNull String fs,
                          @Metric(unit = Unit.PER_SECOND, means = "files per second") double filesPerS) {
        static Figures of(TreeWorkload.Report run) {
            if (run == null) {
                return new Figures(null, null, Double.NaN);
            }
            Long files = run.planned() == null ? null : run.planned().files();
            return new Figures(run, FsArgs.summary(run.fs()), FsArgs.filesPerSecond(files, run.meter() == null ? Double.NaN : run.meter().seconds()));
        }
    }

    static final List<String> COLUMNS = List.of("on", "profile", "files", "dirs", "bytes", "seconds", "files_per_s", "throughput_bps", "fs");

    private static final VerbSpec VERB = new VerbSpec("tree", "generate a reproducible tree of small files, for copy", "", args(),
            List.of("t = tree path: '/tmp/maildir', profile: 'maildir', scale: 0.1",
                    "t = tree on: h1, path: '/data/p', profile: 'portage', seed: 7, random: true",
                    "t = tree path: '/tmp/c', files: 1000, dirs: 10, bytes: 10.MiB"));

    private static List<Arg> args() {
        List<Arg> a = new ArrayList<>(List.of(
                Arg.of("on", ArgType.HOST, null, "the host (default local)"),
                Arg.of("path", ArgType.TEXT, null, "a new directory to create the tree in"),
                Arg.of("profile", ArgType.TEXT, "maildir", "maildir (10,688 files, 466 dirs, 134 MB), portage (49,000 files, 12,000 dirs, 204 MB), "
                        + "tarballs (10 files, 217 MB), video (1 file, 234 MB) or custom"),
                Arg.of("files", ArgType.COUNT, null, "number of files (overrides the profile); times scale: within the same range")
                        .within(TreePlan.Shape.class),
                Arg.of("dirs", ArgType.COUNT, null, "number of directories, the root included (overrides the profile); times scale: within the same range")
                        .within(TreePlan.Shape.class),
                Arg.of("bytes", ArgType.SIZE, null, "total bytes (overrides the profile); times scale: within the same range").within(TreePlan.Shape.class),
                Arg.of("sigma", ArgType.NUMBER, null, "spread of the log-normal file sizes (overrides the profile)").within(TreePlan.Shape.class),
                Arg.of("scale", ArgType.NUMBER, 1.0, "scale files, dirs and bytes, e.g. 0.01 for a quick test").within(0, 100),
                Arg.of("seed", ArgType.COUNT, 1, "the same seed gives the same tree"),
                Arg.of("random", ArgType.BOOL, false, "incompressible content (default: mail-like text)")));
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
            throw new UsageException("tree needs path:, a new directory, e.g. tree path: '/tmp/maildir', profile: 'maildir'");
        }
        String name = args.text("profile");
        TreePlan.Profile profile = TreePlan.Profile.named(name);
        if (profile == null) {
            List<String> all = Arrays.stream(TreePlan.Profile.values()).map(TreePlan.Profile::wire).toList();
            throw new UsageException("tree: unknown profile '" + name + "'" + Suggest.hint(name, all));
        }
        TreeWorkload.Spec spec = new TreeWorkload.Spec(FsArgs.absolute("tree", "path", args.text("path")), profile, shape(args, profile),
                ((Number) args.get("seed")).longValue(), args.bool("random"), FsArgs.timing(args));
        Map<String, Object> params = FsArgs.params(args);
        params.put("on", host.name());
        return Test.of("tree", host, host).params(params).tags(FsArgs.tags(args)).columns(COLUMNS)
                .part(FsArgs.alone(args, host, TreeWorkload.NAME, "run", spec, sides -> Figures.of(sides.report("run", TreeWorkload.Report.class))))
                .finishesWithin(Duration.ofMinutes(30)).build();
    }

    /** The profile's shape with the user's files, dirs, bytes and sigma, times scale (checked where the spec leaves: {@link SpecLimits}). */
    private static TreePlan.Shape shape(Args args, TreePlan.Profile profile) {
        TreePlan.Shape base = profile.shape();
        double sigma = args.given("sigma") ? ((Number) args.get("sigma")).doubleValue() : base.sigma();
        return new TreePlan.Shape(args.given("files") ? args.size("files") : base.files(), args.given("dirs") ? args.size("dirs") : base.dirs(),
                args.given("bytes") ? args.size("bytes") : base.bytes(), sigma).scaled(((Number) args.get("scale")).doubleValue());
    }

    /** A tree that was made (or planned: it has no figures yet) is handed out for copy and remove; one that failed stays a result, with its error. */
    @Override
    public Object returned(Result r, Test test) {
        if (!r.ok()) {
            return r;
        }
        TreeWorkload.Spec spec = specOf(test);
        TreeWorkload.Report run = Flat.read(Figures.class, r.metrics()).run();
        TreeWorkload.Planned planned = run == null || run.planned() == null ? new TreeWorkload.Planned(0, 0, 0, spec.path()) : run.planned();
        return new TreeHandle(test.from(), spec.path(), planned.files(), planned.dirs(), planned.treeBytes(), r, spec);
    }

    /**
     * The tree a completed {@code tree} result made on {@code host}, as {@code tree} returned it then: its spec rebuilt
     * from the result's params (a stored result's too), for {@code remove} in a later session.
     *
     * @throws UsageException when the params no longer make a tree (a result of another version)
     */
    public static TreeHandle recalled(Result tree, Host host, Hosts hosts) {
        Map<String, Object> given = new java.util.LinkedHashMap<>(tree.params());
        given.keySet().retainAll(VERB.args().stream().map(Arg::name).toList());
        given.put("on", host);
        TreeDefinition d = new TreeDefinition();
        return (TreeHandle) d.returned(tree, d.build(Args.parse(VERB, given, List.of(), hosts::get), hosts));
    }

    /**
     * A stand-in for the tree at {@code path} on {@code host} in a plan, which generates nothing (so a script that
     * generates a tree and then removes it by its path plans): the default profile's, with no figures.
     */
    public static TreeHandle planned(Host host, String path, Hosts hosts) {
        Map<String, Object> given = Map.of("on", host, "path", path);
        Test test = new TreeDefinition().build(Args.parse(VERB, given, List.of(), hosts::get), hosts);
        return new TreeHandle(host, path, 0, 0, 0, null, specOf(test));
    }

    /** The generator's spec record, back from the side's wire form (the test keeps only that). */
    private static TreeWorkload.Spec specOf(Test test) {
        Map<String, Object> wire = ((Part.OnPeers) test.parts().get(0)).sides().get(0).spec();
        try {
            return SpecCodec.decode(TreeWorkload.Spec.class, new Fields("spec", wire));
        } catch (ProtocolException e) {
            throw new IllegalStateException("the tree's own spec does not decode: " + e.getMessage(), e);
        }
    }
}
