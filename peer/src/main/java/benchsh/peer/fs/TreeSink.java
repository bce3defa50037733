package benchsh.peer.fs;

import java.io.IOException;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * Writes received or copied entries into a new destination that this run creates. This class keeps the order
 * of entries: the destination is started once, as a directory or as a single file; every name is checked
 * ({@link SafePaths#checkName}), so nothing lands outside the destination; a single-file copy holds exactly one
 * unnamed file, a tree no unnamed entry; a worker's failure stops the entries after it. The entries themselves
 * are written by an {@link EntryWriter} (exclusive creates recorded in the run's {@link CreatedEntries}, the only
 * entries a cleanup removes; modes and times kept where the file system allows; directory mtimes set at the
 * end). Small received files may be written by a few worker threads ({@code threads > 1},
 * {@link SmallFileBatches}) while the stream goes on; a local file is copied on the thread that hands it over.
 * Thread-safety: {@link #dir} and the local {@link #file(String, PosixFileAttributes, Path)} may be called from
 * several threads at once (a {@link ParallelTreeWalk}), a directory always before anything inside it; the
 * stream's {@link #file(String, int, long, long, ReadableByteChannel)} from one thread; {@link #close()} stops the
 * workers.
 */
final class TreeSink implements TreeVisitor, AutoCloseable {
    private final CreatedEntries created;
    private final EntryWriter writer;
    /** Names may hold backslashes: the destination is this JVM's POSIX file system ({@link SafePaths#backslashIsOrdinary}). */
    private final boolean backslashIsOrdinary;
    /** The workers' batches of small received files; null when they are written inline. */
    private final SmallFileBatches batches;
    private final AtomicLong dirs = new AtomicLong();
    private boolean started;
    private boolean rootIsFile;

    /**
     * @param progress told of every content byte written (from any worker thread)
     * @param threads  worker threads for small received files; 1 writes inline
     */
    TreeSink(Path root, LongConsumer progress, int threads) {
        this.created = new CreatedEntries(root);
        this.writer = new EntryWriter(created, progress);
        this.backslashIsOrdinary = SafePaths.backslashIsOrdinary(root);
        this.batches = threads > 1 ? new SmallFileBatches(writer, threads) : null;
    }

    /** Checks the destination is new before anything is sent. */
    static void check(Path root) throws IOException {
        SafePaths.requireNew(root);
    }

    /**
     * Creates the destination: a new directory, or (for a single-file copy) nothing until the file
     * arrives. Its exclusive create is the check that counts: what appeared since {@link #check} is left alone.
     */
    void start(boolean asFile) throws IOException {
        if (started) {
            throw new IOException("the destination was already started");
        }
        if (!asFile) {
            created.createDirectory("");
            dirs.incrementAndGet();
        }
        started = true;
        rootIsFile = asFile;
    }

    /** Refuses an entry out of order: before the start, of the wrong kind for the destination, or after a failure. */
    private void expect(boolean file) throws IOException {
        if (!started) {
            throw new IOException("entry before the destination was started");
        }
        if (rootIsFile != file) {
            throw new IOException(rootIsFile ? "rejected tree: a single-file copy holds exactly one unnamed file"
                    : "rejected tree: an unnamed entry inside a directory tree");
        }
        if (rootIsFile && writer.files() > 0) {
            throw new IOException("rejected tree: a single-file copy holds exactly one file");
        }
        IOException f = batches == null ? null : batches.failure();
        if (f != null) {
            throw f;
        }
    }

    /** What this sink created: the only entries a cleanup may remove. */
    CreatedEntries created() {
        return created;
    }

    @Override
    public void dir(String name, int mode, long mtimeMillis) throws IOException {
        expect(false);
        SafePaths.checkName(name, backslashIsOrdinary);
        writer.directory(name, mode, mtimeMillis);
        dirs.incrementAndGet();
    }

    @Override
    public void file(String name, int mode, long mtimeMillis, long size, ReadableByteChannel content) throws IOException {
        expect(name.isEmpty());
        String checked = checked(name);
        if (batches == null || !SmallFileBatches.fits(size) || rootIsFile) {
            writer.receive(checked, mode, size, content, FileTime.fromMillis(mtimeMillis));
            return;
        }
        // small files: read the content off the stream into a batch now; a worker creates and writes the batch's files
        batches.add(checked, mode, mtimeMillis, size, content);
    }

    @Override
    public void file(String name, PosixFileAttributes attrs, Path source) throws IOException {
        expect(name.isEmpty());
        writer.copy(source, checked(name), attrs);
    }

    /** {@code name} once {@link SafePaths#checkName} accepted it ("" names the root of a single-file copy). */
    private String checked(String name) throws IOException {
        if (!name.isEmpty()) {
            SafePaths.checkName(name, backslashIsOrdinary);
        }
        return name;
    }

    /**
     * Waits for the workers, reports their first failure, then sets the directories' mtimes, deepest
     * first (writing into a directory changes its mtime).
     */
    void finish() throws IOException {
        if (batches != null) {
            batches.finish();
        }
        writer.setDirectoryTimes();
    }

    /** Stops the workers and waits for running copies (so a removal after a failure sees every file). */
    @Override
    public void close() {
        if (batches != null) {
            batches.close();
        }
    }

    long files() {
        return writer.files();
    }

    long dirs() {
        return dirs.get();
    }

    long bytes() {
        return writer.bytes();
    }

    /** How files are written: "native" ({@link benchsh.peer.io.NativeFiles}) or "nio". */
    String fileIo() {
        return writer.fileIo();
    }

    long attributesNotKept() {
        return writer.attributesNotKept();
    }
}
