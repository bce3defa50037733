package benchsh.peer.fs;

import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import benchsh.peer.workload.LinkedSide;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.Role;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Timing;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;

/**
 * One side of a {@link CopyWorkload}: the timed copy ({@link #move}), then, when it went well and
 * {@code verify} asks, the digests of the side's ends (outside the timed span); when the copy failed or
 * {@code keep} is false, the removal of exactly what this side created, said in its error. Its report is a
 * {@link CopyWorkload.Report}. Runs on the peer's side thread; {@link #cancel} and the meter's stall close its channels.
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
    private FsFacts srcFs;
    private FsFacts dstFs;
    private Long straysDropped;
    private PageCache.Mode cache;
    private Long skipped;
    private Long sentFiles;
    private Long sentDirs;
    private String srcDigest;
    private String dstDigest;
    private Boolean removed;
    /** A receiver's threads writing small files; null on the other sides. */
    private final Integer writeThreads;

    /** @param end the side's end of the link ({@link End#NONE} for a local copy) */
    CopySide(End end, Link link, Path src, Path dst, boolean verify, boolean keep, int threads, Timing timing, SideContext context) throws IOException {
        super(end, link, 0, Meter.Unit.BYTES, 1, Duration.ZERO, timing, context);
        this.src = src;
        this.dst = dst;
        this.verify = verify;
        this.keep = keep;
        this.sink = dst == null ? null : new TreeSink(dst, n -> meter.add(0, n), threads);
        this.writeThreads = end == End.LISTEN ? threads : null;
    }

    /** Copies, starting the meter when the data begins to flow. */
    protected abstract void move() throws IOException;

    @Override
    protected final void work() {
        srcFs = src == null ? null : FsFacts.of(src);
        dstFs = dst == null ? null : FsFacts.of(dst);
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
                srcDigest = TreeDigest.of(src);
            }
            if (dst != null) {
                dstDigest = TreeDigest.of(dst);
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
            skipped = parallel.skipped();
        }
    }

    /** Drops the page cache before the source is read, with {@code cold}; says how in {@code cache}. */
    protected void cold(boolean cold) {
        if (cold) {
            cache = PageCache.drop() ? PageCache.Mode.DROPPED : PageCache.Mode.WARM;
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
        removed = removal.complete();
        return removal.addTo(error, "copy");
    }

    @Override
    protected CopyWorkload.Report report() {
        CopyWorkload.Source source = src == null ? null : new CopyWorkload.Source(srcFs, cache, skipped, srcDigest);
        CopyWorkload.Destination destination = sink == null ? null
                : new CopyWorkload.Destination(dstFs, new CopyWorkload.Count(sink.files(), sink.dirs()), sink.attributesNotKept(), sink.fileIo(), writeThreads,
                        dstDigest);
        return new CopyWorkload.Report(meter.streamed(), source, destination, sentFiles == null ? null : new CopyWorkload.Count(sentFiles, sentDirs),
                straysDropped, removed);
    }

    /** Notes the connections the listener dropped. */
    protected void strayCount() {
        straysDropped = strays();
    }

    /** What a sender streamed: its files and directories. */
    protected void sent(long files, long dirs) {
        sentFiles = files;
        sentDirs = dirs;
    }

    /** What a walk on this side's thread skipped. */
    protected void skipped(long n) {
        skipped = n;
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
                skipped(walk.skipped());
            } else {
                walkInParallel(source, sink, spec.threads());
            }
            sink.finish();
        }
    }

    /** Role "listen": admits the sender's connection by the test's token and writes what it sends. */
    static final class Receiver extends CopySide {
        private final boolean tar;

        /** Binds the listener on the link's address. */
        Receiver(CopyWorkload.Receive spec, Path dst, Link link, SideContext context) throws IOException {
            super(End.LISTEN, link, null, dst, spec.verify(), spec.keep(), spec.threads() == CopyWorkload.CHOSEN_THREADS
                    ? CopyWorkload.receiverThreads(dst, Runtime.getRuntime().availableProcessors()) : spec.threads(), spec.timing(), context);
            this.tar = link.plain();
        }

        @Override
        protected void move() throws IOException {
            SocketChannel channel;
            try {
                channel = accept(1).get(0);
            } finally {
                strayCount();
            }
            meter.start();
            if (tar) {
                new TarArchive.Reader(channel).replay(sink, CopyWorkload.MAX_ENTRIES);
                return;
            }
            TreeArchive.Reader reader = new TreeArchive.Reader(channel);
            sink.start(reader.header());
            reader.replay(sink, CopyWorkload.MAX_ENTRIES);
        }
    }

    /**
     * Role "connect": walks the source and streams it to the receiver as a {@link TreeArchive} (or, to a host's own tar, a {@link
     * TarArchive}); a directory with
     * {@link CopyWorkload#DEFAULT_THREADS} threads that list directories and read files ahead ({@link ParallelTreeWalk},
     * {@link SharedArchiveWriter}), a single file on this thread.
     */
    static final class Sender extends CopySide {
        private final CopyWorkload.Send spec;
        private final Path source;
        private final boolean tar;

        Sender(CopyWorkload.Send spec, Path src, Link link, SideContext context) throws IOException {
            super(End.CONNECT, link, src, null, spec.verify(), true, 1, spec.timing(), context);
            this.spec = spec;
            this.source = src;
            this.tar = link.plain();
        }

        @Override
        protected void move() throws IOException {
            TreeSource walk = new TreeSource(source);
            cold(spec.cold());
            SocketChannel channel = connect(0, 0, false);
            meter.start();
            ArchiveWriter writer = tar ? new TarArchive.Writer(channel, n -> meter.add(0, n)) : new TreeArchive.Writer(channel, walk.isFile(),
                    n -> meter.add(0, n));
            if (walk.isFile()) {
                walk.walk(writer, this::stopped);
                skipped(walk.skipped());
            } else {
                walkInParallel(source, new SharedArchiveWriter(writer), CopyWorkload.DEFAULT_THREADS);
            }
            writer.end();
            sent(writer.files(), writer.dirs() + (walk.isFile() ? 0 : 1));
            drain(0, channel); // the receiver closes once it has written everything
        }
    }
}
