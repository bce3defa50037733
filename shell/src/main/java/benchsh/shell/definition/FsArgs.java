package benchsh.shell.definition;

import benchsh.peer.fs.FsFacts;
import benchsh.peer.fs.SafePaths;
import benchsh.peer.workload.Timing;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.host.Host;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Part;
import benchsh.shell.run.SideSpec;
import benchsh.shell.run.Sides;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What the disk, tree and copy verbs share: the mount arguments, the timeout and labels, and the
 * compact file system label ({@code ext4 rw,relatime}, {@code nfs4 vers=4.2,proto=tcp,...}) shown in
 * tables. Stateless.
 */
final class FsArgs {
    /** Mount options worth a table cell, in this order; the rest stay in the JSON. */
    private static final List<String> TELLING = List.of("vers", "proto", "rsize", "wsize", "hard", "soft", "sync", "ro", "rw", "noatime",
            "relatime", "size", "user_id");

    private FsArgs() {
    }

    static List<Arg> mount() {
        return List.of(
                Arg.of("mount", ArgType.TEXT, null, "mount this for the test and unmount after, e.g. 'server:/export' or 'tmpfs' (needs root or sudo)"),
                Arg.of("at", ArgType.TEXT, null, "the mount point for mount:, an existing empty directory"),
                Arg.of("type", ArgType.TEXT, null, "file system type for mount: (default nfs for server:/path)"),
                Arg.of("options", ArgType.TEXT, null, "mount options, e.g. 'vers=3,proto=tcp'"));
    }

    static List<Arg> common(Duration timeout) {
        return List.of(
                Arg.of("interval", ArgType.DURATION, Duration.ofSeconds(1), "interval between progress samples").within(Timing.class),
                Arg.of("timeout", ArgType.DURATION, timeout, "give up after this long without progress").within(Timing.class),
                Arg.of("label", ArgType.TEXT, null, "a label for side-by-side comparisons"),
                Arg.of("tags", ArgType.MAP, null, "extra tags for tables"));
    }

    /** The interval and timeout of a side. */
    static Timing timing(Args args) {
        return new Timing(args.duration("interval").toNanos(), args.duration("timeout").toNanos());
    }

    /** The path argument {@code name}, which the peer needs absolute; a usage error otherwise. */
    static String absolute(String verb, String name, String path) {
        try {
            SafePaths.specPath(name, path);
            return path;
        } catch (IllegalArgumentException e) {
            throw new UsageException(verb + ": " + name + ": " + e.getMessage() + ", e.g. '/tmp/x'");
        }
    }

    /** A side with no data link on {@code host}, its spec checked ({@link SpecLimits}). */
    static SideSpec side(Args args, Host host, String workload, String role, Record spec) {
        return SideSpec.alone(host, workload, role, SpecLimits.encode(args, spec));
    }

    /** A part of one side on {@code host} whose figures {@code figures} makes of the side's (its report, with the file system's label). */
    static Part alone(Args args, Host host, String workload, String role, Record spec, Function<Sides, Record> figures) {
        return new Part.OnPeers(List.of(side(args, host, workload, role, spec)), role, sides -> Merged.of(figures.apply(sides), sides.intervals(role)));
    }

    /** Files over the measured seconds: NaN (left out) when either is not known, 0 for no measured time. */
    static double filesPerSecond(Long files, double seconds) {
        if (files == null || Double.isNaN(seconds)) {
            return Double.NaN;
        }
        return seconds > 0 ? files / seconds : 0.0;
    }

    static Map<String, Object> tags(Args args) {
        Map<String, Object> tags = new LinkedHashMap<>(args.map("tags"));
        if (args.given("label")) {
            tags.put("label", args.text("label"));
        }
        return tags;
    }

    /** Arguments that only steer the run, left out of a result's params. */
    static Map<String, Object> params(Args args) {
        Map<String, Object> p = args.params();
        p.remove("label");
        p.remove("interval");
        return p;
    }

    /** "ext4 rw,relatime" from a file system's type and its mount options; null for none. */
    static String summary(FsFacts fs) {
        return fs == null ? null : summary(fs.fsType(), fs.mountOptions());
    }

    /** "ext4 rw,relatime" from a type and its mount options. */
    static String summary(String type, String options) {
        if (type == null) {
            return null;
        }
        if (options == null) {
            return type;
        }
        List<String> kept = new java.util.ArrayList<>();
        String[] all = options.split(",");
        for (String key : TELLING) {
            for (String o : all) {
                String name = o.contains("=") ? o.substring(0, o.indexOf('=')) : o;
                if (name.equals(key) && !kept.contains(o)) {
                    kept.add(o);
                    break;
                }
            }
        }
        return kept.isEmpty() ? type : type + " " + String.join(",", kept);
    }
}
