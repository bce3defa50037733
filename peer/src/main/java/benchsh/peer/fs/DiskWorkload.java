package benchsh.peer.fs;

import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.LegacyWorkload;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Workload;
import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * {@code dd} on one host: writes or reads one file in blocks of {@code bs} bytes.
 *
 * <p>Writes create a new file (an existing path is refused) and remove it afterwards unless
 * {@code keep}; {@code sync} adds one fdatasync inside the timed span, {@code dsync} opens with
 * O_DSYNC, {@code direct} with O_DIRECT and buffers aligned to the file system's block size. Reads
 * read an existing file (never removed) or first create one of the asked size (removed afterwards
 * unless {@code keep}); {@code cold} drops the page cache, else reads with O_DIRECT, else reports
 * the read as warm (metric {@code cache}). ENOSPC stops the run, removes the partial file and
 * reports the bytes written. Only the file this run created (O_EXCL, recorded in
 * {@link CreatedEntries}) is ever removed, and only while it is still that file. One role: "run".
 */
public final class DiskWorkload extends LegacyWorkload {
    public static final long MAX_BS = 64L << 20;
    static final long MAX_NANOS = Duration.ofHours(24).toNanos();

    @Override
    public String name() {
        return "disk";
    }

    record Spec(Path path, boolean write, long bytes, int bs, boolean sync, boolean dsync, boolean direct, boolean cold, boolean keep,
                long intervalNanos, long timeoutNanos) {

        static Spec parse(String role, Fields f) throws ProtocolException {
            if (!role.equals("run")) {
                throw new ProtocolException("disk has no role '" + role + "' (run)");
            }
            String op = f.string("op");
            if (!op.equals("write") && !op.equals("read")) {
                throw new ProtocolException("disk op must be write or read, not '" + op + "'");
            }
            Path path;
            try {
                path = SafePaths.absolute(f.string("path"));
            } catch (IOException e) {
                throw new ProtocolException(e.getMessage());
            }
            Spec s = new Spec(path, op.equals("write"),
                    f.integer("bytes", 1, Long.MAX_VALUE / 2),
                    (int) f.integer("bs", 1, MAX_BS, 1L << 20),
                    f.bool("sync", false), f.bool("dsync", false), f.bool("direct", false), f.bool("cold", false), f.bool("keep", false),
                    f.integer("interval_ns", 10_000_000L, MAX_NANOS, 1_000_000_000L),
                    f.integer("timeout_ns", 100_000_000L, MAX_NANOS, 60_000_000_000L));
            f.end();
            return s;
        }
    }

    @Override
    protected Side open(String role, Fields spec, SideContext context) throws IOException {
        Spec s = Spec.parse(role, spec);
        SafePaths.refuseSpecial(s.path);
        boolean create = s.write || !Files.exists(s.path, LinkOption.NOFOLLOW_LINKS);
        if (create) {
            SafePaths.requireNew(s.path);
        } else if (!Files.isRegularFile(s.path, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(s.path + " is not a regular file");
        }
        return new DiskSide(s, create, context);
    }

    private static final class DiskSide extends LocalSide {
        private final Spec spec;
        /** The run creates the file: a write, or a read of a file missing when the test was opened. */
        private final boolean create;

        DiskSide(Spec spec, boolean create, SideContext context) {
            super(spec.intervalNanos, spec.timeoutNanos, context);
            this.spec = spec;
            this.create = create;
        }

        @Override
        public Outcome run() {
            Map<String, Object> extra = new LinkedHashMap<>(FsFacts.of(spec.path, ""));
            CreatedEntries created = new CreatedEntries(spec.path);
            String error = null;
            try {
                int align = spec.direct || spec.cold ? Math.toIntExact(Files.getFileStore(spec.path.getParent()).getBlockSize()) : 1;
                extra.put("block_size_bytes", (long) align);
                if (spec.write) {
                    write(created, spec.direct, spec.dsync, spec.sync, true, align, extra);
                } else {
                    if (create) {
                        write(created, false, false, true, false, align, extra);
                    }
                    read(align, extra);
                }
            } catch (IOException e) {
                error = cancelled ? cancelReason() : FsErrors.describe(e);
                if (FsErrors.noSpace(e)) {
                    error += " after " + meter.total() + " bytes";
                }
            }
            Outcome o = meter.started() ? meter.finish(error, extra) : new Outcome(extra, List.of(), error);
            if (created.size() > 0 && (!spec.keep || error != null)) {
                return new Outcome(o.metrics(), o.intervals(), created.removeAll().addTo(error, "file"));
            }
            return o;
        }

        /**
         * Writes the file. With {@code measured} false it only prepares a file to read (not timed).
         */
        private void write(CreatedEntries created, boolean direct, boolean dsync, boolean sync, boolean measured, int align,
                           Map<String, Object> extra) throws IOException, ProtocolException {
            if (direct && (spec.bs % align != 0 || spec.bytes % align != 0)) {
                throw new ProtocolException("direct needs bs and bytes in multiples of the file system block size (" + align + " bytes)");
            }
            Set<OpenOption> options = new HashSet<>();
            if (dsync) {
                options.add(StandardOpenOption.DSYNC);
            }
            if (direct) {
                options.add(ExtendedOpenOption.DIRECT);
            }
            ByteBuffer buf = buffer(align);
            SplittableRandom random = new SplittableRandom(42);
            while (buf.remaining() >= 8) {
                buf.putLong(random.nextLong());
            }
            buf.clear();
            try (FileChannel ch = created.createFile("", options)) {
                if (measured) {
                    meter.start();
                }
                long written = 0;
                while (written < spec.bytes && !cancelled) {
                    buf.clear();
                    buf.limit((int) Math.min(spec.bs, spec.bytes - written));
                    while (buf.hasRemaining()) {
                        int n = ch.write(buf);
                        written += n;
                        if (measured) {
                            meter.add(0, n);
                        }
                    }
                }
                if (sync && !cancelled) {
                    long t = System.nanoTime();
                    ch.force(false);
                    if (measured) {
                        extra.put("sync_seconds", (System.nanoTime() - t) / 1e9);
                    }
                }
            }
            if (cancelled) {
                throw new IOException("cancelled");
            }
        }

        private void read(int align, Map<String, Object> extra) throws IOException, ProtocolException {
            boolean direct = spec.direct;
            if (spec.cold) {
                PageCache.Mode mode;
                if (direct) {
                    mode = PageCache.Mode.DIRECT;
                } else if (PageCache.drop()) {
                    mode = PageCache.Mode.DROPPED;
                } else if (spec.bs % align == 0) {
                    direct = true;
                    mode = PageCache.Mode.DIRECT;
                } else {
                    mode = PageCache.Mode.WARM;
                }
                extra.put("cache", mode.wire());
            } else {
                extra.put("cache", direct ? PageCache.Mode.DIRECT.wire() : PageCache.Mode.WARM.wire());
            }
            if (direct && spec.bs % align != 0) {
                throw new ProtocolException("direct needs bs in multiples of the file system block size (" + align + " bytes)");
            }
            List<OpenOption> options = new ArrayList<>(List.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
            if (direct) {
                options.add(ExtendedOpenOption.DIRECT);
            }
            ByteBuffer buf = buffer(direct ? align : 1);
            try (FileChannel ch = FileChannel.open(spec.path, options.toArray(OpenOption[]::new))) {
                meter.start();
                long read = 0;
                while (read < spec.bytes && !cancelled) {
                    buf.clear();
                    long left = spec.bytes - read;
                    if (left < buf.capacity() && !direct) {
                        buf.limit((int) left);
                    }
                    int n = ch.read(buf);
                    if (n < 0) {
                        break;
                    }
                    n = (int) Math.min(n, left);
                    read += n;
                    meter.add(0, n);
                }
            }
            if (cancelled) {
                throw new IOException("cancelled");
            }
        }

        private ByteBuffer buffer(int align) {
            if (align <= 1) {
                return ByteBuffer.allocateDirect(spec.bs);
            }
            return ByteBuffer.allocateDirect(spec.bs + align).alignedSlice(align).limit(spec.bs).slice();
        }
    }
}
