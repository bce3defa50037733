package benchsh.peer.fs;

import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.Endpoint;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.protocol.Range;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.Metered;
import benchsh.peer.workload.Role;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideBase;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Streamed;
import benchsh.peer.workload.Timing;
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
 *
 * <p>Refused at open (kind REFUSED): a path that is a link or a device, an existing path to write, a read
 * of something that is not a regular file, {@code direct} with blocks not aligned to the file system. While
 * running, ENOSPC and permission errors are IO, a path that appeared before the exclusive create REFUSED,
 * no progress for the timeout STALLED.
 */
public final class DiskWorkload implements Workload {
    public static final String NAME = "disk";
    public static final long MAX_BS = 64L << 20;
    /** The largest file a run writes or reads: 16 TiB. */
    public static final long MAX_BYTES = 1L << 44;

    /** What a run does with its file. */
    public enum Op {
        WRITE, READ
    }

    /**
     * The spec of role "run".
     *
     * @param path  the file, absolute
     * @param bytes how many bytes to write or read
     * @param bs    bytes per write or read (dd bs)
     * @param sync  one fdatasync at the end of a write, timed
     * @param dsync O_DSYNC on every write
     * @param direct O_DIRECT, with aligned buffers
     * @param cold  read cold: drop the page cache, else O_DIRECT, else say warm
     * @param keep  keep a file the run created
     */
    public record Spec(String path, Op op, @Range(min = 1, max = MAX_BYTES) long bytes, @Range(min = 1, max = MAX_BS) int bs, boolean sync,
                       boolean dsync, boolean direct, boolean cold, boolean keep, Timing timing) {
        public Spec {
            SafePaths.specPath("path", path);
        }

        /** The file, normalized. */
        public Path file() {
            return SafePaths.specPath("path", path);
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, Role> roles() {
        return Map.of("run", Role.of(Spec.class, Report.class));
    }

    /**
     * What a run reports: its meter's figures (the bytes written or read), the file system and its block size, the time
     * in the final fdatasync (NaN without {@code sync}) and, for a read, how it met the page cache.
     */
    public record Report(@OrNull Streamed meter, @OrNull FsFacts fs,
                         @Metric(unit = Unit.BYTES, means = "the file system's block size") long blockSizeBytes,
                         @Metric(unit = Unit.SECONDS, means = "time in the final fdatasync") double syncSeconds,
                         @Metric(unit = Unit.TEXT, means = "how a read met the page cache: dropped (the caches were dropped first), direct or warm")
                         @OrNull PageCache.Mode cache) implements Metered {
    }

    @Override
    public Side open(String role, Record spec, Link link, SideContext context) throws IOException {
        Spec s = (Spec) spec;
        Path path = s.file();
        SafePaths.refuseSpecial(path);
        boolean create = s.op() == Op.WRITE || !Files.exists(path, LinkOption.NOFOLLOW_LINKS);
        if (create) {
            SafePaths.requireNew(path);
        } else if (!Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
            throw new RefusedException(path + " is not a regular file");
        }
        int blockSize = blockSize(path);
        if (s.direct() && blockSize == 0) {
            throw new RefusedException("direct needs the file system's block size, and the file system of " + path + " does not say it: leave direct out");
        }
        if (s.direct() && (s.bs() % blockSize != 0 || s.op() == Op.WRITE && s.bytes() % blockSize != 0)) {
            throw new RefusedException("direct needs bs" + (s.op() == Op.WRITE ? " and bytes" : "")
                    + " in multiples of the file system block size (" + blockSize + " bytes)");
        }
        return new DiskSide(s, path, create, blockSize, context);
    }

    /** The block size of the file system that holds (or will hold) {@code file}; 0 where it does not say. */
    private static int blockSize(Path file) {
        try {
            return Math.toIntExact(Files.getFileStore(file.toAbsolutePath().getParent()).getBlockSize());
        } catch (IOException | UnsupportedOperationException | ArithmeticException e) {
            return 0;
        }
    }

    private static final class DiskSide extends SideBase {
        private final Spec spec;
        private final Path path;
        /** The run creates the file: a write, or a read of a file missing when the test was opened. */
        private final boolean create;
        /** The file system's block size, the alignment of direct reads and writes; 0 where the file system does not say. */
        private final int blockSize;
        private final CreatedEntries created;
        private FsFacts fs;
        private double syncSeconds = Double.NaN;
        private PageCache.Mode cache;

        DiskSide(Spec spec, Path path, boolean create, int blockSize, SideContext context) {
            super(Meter.Unit.BYTES, 1, Duration.ZERO, spec.timing().interval(), spec.timing().timeout(), context);
            this.spec = spec;
            this.path = path;
            this.create = create;
            this.blockSize = blockSize;
            this.created = new CreatedEntries(path);
        }

        @Override
        public Endpoint endpoint() {
            return null;
        }

        @Override
        protected void work() {
            fs = FsFacts.of(path);
            try {
                if (spec.op() == Op.WRITE) {
                    write(spec.direct(), spec.dsync(), spec.sync(), true);
                } else {
                    if (create) {
                        write(false, false, true, false);
                    }
                    read();
                }
            } catch (IOException e) {
                fail(FsErrors.kind(e), FsErrors.describe(e, meter.total()));
            } finally {
                meter.stop(); // removing the file is not timed
            }
        }

        private boolean stopped() {
            return cancelled() || meter.stallError() != null;
        }

        @Override
        protected String settle(String error) {
            if (created.size() > 0 && (!spec.keep() || error != null)) {
                return created.removeAll().addTo(error, "file");
            }
            return error;
        }

        @Override
        protected Report report() {
            return new Report(meter.streamed(), fs, blockSize, syncSeconds, cache);
        }

        /** Writes the file. With {@code measured} false it only prepares a file to read (not timed). */
        private void write(boolean direct, boolean dsync, boolean sync, boolean measured) throws IOException {
            Set<OpenOption> options = new HashSet<>();
            if (dsync) {
                options.add(StandardOpenOption.DSYNC);
            }
            if (direct) {
                options.add(ExtendedOpenOption.DIRECT);
            }
            ByteBuffer buf = buffer(direct ? blockSize : 1);
            SplittableRandom random = new SplittableRandom(42);
            while (buf.remaining() >= 8) {
                buf.putLong(random.nextLong());
            }
            buf.clear();
            try (FileChannel ch = track(created.createFile("", options))) {
                if (measured) {
                    meter.start();
                }
                long written = 0;
                while (written < spec.bytes() && !stopped()) {
                    buf.clear();
                    buf.limit((int) Math.min(spec.bs(), spec.bytes() - written));
                    while (buf.hasRemaining()) {
                        int n = ch.write(buf);
                        written += n;
                        if (measured) {
                            meter.add(0, n);
                        }
                    }
                }
                if (sync && !stopped()) {
                    long t = System.nanoTime();
                    ch.force(false);
                    if (measured) {
                        syncSeconds = (System.nanoTime() - t) / 1e9;
                    }
                }
            }
            if (stopped()) {
                throw new IOException("cancelled");
            }
        }

        private void read() throws IOException {
            boolean direct = spec.direct();
            if (spec.cold()) {
                PageCache.Mode mode;
                if (direct) {
                    mode = PageCache.Mode.DIRECT;
                } else if (PageCache.drop()) {
                    mode = PageCache.Mode.DROPPED;
                } else if (blockSize > 0 && spec.bs() % blockSize == 0) {
                    direct = true;
                    mode = PageCache.Mode.DIRECT;
                } else {
                    mode = PageCache.Mode.WARM;
                }
                cache = mode;
            } else {
                cache = direct ? PageCache.Mode.DIRECT : PageCache.Mode.WARM;
            }
            List<OpenOption> options = new ArrayList<>(List.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
            if (direct) {
                options.add(ExtendedOpenOption.DIRECT);
            }
            ByteBuffer buf = buffer(direct ? blockSize : 1);
            try (FileChannel ch = track(FileChannel.open(path, options.toArray(OpenOption[]::new)))) {
                meter.start();
                long read = 0;
                while (read < spec.bytes() && !stopped()) {
                    buf.clear();
                    long left = spec.bytes() - read;
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
            if (stopped()) {
                throw new IOException("cancelled");
            }
        }

        private ByteBuffer buffer(int align) {
            if (align <= 1) {
                return ByteBuffer.allocateDirect(spec.bs());
            }
            // the aligned slice starts at the next multiple of align and ends at the last one: room for bs rounded up
            int rounded = (int) ((spec.bs() + (long) align - 1) / align * align);
            return ByteBuffer.allocateDirect(rounded + align).alignedSlice(align).limit(spec.bs()).slice();
        }
    }
}
