package benchsh.peer.fs;

import benchsh.peer.io.NativeFiles;
import benchsh.peer.io.NewFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;

/**
 * Writes received or copied entries into a new destination that this run creates. Every name is
 * checked ({@link SafePaths#checkName}): nothing lands outside the destination, nothing is overwritten:
 * every directory and file is created exclusively and recorded in the run's {@link CreatedEntries},
 * the only entries a cleanup removes. Permissions are set at creation (chmod only when the umask
 * would change them) and mtimes/atimes kept where the file system allows (failures are counted, e.g.
 * on FUSE; times are never set through a link); directory mtimes are set at the end. Small received
 * files may be written by a few worker threads ({@code threads > 1}) while the stream goes on; a local
 * file is copied on the thread that hands it over. Thread-safety: {@link #dir} and the local
 * {@link #file(String, PosixFileAttributes, Path)} may be called from several threads at once (a
 * {@link ParallelTreeWalk}), a directory always before anything inside it; the stream's
 * {@link #file(String, int, long, long, ReadableByteChannel)} from one thread; {@link #close()} stops the workers.
 */
final class TreeSink implements TreeVisitor, AutoCloseable {
    private static final int UMASK = umask();
    /** The creation attribute of each mode, made once: a file's create needs no sets of its own. */
    private static final FileAttribute<?>[] PERMISSIONS = permissionAttributes();
    private static final int IN_FLIGHT = 256;
    /** Bytes per read and write when not using sendfile; 256 KiB is also the largest SFTP write OpenSSH accepts. */
    private static final int BUFFER = 256 << 10;
    /** Batches of received small files ({@link ReceivedBatch#BYTES} each) held for the workers at most: 32 MiB. */
    private static final int BATCHES_HELD = 32;

    private final Path root;
    private final CreatedEntries created;
    /** Mode bits the creating process may drop: the local umask, or all bits on another file system (e.g. SFTP), so modes are always set. */
    private final int umask;
    /** Names may hold backslashes: the destination is this JVM's POSIX file system ({@link SafePaths#backslashIsOrdinary}). */
    private final boolean backslashIsOrdinary;
    private final LongConsumer progress;
    /**
     * Files are created, written, timed and closed on one descriptor through the C library ({@link FileIo}); else
     * through NIO, which sets times by path.
     */
    private final boolean nativeFiles;
    private final ThreadLocal<ByteBuffer> buffers = ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(BUFFER));
    /** Directories and their mtimes, each after its parent; guarded by itself. */
    private final List<Object[]> dirTimes = new ArrayList<>();
    private final ExecutorService workers;
    private final Semaphore slots = new Semaphore(IN_FLIGHT);
    private final ReceivedBatch.Pool pool = new ReceivedBatch.Pool(BATCHES_HELD);
    /** Received small files not yet handed to a worker; the receiving thread's. */
    private ReceivedBatch pending;
    private final AtomicReference<IOException> failure = new AtomicReference<>();
    private final AtomicLong files = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicLong attributesNotKept = new AtomicLong();
    private boolean started;
    private boolean rootIsFile;
    private final AtomicLong dirs = new AtomicLong();

    /**
     * @param progress told of every content byte written (from any worker thread)
     * @param threads  worker threads for small received files; 1 writes inline
     */
    TreeSink(Path root, LongConsumer progress, int threads) {
        this.root = root;
        this.created = new CreatedEntries(root);
        this.umask = SafePaths.local(root) ? UMASK : 0777;
        this.backslashIsOrdinary = SafePaths.backslashIsOrdinary(root);
        this.progress = progress;
        this.nativeFiles = FileIo.nativeAt(root);
        this.workers = threads > 1 ? Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "copy-worker");
            t.setDaemon(true);
            return t;
        }) : null;
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

    private void expect(boolean file) throws IOException {
        if (!started) {
            throw new IOException("entry before the destination was started");
        }
        if (rootIsFile != file) {
            throw new IOException(rootIsFile ? "rejected tree: a single-file copy holds exactly one unnamed file"
                    : "rejected tree: an unnamed entry inside a directory tree");
        }
        if (rootIsFile && files.get() > 0) {
            throw new IOException("rejected tree: a single-file copy holds exactly one file");
        }
        IOException f = failure.get();
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
        Path p = created.createDirectory(name, permissions(mode));
        dirs.incrementAndGet();
        if ((mode & umask) != 0) {
            chmod(p, mode);
        }
        synchronized (dirTimes) {
            dirTimes.add(new Object[] {p, mtimeMillis});
        }
    }

    @Override
    public void file(String name, int mode, long mtimeMillis, long size, ReadableByteChannel content) throws IOException {
        expect(name.isEmpty());
        String checked = checked(name);
        if (workers == null || size > ReceivedBatch.BYTES || rootIsFile) {
            receive(checked, mode, size, content, FileTime.fromMillis(mtimeMillis));
            return;
        }
        // small files: read the content off the stream into a batch now; a worker creates and writes the batch's files
        if (pending != null && !pending.fits(size)) {
            handOver();
        }
        if (pending == null) {
            pending = new ReceivedBatch(pool.take());
        }
        pending.add(checked, mode, mtimeMillis, size, content);
    }

    /** Submits the pending batch of received files to a worker, which returns its buffer to the pool. */
    private void handOver() throws IOException {
        ReceivedBatch batch = pending;
        pending = null;
        if (batch == null) {
            return;
        }
        try {
            submit(() -> {
                try {
                    batch.writeEach((name, mode, mtime, content) -> {
                        if (failure.get() == null) {
                            write(name, mode, content, FileTime.fromMillis(mtime));
                        }
                    });
                } finally {
                    pool.give(batch.buffer());
                }
            });
        } catch (IOException | RuntimeException e) {
            pool.give(batch.buffer());
            throw e;
        }
    }

    private interface Task {
        void run() throws IOException;
    }

    private static void acquire(Semaphore s, int permits) throws IOException {
        try {
            if (!s.tryAcquire(permits, 10, TimeUnit.MINUTES)) {
                throw new IOException("copy workers made no progress for 10 minutes");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    private void submit(Task task) throws IOException {
        acquire(slots, 1);
        workers.execute(() -> {
            try {
                if (failure.get() == null) {
                    task.run();
                }
            } catch (IOException e) {
                failure.compareAndSet(null, e);
            } finally {
                slots.release();
            }
        });
    }

    @Override
    public void file(String name, PosixFileAttributes attrs, Path source) throws IOException {
        expect(name.isEmpty());
        copy(source, checked(name), attrs);
    }

    /** {@code name} once {@link SafePaths#checkName} accepted it ("" names the root of a single-file copy). */
    private String checked(String name) throws IOException {
        if (!name.isEmpty()) {
            SafePaths.checkName(name, backslashIsOrdinary);
        }
        return name;
    }

    private void copy(Path source, String name, PosixFileAttributes attrs) throws IOException {
        int mode = TreeSource.mode(attrs.permissions());
        if (nativeFiles && FileIo.nativeAt(source)) {
            int in = NativeFiles.openRead(source);
            try {
                writeNative(name, mode, attrs.size(), attrs.lastModifiedTime(), attrs.lastAccessTime(),
                        (fd, p) -> NativeFiles.copy(in, fd, attrs.size(), source, progress));
            } catch (IOException | RuntimeException e) {
                FileIo.closeAfter(e, in, source);
                throw e;
            }
            NativeFiles.close(in, source);
            return;
        }
        // local files: a FileChannel (sendfile); other file systems (SFTP): their streams, which pipeline requests
        try (ReadableByteChannel in = SafePaths.local(source) ? FileChannel.open(source, SafePaths.read(source))
                : java.nio.channels.Channels.newChannel(Files.newInputStream(source))) {
            Path p = write(name, mode, attrs.size(), in);
            times(p, attrs.lastModifiedTime(), attrs.lastAccessTime());
        }
    }

    /** A new file to write: a FileChannel created with its mode locally, elsewhere the file system's exclusive-create stream. */
    private java.nio.channels.WritableByteChannel create(String name, int mode) throws IOException {
        if (SafePaths.local(root)) {
            return created.createFile(name, Set.of(), permissions(mode));
        }
        return java.nio.channels.Channels.newChannel(created.createStream(name));
    }

    /** Creates the file {@code name}, writes {@code size} bytes of {@code content} and sets its times. */
    private void receive(String name, int mode, long size, ReadableByteChannel content, FileTime mtime) throws IOException {
        if (!nativeFiles) {
            times(write(name, mode, size, content), mtime, null);
            return;
        }
        writeNative(name, mode, size, mtime, null, (fd, p) -> {
            ByteBuffer buffer = buffers.get();
            for (long done = 0; done < size; done += buffer.limit()) {
                buffer.clear().limit((int) Math.min(buffer.capacity(), size - done));
                if (content.read(buffer) < 0) {
                    throw new IOException("the tree stream ended inside " + name);
                }
                NativeFiles.write(fd, buffer.flip(), p, progress);
            }
        });
    }

    /** Creates and writes the file {@code name}; returns its path. */
    private Path write(String name, int mode, long size, ReadableByteChannel content) throws IOException {
        Path p = created.path(name);
        try (java.nio.channels.WritableByteChannel out = create(name, mode)) {
            long done = 0;
            if (content instanceof FileChannel in && out instanceof FileChannel) {
                while (done < size) {
                    long n = in.transferTo(done, size - done, out);
                    if (n <= 0) {
                        throw new IOException(name + " shrank while being copied");
                    }
                    done += n;
                    progress.accept(n);
                }
            } else {
                ByteBuffer buffer = buffers.get();
                while (done < size) {
                    buffer.clear();
                    buffer.limit((int) Math.min(buffer.capacity(), size - done));
                    if (content.read(buffer) < 0) {
                        throw new IOException("the tree stream ended inside " + name);
                    }
                    buffer.flip();
                    while (buffer.hasRemaining()) {
                        int n = out.write(buffer);
                        done += n;
                        progress.accept(n);
                    }
                }
            }
        }
        return written(p, mode, size);
    }

    /** Creates the file {@code name}, writes {@code data} (a received file's bytes) straight from the buffer and sets its times. */
    private void write(String name, int mode, ByteBuffer data, FileTime mtime) throws IOException {
        long size = data.remaining();
        if (nativeFiles) {
            writeNative(name, mode, size, mtime, null, (fd, p) -> NativeFiles.write(fd, data, p, progress));
            return;
        }
        Path p = created.path(name);
        try (java.nio.channels.WritableByteChannel out = create(name, mode)) {
            while (data.hasRemaining()) {
                progress.accept(out.write(data));
            }
        }
        times(written(p, mode, size), mtime, null);
    }

    /** What fills a new file on its descriptor. */
    private interface Content {
        void writeTo(int fd, Path p) throws IOException;
    }

    /**
     * Creates the local file {@code name} through the C library, fills it, then sets its mode (when the umask
     * dropped bits) and times on the same descriptor, and closes it: no second open by path ({@link NativeFiles}).
     */
    private void writeNative(String name, int mode, long size, FileTime mtime, FileTime atime, Content content) throws IOException {
        NewFile f = created.createNative(name, mode & 0777);
        Path p = f.path();
        try {
            content.writeTo(f.fd(), p);
            if ((mode & umask) != 0 && !NativeFiles.chmod(f.fd(), mode & 0777)) {
                attributesNotKept.incrementAndGet();
            }
            if (!NativeFiles.setTimes(f.fd(), mtime, atime == null ? mtime : atime)) {
                attributesNotKept.incrementAndGet();
            }
        } catch (IOException | RuntimeException e) {
            FileIo.closeAfter(e, f.fd(), p);
            throw e;
        }
        NativeFiles.close(f.fd(), p);
        files.incrementAndGet();
        bytes.addAndGet(size);
    }

    /** Counts a written file, after the chmod its mode needs beyond the umask. */
    private Path written(Path p, int mode, long size) {
        if ((mode & umask) != 0) {
            chmod(p, mode);
        }
        files.incrementAndGet();
        bytes.addAndGet(size);
        return p;
    }

    private static FileAttribute<?> permissions(int mode) {
        return PERMISSIONS[mode & 0777];
    }

    private static FileAttribute<?>[] permissionAttributes() {
        FileAttribute<?>[] all = new FileAttribute<?>[01000];
        for (int mode = 0; mode < all.length; mode++) {
            all[mode] = PosixFilePermissions.asFileAttribute(TreeSource.permissions(mode));
        }
        return all;
    }

    private void chmod(Path p, int mode) {
        try {
            Files.setPosixFilePermissions(p, TreeSource.permissions(mode));
        } catch (IOException | UnsupportedOperationException e) {
            attributesNotKept.incrementAndGet();
        }
    }

    /** Sets mtime (and atime when given) in one call: no extra stat. */
    private void times(Path p, FileTime mtime, FileTime atime) {
        try {
            Files.getFileAttributeView(p, BasicFileAttributeView.class, SafePaths.noFollow(p))
                    .setTimes(mtime, atime == null ? mtime : atime, null);
        } catch (IOException | UnsupportedOperationException e) {
            attributesNotKept.incrementAndGet();
        }
    }

    /**
     * Waits for the workers, reports their first failure, then sets the directories' mtimes, deepest
     * first (writing into a directory changes its mtime).
     */
    void finish() throws IOException {
        handOver();
        drain();
        IOException f = failure.get();
        if (f != null) {
            throw f;
        }
        synchronized (dirTimes) {
            setDirTimes();
        }
    }

    /** Deepest first: the list holds every directory after its parent. */
    private void setDirTimes() {
        for (int i = dirTimes.size() - 1; i >= 0; i--) {
            times((Path) dirTimes.get(i)[0], FileTime.fromMillis((Long) dirTimes.get(i)[1]), null);
        }
    }

    private void drain() throws IOException {
        if (workers == null) {
            return;
        }
        try {
            if (!slots.tryAcquire(IN_FLIGHT, 10, TimeUnit.MINUTES)) {
                throw new IOException("copy workers did not finish within 10 minutes");
            }
            slots.release(IN_FLIGHT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    /** Stops the workers and waits for running copies (so a removal after a failure sees every file). */
    @Override
    public void close() {
        if (workers != null) {
            workers.shutdownNow();
            try {
                workers.awaitTermination(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    long files() {
        return files.get();
    }

    long dirs() {
        return dirs.get();
    }

    long bytes() {
        return bytes.get();
    }

    /** How files are written: "native" ({@link NativeFiles}) or "nio". */
    String fileIo() {
        return nativeFiles ? "native" : "nio";
    }

    long attributesNotKept() {
        return attributesNotKept.get();
    }

    /** This process's umask from /proc/self/status; 0777 (always chmod) when unknown. */
    private static int umask() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Umask:")) {
                    return Integer.parseInt(line.substring(6).trim(), 8);
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through
        }
        return 0777;
    }
}
