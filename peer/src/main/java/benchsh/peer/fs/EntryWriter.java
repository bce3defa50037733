package benchsh.peer.fs;

import benchsh.peer.io.NativeFiles;
import benchsh.peer.io.NewFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
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
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * The write paths of a {@link TreeSink}: creates one entry of the destination, with its content, mode and
 * times, and records it in the run's {@link CreatedEntries}. A directory ({@link #directory}, its mtime set at
 * {@link #setDirectoryTimes}); a file received off the stream ({@link #receive}) or out of a batch's buffer
 * ({@link #write(String, int, ByteBuffer, FileTime)}); a local file copied ({@link #copy}). Each file goes one of
 * two ways: through the C library, created, written, timed and closed on one descriptor ({@link NativeFiles},
 * when {@link FileIo#nativeAt} the destination), else through NIO, which sets times by path. Permissions are
 * set at creation (chmod only when the umask would change them); a mode or time the file system refuses (e.g.
 * FUSE) is counted in {@link #attributesNotKept()}; times are never set through a link. Names are checked by
 * the caller. Thread-safe: any number of threads may write at once (each has its own buffer).
 */
final class EntryWriter {
    private static final int UMASK = umask();
    /** The creation attribute of each mode, made once: a file's create needs no sets of its own. */
    private static final FileAttribute<?>[] PERMISSIONS = permissionAttributes();
    /** Bytes per read and write when not using sendfile; 256 KiB is also the largest SFTP write OpenSSH accepts. */
    private static final int BUFFER = 256 << 10;

    /** A directory this run created and the mtime it gets once everything inside it is written. */
    private record DirTime(Path dir, long mtimeMillis) {
    }

    /** What fills a new file on its descriptor. */
    private interface Content {
        void writeTo(int fd, Path p) throws IOException;
    }

    private final CreatedEntries created;
    /** Whether the destination is this JVM's own file system: files are FileChannels created with their mode. */
    private final boolean local;
    /** Mode bits the creating process may drop: the local umask, or all bits on another file system (e.g. SFTP), so modes are always set. */
    private final int umask;
    /** Files go through {@link NativeFiles}; else through NIO. */
    private final boolean nativeFiles;
    private final LongConsumer progress;
    private final ThreadLocal<ByteBuffer> buffers = ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(BUFFER));
    /** Directories and their mtimes, each after its parent; guarded by itself. */
    private final List<DirTime> dirTimes = new ArrayList<>();
    private final AtomicLong files = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicLong attributesNotKept = new AtomicLong();

    /** @param progress told of every content byte written (from any thread) */
    EntryWriter(CreatedEntries created, LongConsumer progress) {
        Path root = created.base();
        this.created = created;
        this.local = SafePaths.local(root);
        this.umask = local ? UMASK : 0777;
        this.nativeFiles = FileIo.nativeAt(root);
        this.progress = progress;
    }

    /** Creates the directory {@code name} with {@code mode}; its mtime is set by {@link #setDirectoryTimes}. */
    void directory(String name, int mode, long mtimeMillis) throws IOException {
        Path p = created.createDirectory(name, permissions(mode));
        if ((mode & umask) != 0) {
            chmod(p, mode);
        }
        synchronized (dirTimes) {
            dirTimes.add(new DirTime(p, mtimeMillis));
        }
    }

    /** Sets the directories' mtimes, deepest first (writing into a directory changes its mtime): once every file is written. */
    void setDirectoryTimes() {
        synchronized (dirTimes) {
            for (int i = dirTimes.size() - 1; i >= 0; i--) {
                DirTime d = dirTimes.get(i);
                times(d.dir(), FileTime.fromMillis(d.mtimeMillis()), null);
            }
        }
    }

    /** Copies the local file {@code source} to {@code name} with the mode and times of {@code attrs}. */
    void copy(Path source, String name, PosixFileAttributes attrs) throws IOException {
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
                : Channels.newChannel(Files.newInputStream(source))) {
            Path p = write(name, mode, attrs.size(), in);
            times(p, attrs.lastModifiedTime(), attrs.lastAccessTime());
        }
    }

    /** Creates the file {@code name}, writes {@code size} bytes of {@code content} and sets its times. */
    void receive(String name, int mode, long size, ReadableByteChannel content, FileTime mtime) throws IOException {
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

    /** Creates the file {@code name}, writes {@code data} (a received file's bytes) straight from the buffer and sets its times. */
    void write(String name, int mode, ByteBuffer data, FileTime mtime) throws IOException {
        long size = data.remaining();
        if (nativeFiles) {
            writeNative(name, mode, size, mtime, null, (fd, p) -> NativeFiles.write(fd, data, p, progress));
            return;
        }
        Path p = created.path(name);
        try (WritableByteChannel out = create(name, mode)) {
            while (data.hasRemaining()) {
                progress.accept(out.write(data));
            }
        }
        times(written(p, mode, size), mtime, null);
    }

    /** A new file to write: a FileChannel created with its mode locally, elsewhere the file system's exclusive-create stream. */
    private WritableByteChannel create(String name, int mode) throws IOException {
        if (local) {
            return created.createFile(name, Set.of(), permissions(mode));
        }
        return Channels.newChannel(created.createStream(name));
    }

    /** Creates and writes the file {@code name} through NIO; returns its path. */
    private Path write(String name, int mode, long size, ReadableByteChannel content) throws IOException {
        Path p = created.path(name);
        try (WritableByteChannel out = create(name, mode)) {
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

    /** Counts a file written through NIO, after the chmod its mode needs beyond the umask. */
    private Path written(Path p, int mode, long size) {
        if ((mode & umask) != 0) {
            chmod(p, mode);
        }
        files.incrementAndGet();
        bytes.addAndGet(size);
        return p;
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

    /** Regular files written. */
    long files() {
        return files.get();
    }

    /** Content bytes of the files written. */
    long bytes() {
        return bytes.get();
    }

    /** Modes and times the file system did not keep. */
    long attributesNotKept() {
        return attributesNotKept.get();
    }

    /** How files are written: "native" ({@link NativeFiles}) or "nio". */
    String fileIo() {
        return nativeFiles ? "native" : "nio";
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
