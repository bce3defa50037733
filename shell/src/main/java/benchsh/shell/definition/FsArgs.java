package benchsh.shell.definition;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.peer.fs.SafePaths;
import benchsh.peer.workload.Timing;
import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.host.Host;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Part;
import benchsh.shell.run.SideSpec;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    /**
     * A part of one side on {@code host} whose figures are the side's own, with its file system's label
     * ({@code fs}) and, for files, {@code files_per_s} added.
     */
    static Part alone(Args args, Host host, String workload, String role, Record spec) {
        return new Part.OnPeers(List.of(side(args, host, workload, role, spec)), role, sides -> {
            Map<String, Object> m = sides.metrics(role);
            m.put("fs", summary(m.get("fs_type"), m.get("mount_options")));
            filesPerSecond(m);
            return Merged.of(m, sides.intervals(role));
        });
    }

    /** Adds {@code files_per_s}, files over the measured seconds, when both are there. */
    static void filesPerSecond(Map<String, Object> m) {
        if (m.get("files") instanceof Number files && m.get("seconds") instanceof Number seconds) {
            m.put("files_per_s", seconds.doubleValue() > 0 ? files.doubleValue() / seconds.doubleValue() : 0.0);
        }
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

    /** "ext4 rw,relatime" from a type and its mount options. */
    static String summary(Object type, Object options) {
        if (type == null) {
            return null;
        }
        if (options == null) {
            return type.toString();
        }
        List<String> kept = new java.util.ArrayList<>();
        String[] all = options.toString().split(",");
        for (String key : TELLING) {
            for (String o : all) {
                String name = o.contains("=") ? o.substring(0, o.indexOf('=')) : o;
                if (name.equals(key) && !kept.contains(o)) {
                    kept.add(o);
                    break;
                }
            }
        }
        return kept.isEmpty() ? type.toString() : type + " " + String.join(",", kept);
    }
}
