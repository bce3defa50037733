package benchsh.peer.fs;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.Range;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideBase;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Timing;
import benchsh.peer.workload.Workload;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Generates a reproducible tree of files ({@link TreePlan}) in a new directory on this host (role
 * "run"). The directory must not exist (else REFUSED at open); on failure (ENOSPC, permission: IO)
 * everything the run created is removed, and nothing else ({@link CreatedEntries}): a directory that
 * appeared at the path after the check is left alone, and so is anything another process put into the
 * new tree. Metrics: files, dirs, bytes, seconds, throughput and the file system of the tree. Role
 * "remove", with the same spec, regenerates the plan and removes exactly what it planned, only where it
 * is still what the generator wrote ({@link TreeRemoval}): the plan is a pure function of profile, shape
 * and seed, so no manifest has to outlive the peer (an SSH host's peer dies with its channel) or sit where
 * others could edit it.
 */
public final class TreeWorkload implements Workload {
    public static final String NAME = "tree";
    /** The mtime of every generated directory: 2020-01-01T00:00:00Z. */
    private static final long DIR_MTIME_MILLIS = 1_577_836_800_000L;
    /** At most this many refused entries are named in a removal's error. */
    private static final int EXAMPLES = 5;

    /**
     * The spec of both roles: the generator's, which the shell keeps for "remove".
     *
     * @param path   the tree's directory, absolute
     * @param shape  files, directories, bytes and size spread (the profile's, overridden and scaled by the shell)
     * @param seed   the same seed gives the same names, sizes, contents and mtimes
     * @param random incompressible content (else mail-like text)
     */
    public record Spec(String path, TreePlan.Profile profile, TreePlan.Shape shape, @Range(min = Long.MIN_VALUE, max = Long.MAX_VALUE) long seed,
                       boolean random, Timing timing) {
        public Spec {
            SafePaths.specPath("path", path);
        }

        /** The tree's directory, normalized. */
        public Path root() {
            return SafePaths.specPath("path", path);
        }

        /** The same tree with another timing (e.g. the remove verb's timeout). */
        public Spec withTiming(Timing t) {
            return new Spec(path, profile, shape, seed, random, t);
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, Class<? extends Record>> roles() {
        return Map.of("run", Spec.class, "remove", Spec.class);
    }

    @Override
    public Side open(String role, Record spec, Link link, SideContext context) throws IOException {
        Spec s = (Spec) spec;
        if (role.equals("remove")) {
            SafePaths.refuseLinks(s.root());
            return new RemovalSide(s, context);
        }
        SafePaths.requireNew(s.root());
        return new GeneratorSide(s, context);
    }

    /**
     * Writes {@code plan} under the new directory {@code created.base()}, creating every entry through
     * {@code created}; counts bytes on {@code meter} (stream 0); stops between blocks once {@code stopped}.
     */
    static void write(CreatedEntries created, TreePlan plan, boolean random, Meter meter, BooleanSupplier stopped) throws IOException {
        created.createDirectory("");
        for (String d : plan.dirs()) {
            created.createDirectory(d);
        }
        TreeContent content = new TreeContent(plan.seed(), random);
        ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20);
        List<TreePlan.File> files = plan.files();
        for (int i = 0; i < files.size() && !stopped.getAsBoolean(); i++) {
            TreePlan.File file = files.get(i);
            content.begin(i);
            try (FileChannel ch = created.createFile(file.name(), Set.of())) {
                long left = file.size();
                while (left > 0 && !stopped.getAsBoolean()) {
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
        if (stopped.getAsBoolean()) {
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

    /** Role "run": plans and writes the tree; a failed run removes what it created. */
    private static final class GeneratorSide extends SideBase {
        private final Spec spec;
        private final CreatedEntries created;
        private final Map<String, Object> extra = new LinkedHashMap<>();

        GeneratorSide(Spec spec, SideContext context) {
            super(Meter.Unit.BYTES, 1, Duration.ZERO, spec.timing().interval(), spec.timing().timeout(), context);
            this.spec = spec;
            this.created = new CreatedEntries(spec.root());
        }

        @Override
        public Map<String, Object> endpoint() {
            return Map.of();
        }

        @Override
        protected void work() {
            if (cancelled()) {
                return; // before planning: a big plan takes seconds to draw
            }
            TreePlan plan = TreePlan.of(spec.profile(), spec.shape(), spec.seed());
            extra.put("files", (long) plan.files().size());
            extra.put("dirs", (long) plan.dirs().size() + 1);
            extra.put("tree_bytes", plan.bytes());
            extra.put("path", spec.root().toString());
            extra.putAll(FsFacts.of(spec.root(), ""));
            meter.start();
            try {
                write(created, plan, spec.random(), meter, () -> cancelled() || meter.stallError() != null);
            } catch (IOException e) {
                fail(FsErrors.kind(e), FsErrors.describe(e, meter.total()));
            } finally {
                meter.stop();
            }
        }

        @Override
        protected String settle(String error) {
            return error != null && created.size() > 0 ? created.removeAll().addTo(error, "tree") : error;
        }

        @Override
        protected Map<String, Object> extraMetrics() {
            return extra;
        }
    }

    /**
     * Role "remove": removes what the same plan created; metrics removed_files, removed_dirs, kept_dirs,
     * refused, missing, seconds. Refused entries fail it (REFUSED), named.
     */
    private static final class RemovalSide extends SideBase {
        private final Spec spec;
        private final Map<String, Object> counts = new LinkedHashMap<>();

        RemovalSide(Spec spec, SideContext context) {
            super(Meter.Unit.BYTES, 1, Duration.ZERO, spec.timing().interval(), spec.timing().timeout(), context);
            this.spec = spec;
        }

        @Override
        public Map<String, Object> endpoint() {
            return Map.of();
        }

        @Override
        protected void work() {
            long t0 = System.nanoTime();
            counts.put("path", spec.root().toString());
            if (cancelled()) {
                return;
            }
            TreePlan plan = TreePlan.of(spec.profile(), spec.shape(), spec.seed());
            try {
                TreeRemoval.Counts c = TreeRemoval.remove(spec.root(), plan, this::cancelled);
                counts.put("removed_files", c.files());
                counts.put("removed_dirs", c.dirs());
                counts.put("kept_dirs", c.keptDirs());
                counts.put("refused", (long) c.refused().size());
                counts.put("missing", c.missing());
                counts.put("seconds", (System.nanoTime() - t0) / 1e9);
                if (!c.refused().isEmpty()) {
                    fail(ErrorKind.REFUSED, "refused " + c.refused().size() + " entries that are no longer what the generator made (links, devices, "
                            + "changed types, files of another size or mtime), left in place with the directories above them: "
                            + String.join(", ", c.refused().subList(0, Math.min(EXAMPLES, c.refused().size())))
                            + (c.refused().size() > EXAMPLES ? ", ..." : ""));
                }
            } catch (IOException e) {
                fail(FsErrors.kind(e), FsErrors.describe(e));
            }
        }

        @Override
        protected Map<String, Object> extraMetrics() {
            return counts;
        }
    }
}
