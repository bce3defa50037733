package benchsh.peer.fs;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import benchsh.peer.workload.LinkedSide;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Timing;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One side of a {@link CopyWorkload}: the timed copy ({@link #move}), then, when it went well and
 * {@code verify} asks, the digests of the side's ends (outside the timed span); when the copy failed or
 * {@code keep} is false, the removal of exactly what this side created, said in its error. Metrics:
 * the meter's (bytes, seconds, throughput, CPU), files, dirs, skipped, attributes_not_kept, the file
 * systems of both ends ({@code src_fs_type}, {@code dst_mount_options}, ...), and {@code removed} after
 * a removal. Runs on the peer's side thread; {@link #cancel} and the meter's stall close its channels.
 */
abstract class CopySide extends LinkedSide {
    /** The source, or null on a receiver. */
    private final Path src;
    /** The destination, or null on a sender. */
    private final Path dst;
    private final boolean verify;
    private final boolean keep;
    /** Writes the destination; null on a sender. */
    protected final TreeSink sink;
    protected final Map<String, Object> extra = new LinkedHashMap<>();

    /** @param end the side's end of the link ({@link End#NONE} for a local copy) */
    CopySide(End end, Link link, Path src, Path dst, boolean verify, boolean keep, int threads, Timing timing, SideContext context) throws IOException {
        super(end, link, 0, Meter.Unit.BYTES, 1, Duration.ZERO, timing, context);
        this.src = src;
        this.dst = dst;
        this.verify = verify;
        this.keep = keep;
        this.sink = dst == null ? null : new TreeSink(dst, n -> meter.add(0, n), threads);
    }

    /** Copies, starting the meter when the data begins to flow. */
    protected abstract void move() throws IOException;

    @Override
    protected final void work() {
        if (src != null) {
            extra.putAll(FsFacts.of(src, "src_"));
        }
        if (dst != null) {
            extra.putAll(FsFacts.of(dst, "dst_"));
        }
        try {
            move();
        } catch (IOException e) {
            fail(FsErrors.kind(e), FsErrors.describe(e, meter.total()));
            return;
        } catch (RuntimeException e) {
            fail(ErrorKind.IO, message(e));
            return;
        } finally {
            meter.stop();
        }
        if (verify && !stopped()) {
            digests();
        }
    }

    /** The copy should stop: cancelled, or no data moved for the timeout. */
    protected boolean stopped() {
        return cancelled() || meter.stallError() != null;
    }

    /** Adds the verification digests (after the timed span). */
    private void digests() {
        try {
            if (src != null) {
                extra.put("src_digest", TreeDigest.of(src));
            }
            if (dst != null) {
                extra.put("dst_digest", TreeDigest.of(dst));
            }
        } catch (IOException e) {
            fail(ErrorKind.IO, "verify: " + FsErrors.describe(e));
        }
    }

    /** Walks the source directory into {@code visitor} on {@code threads} threads ({@link ParallelTreeWalk}), counting what it skipped. */
    protected void walkInParallel(Path source, TreeVisitor visitor, int threads) throws IOException {
        ParallelTreeWalk parallel = new ParallelTreeWalk(source, visitor, threads);
        try {
            parallel.run(this::stopped);
        } finally {
            extra.put("skipped", parallel.skipped());
        }
    }

    /** Drops the page cache before the source is read, with {@code cold}; says how in {@code cache}. */
    protected void cold(boolean cold) {
        if (cold) {
            extra.put("cache", PageCache.drop() ? PageCache.Mode.DROPPED.wire() : PageCache.Mode.WARM.wire());
        }
    }

    @Override
    protected void cleanup() {
        if (sink != null) {
            sink.close(); // waits for running writers, so a removal sees every file
        }
    }

    @Override
    protected String settle(String error) {
        if (sink == null || sink.created().size() == 0 || error == null && keep) {
            return error;
        }
        CreatedEntries.Removal removal = sink.created().removeAll();
        extra.put("removed", removal.complete());
        return removal.addTo(error, "copy");
    }

    @Override
    protected Map<String, Object> extraMetrics() {
        Map<String, Object> m = new LinkedHashMap<>(extra);
        if (sink != null) {
            m.put("files", sink.files());
            m.put("dirs", sink.dirs());
            m.put("attributes_not_kept", sink.attributesNotKept());
            m.put("file_io", sink.fileIo());
        }
        return m;
    }

    /**
     * Role "local": walks the source and writes the destination on this host, like cp -a; with
     * {@code threads > 1} a {@link ParallelTreeWalk} lists directories and copies files on that many threads.
     */
    static final class LocalCopy extends CopySide {
        private final CopyWorkload.Local spec;
        private final Path source;

        LocalCopy(CopyWorkload.Local spec, Path src, Path dst, SideContext context) throws IOException {
            super(End.NONE, null, src, dst, spec.verify(), spec.keep(), 1, spec.timing(), context); // the walk's threads write
            this.spec = spec;
            this.source = src;
        }

        @Override
        protected void move() throws IOException {
            TreeSource walk = new TreeSource(source);
            cold(spec.cold());
            meter.start();
            boolean file = walk.isFile();
            sink.start(file);
            if (file || spec.threads() == 1) {
                walk.walk(sink, this::stopped);
                extra.put("skipped", walk.skipped());
            } else {
                walkInParallel(source, sink, spec.threads());
            }
            sink.finish();
        }
    }

    /** Role "listen": admits the sender's connection by the test's token and writes what it sends. */
    static final class Receiver extends CopySide {
        /** Binds the listener on the link's address. */
        Receiver(CopyWorkload.Receive spec, Path dst, Link link, SideContext context) throws IOException {
            super(End.LISTEN, link, null, dst, spec.verify(), spec.keep(), spec.threads(), spec.timing(), context);
        }

        @Override
        protected void move() throws IOException {
            SocketChannel channel;
            try {
                channel = accept(1).get(0);
            } finally {
                extra.put("strays_dropped", strays());
            }
            meter.start();
            TreeArchive.Reader reader = new TreeArchive.Reader(channel);
            sink.start(reader.header());
            reader.replay(sink, CopyWorkload.MAX_ENTRIES);
        }
    }

    /**
     * Role "connect": walks the source and streams it to the receiver as a {@link TreeArchive}; a directory with
     * {@link CopyWorkload#DEFAULT_THREADS} threads that list directories and read files ahead ({@link ParallelTreeWalk},
     * {@link SharedArchiveWriter}), a single file on this thread.
     */
    static final class Sender extends CopySide {
        private final CopyWorkload.Send spec;
        private final Path source;

        Sender(CopyWorkload.Send spec, Path src, Link link, SideContext context) throws IOException {
            super(End.CONNECT, link, src, null, spec.verify(), true, 1, spec.timing(), context);
            this.spec = spec;
            this.source = src;
        }

        @Override
        protected void move() throws IOException {
            TreeSource walk = new TreeSource(source);
            cold(spec.cold());
            SocketChannel channel = connect(0, 0, false);
            meter.start();
            TreeArchive.Writer writer = new TreeArchive.Writer(channel, walk.isFile(), n -> meter.add(0, n));
            if (walk.isFile()) {
                walk.walk(writer, this::stopped);
                extra.put("skipped", walk.skipped());
            } else {
                walkInParallel(source, new SharedArchiveWriter(writer), CopyWorkload.DEFAULT_THREADS);
            }
            writer.end();
            extra.put("files", writer.files());
            extra.put("dirs", writer.dirs() + (walk.isFile() ? 0 : 1));
            drain(0, channel); // the receiver closes once it has written everything
        }
    }
}
