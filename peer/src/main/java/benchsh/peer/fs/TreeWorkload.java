package benchsh.peer.fs;

import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.LegacyWorkload;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Workload;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Generates a reproducible tree of files ({@link TreePlan}) in a new directory on this host. The
 * directory must not exist; on failure (ENOSPC, permission) everything the run created is removed,
 * and nothing else ({@link CreatedEntries}): a directory that appeared at the path after the check
 * is left alone, and so is anything another process put into the new tree. One role:
 * "run". Metrics: files, dirs, bytes, seconds, throughput and the file system of the tree. Role
 * "remove", with the same spec, regenerates the plan and removes exactly what it created
 * ({@link TreeRemoval}): the plan is a pure function of profile, shape and seed, so no manifest has
 * to outlive the peer (an SSH host's peer dies with its channel) or sit where others could edit it.
 */
public final class TreeWorkload extends LegacyWorkload {
    /** The mtime of every generated directory: 2020-01-01T00:00:00Z. */
    private static final long DIR_MTIME_MILLIS = 1_577_836_800_000L;

    @Override
    public String name() {
        return "tree";
    }

    record Spec(boolean remove, Path path, String profile, TreePlan.Shape shape, long seed, boolean random, long intervalNanos, long timeoutNanos) {
        static Spec parse(String role, Fields f) throws ProtocolException {
            if (!role.equals("run") && !role.equals("remove")) {
                throw new ProtocolException("tree has no role '" + role + "' (run, remove)");
            }
            Path path;
            try {
                path = SafePaths.absolute(f.string("path"));
            } catch (IOException e) {
                throw new ProtocolException(e.getMessage());
            }
            String profile = f.string("profile", "custom");
            TreePlan.Shape base = TreePlan.shape(profile);
            if (base == null && !profile.equals("custom")) {
                throw new ProtocolException("unknown tree profile '" + profile + "' (maildir, portage, tarballs, video, custom)");
            }
            if (base == null) {
                base = new TreePlan.Shape(100, 1, 100L << 10, 1.0);
            }
            double scale = f.has("scale") ? f.number("scale") : 1.0;
            if (!(scale > 0 && scale <= 100)) {
                throw new ProtocolException("tree scale must be in (0, 100], not " + scale);
            }
            TreePlan.Shape shape = new TreePlan.Shape(
                    f.integer("files", 1, TreePlan.MAX_FILES, base.files()),
                    f.integer("dirs", 1, TreePlan.MAX_DIRS, base.dirs()),
                    f.integer("bytes", 0, 1L << 44, base.bytes()),
                    f.has("sigma") ? f.number("sigma") : base.sigma()).scaled(scale);
            if (shape.sigma() < 0 || shape.sigma() > 5) {
                throw new ProtocolException("tree sigma must be in [0, 5], not " + shape.sigma());
            }
            Spec s = new Spec(role.equals("remove"), path, profile, shape, f.integer("seed", Long.MIN_VALUE, Long.MAX_VALUE, 1), f.bool("random", false),
                    f.integer("interval_ns", 10_000_000L, DiskWorkload.MAX_NANOS, 1_000_000_000L),
                    f.integer("timeout_ns", 100_000_000L, DiskWorkload.MAX_NANOS, 60_000_000_000L));
            f.end();
            return s;
        }
    }

    @Override
    protected Side open(String role, Fields spec, SideContext context) throws IOException {
        Spec s = Spec.parse(role, spec);
        if (s.remove) {
            SafePaths.refuseSpecial(s.path);
        } else {
            SafePaths.requireNew(s.path);
        }
        return new TreeSide(s, context);
    }

    /**
     * Writes {@code plan} under the new directory {@code created.base()}, creating every entry through
     * {@code created}; counts bytes on {@code meter} (stream 0).
     */
    static void write(CreatedEntries created, TreePlan plan, boolean random, Meter meter, java.util.function.BooleanSupplier cancelled)
            throws IOException {
        created.createDirectory("");
        for (String d : plan.dirs()) {
            created.createDirectory(d);
        }
        TreeContent content = new TreeContent(plan.seed(), random);
        ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20);
        List<TreePlan.File> files = plan.files();
        for (int i = 0; i < files.size() && !cancelled.getAsBoolean(); i++) {
            TreePlan.File file = files.get(i);
            content.begin(i);
            try (FileChannel ch = created.createFile(file.name(), Set.of())) {
                long left = file.size();
                while (left > 0) {
                    buf.clear();
                    buf.limit((int) Math.min(buf.capacity(), left));
                    content.fill(buf);
                    buf.flip();
                    while (buf.hasRemaining()) {
                        int n = ch.write(buf);
                        left -= n;
                        meter.add(0, n);
                    }
                }
            }
            mtime(created.path(file.name()), file.mtimeMillis());
        }
        if (cancelled.getAsBoolean()) {
            throw new IOException("cancelled");
        }
        for (int i = plan.dirs().size() - 1; i >= -1; i--) {
            mtime(created.path(i < 0 ? "" : plan.dirs().get(i)), DIR_MTIME_MILLIS);
        }
    }

    /** Sets the mtime of an entry the run created, never through a link. */
    private static void mtime(Path p, long millis) throws IOException {
        Files.getFileAttributeView(p, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .setTimes(FileTime.fromMillis(millis), null, null);
    }

    private static final class TreeSide extends LocalSide {
        private final Spec spec;

        TreeSide(Spec spec, SideContext context) {
            super(spec.intervalNanos, spec.timeoutNanos, context);
            this.spec = spec;
        }

        @Override
        public Outcome run() {
            if (cancelled) {
                return Outcome.failed(cancelReason()); // before planning: a big plan takes seconds to draw
            }
            TreePlan plan;
            try {
                plan = TreePlan.of(spec.profile, spec.shape, spec.seed);
            } catch (IllegalArgumentException e) {
                return Outcome.failed(e.getMessage());
            }
            if (spec.remove) {
                return remove(plan);
            }
            Map<String, Object> extra = new LinkedHashMap<>();
            extra.put("files", (long) plan.files().size());
            extra.put("dirs", (long) plan.dirs().size() + 1);
            extra.put("tree_bytes", plan.bytes());
            extra.put("path", spec.path.toString());
            extra.putAll(FsFacts.of(spec.path, ""));
            String error = null;
            CreatedEntries created = new CreatedEntries(spec.path);
            meter.start();
            try {
                write(created, plan, spec.random, meter, () -> cancelled);
            } catch (IOException e) {
                error = cancelled ? cancelReason() : FsErrors.describe(e);
                if (FsErrors.noSpace(e)) {
                    error += " after " + meter.total() + " bytes";
                }
                if (created.size() > 0) {
                    error = created.removeAll().addTo(error, "tree");
                }
            }
            Outcome o = meter.finish(error, extra);
            Map<String, Object> m = new LinkedHashMap<>(o.metrics());
            double seconds = ((Number) m.get("seconds")).doubleValue();
            m.put("files_per_s", seconds > 0 ? plan.files().size() / seconds : 0.0);
            return new Outcome(m, o.intervals(), o.error());
        }

        /** Role "remove": removes what the same plan created; metrics removed_files, removed_dirs, kept_dirs, refused, missing, seconds. */
        private Outcome remove(TreePlan plan) {
            long t0 = System.nanoTime();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("path", spec.path.toString());
            try {
                TreeRemoval.Counts c = TreeRemoval.remove(spec.path, plan, () -> cancelled);
                m.put("removed_files", c.files());
                m.put("removed_dirs", c.dirs());
                m.put("kept_dirs", c.keptDirs());
                m.put("refused", (long) c.refused().size());
                m.put("missing", c.missing());
                m.put("seconds", (System.nanoTime() - t0) / 1e9);
                String error = null;
                if (!c.refused().isEmpty()) {
                    error = "refused " + c.refused().size() + " entries that are no longer what the generator made (links, devices, "
                            + "changed types), left in place with the directories above them: "
                            + String.join(", ", c.refused().subList(0, Math.min(5, c.refused().size())))
                            + (c.refused().size() > 5 ? ", ..." : "");
                }
                return new Outcome(m, List.of(), error);
            } catch (IOException e) {
                return new Outcome(m, List.of(), FsErrors.describe(e));
            }
        }
    }
}
