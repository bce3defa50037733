package benchsh.shell.definition;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.Suggest;
import benchsh.shell.host.Host;
import benchsh.shell.host.Hosts;
import benchsh.shell.run.Test;
import benchsh.shell.result.Result;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code tree}: generates a reproducible tree of files on a host from a seed (profiles maildir,
 * portage, tarballs, video, or custom files/dirs/bytes) and returns a {@link TreeHandle} for
 * {@code copy}. The directory must not exist; it is kept (the run created it for later verbs) until
 * {@code remove} ({@link RemoveVerb}).
 */
public final class TreeDefinition implements Definition {
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
                Arg.of("files", ArgType.COUNT, null, "number of files (overrides the profile)"),
                Arg.of("dirs", ArgType.COUNT, null, "number of directories, the root included (overrides the profile)"),
                Arg.of("bytes", ArgType.SIZE, null, "total bytes (overrides the profile)"),
                Arg.of("sigma", ArgType.NUMBER, null, "spread of the log-normal file sizes (overrides the profile)"),
                Arg.of("scale", ArgType.NUMBER, 1.0, "scale files, dirs and bytes, e.g. 0.01 for a quick test"),
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
    public Test build(Args args, Hosts hosts) {
        Host host = args.given("on") ? args.host("on") : hosts.local();
        if (!args.given("path")) {
            throw new UsageException("tree needs path:, a new directory, e.g. tree path: '/tmp/maildir', profile: 'maildir'");
        }
        String profile = args.text("profile");
        if (!List.of("maildir", "portage", "tarballs", "video", "custom").contains(profile)) {
            throw new UsageException("tree: unknown profile '" + profile + "'" + Suggest.hint(profile, List.of("maildir", "portage", "tarballs", "video", "custom")));
        }
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("path", args.text("path"));
        spec.put("profile", profile);
        for (String n : List.of("files", "dirs", "bytes")) {
            if (args.given(n)) {
                spec.put(n, ((Number) args.get(n)).longValue());
            }
        }
        if (args.given("sigma")) {
            spec.put("sigma", args.get("sigma"));
        }
        spec.put("scale", args.get("scale"));
        spec.put("seed", ((Number) args.get("seed")).longValue());
        spec.put("random", args.bool("random"));
        Map<String, Object> params = FsArgs.params(args);
        params.put("on", host.name());
        return Test.of("tree", host, host).params(params).tags(FsArgs.tags(args)).columns(COLUMNS)
                .part(FsArgs.alone(host, "tree", "run", FsArgs.timing(args, spec))).finishesWithin(Duration.ofMinutes(30)).build();
    }

    /** A tree that was made is handed out for copy and remove; one that failed stays a result, with its error. */
    @Override
    public Object returned(Result r, Test test) {
        if (!r.ok()) {
            return r;
        }
        Map<String, Object> spec = ((benchsh.shell.run.Part.OnPeers) test.parts().get(0)).sides().get(0).spec();
        return new TreeHandle(test.from(), String.valueOf(spec.get("path")), (long) r.metric("files"), (long) r.metric("dirs"),
                (long) r.metric("tree_bytes"), r, spec);
    }
}
