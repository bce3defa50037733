package benchsh.peer.io;

import static benchsh.peer.io.CLayouts.C_INT;
import static benchsh.peer.io.CLayouts.C_LONG;
import static benchsh.peer.io.CLayouts.SIZE_T;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Objects;
import java.util.function.LongConsumer;

/**
 * New files created, written, timed and closed on their own descriptors through the C library (Java 22+, Linux
 * on x86_64 or aarch64), where Java 17's NIO sets times and reads a new file's identity by path: openat2(2) with
 * {@code O_CREAT|O_EXCL|O_NOFOLLOW} and {@code RESOLVE_NO_SYMLINKS}, so that no component of the path may be a
 * link (open(2) on kernels before 5.6, which have no openat2), fstat(2) for the identity, write(2) or copy_file_range(2) (sendfile(2) where
 * the file systems refuse it), fchmod(2), futimens(2), close(2); and a sender's source files opened, read and
 * closed without the JDK's channel objects. Errors are the JDK's exceptions with the path
 * and the C library's text. Stateless and thread-safe: each thread has its own scratch memory.
 */
@SuppressWarnings("restricted")
public final class NativeFiles {
    private static final boolean AARCH64 = "aarch64".equals(System.getProperty("os.arch"));
    private static final int O_RDONLY = 0;
    private static final int O_WRONLY = 1;
    private static final int O_CREAT = 0100;
    private static final int O_EXCL = 0200;
    /** 0100000 on aarch64 (arm's flag numbers), 0400000 on x86_64. */
    private static final int O_NOFOLLOW = AARCH64 ? 0100000 : 0400000;
    private static final int O_CLOEXEC = 02000000;
    /** openat2(2)'s number, the same on x86_64 and aarch64 (Linux 5.6+); its dirfd for an absolute path; its resolve flag. */
    private static final long SYS_OPENAT2 = 437;
    private static final long AT_FDCWD = -100;
    private static final long RESOLVE_NO_SYMLINKS = 0x04;
    /** struct open_how: flags, mode, resolve, three 64-bit fields. */
    private static final long OPEN_HOW_BYTES = 3 * JAVA_LONG.byteSize();
    /** st_dev and st_ino open struct stat on x86_64 and aarch64 alike; the whole struct is 144 or 128 bytes. */
    private static final long ST_INO = 8;
    private static final long STAT_BYTES = 256;
    private static final long PATH_BYTES = 4096;
    private static final long MAX_CHUNK = 1L << 30;
    private static final Charset PATH_CHARSET = pathCharset();

    private static final String UNAVAILABLE = unavailableHere();
    private static final MethodHandle OPEN = UNAVAILABLE == null ? Libc.callVariadic("open", 2, C_INT, ADDRESS, C_INT, C_INT) : null;
    private static final MethodHandle SYSCALL = UNAVAILABLE == null ? Libc.callVariadic("syscall", 1, C_LONG, C_LONG, C_LONG, ADDRESS, ADDRESS, C_LONG) : null;
    /** False once the kernel said it has no openat2 (ENOSYS); creates then use open(2). */
    private static volatile boolean openat2 = true;
    private static final MethodHandle FSTAT = UNAVAILABLE == null ? Libc.call("fstat", C_INT, C_INT, ADDRESS) : null;
    private static final MethodHandle READ = UNAVAILABLE == null ? Libc.call("read", C_LONG, C_INT, ADDRESS, SIZE_T) : null;
    private static final MethodHandle WRITE = UNAVAILABLE == null ? Libc.call("write", C_LONG, C_INT, ADDRESS, SIZE_T) : null;
    private static final MethodHandle COPY_FILE_RANGE = UNAVAILABLE == null && Libc.has("copy_file_range")
            ? Libc.call("copy_file_range", C_LONG, C_INT, ADDRESS, C_INT, ADDRESS, SIZE_T, C_INT) : null;
    private static final MethodHandle SENDFILE = UNAVAILABLE == null ? Libc.call("sendfile", C_LONG, C_INT, C_INT, ADDRESS, SIZE_T) : null;
    private static final MethodHandle FCHMOD = UNAVAILABLE == null ? Libc.call("fchmod", C_INT, C_INT, C_INT) : null;
    private static final MethodHandle FUTIMENS = UNAVAILABLE == null ? Libc.call("futimens", C_INT, C_INT, ADDRESS) : null;

    /** One thread's errno capture, path bytes, struct stat and timespec pair. */
    private static final class Scratch {
        final MemorySegment errno;
        final MemorySegment path;
        final MemorySegment stat;
        final MemorySegment times;
        final MemorySegment offset;
        final MemorySegment how;

        Scratch(Arena arena) {
            errno = Libc.newErrno(arena);
            path = arena.allocate(PATH_BYTES + 1);
            stat = arena.allocate(STAT_BYTES, 8);
            times = arena.allocate(4 * JAVA_LONG.byteSize(), 8);
            offset = arena.allocate(JAVA_LONG);
            how = arena.allocate(OPEN_HOW_BYTES, 8);
        }
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(() -> new Scratch(Arena.ofAuto()));

    private NativeFiles() {
    }

    /** Why these calls cannot be used here, or null if they can. */
    public static String unavailable() {
        return UNAVAILABLE;
    }

    private static String unavailableHere() {
        String os = System.getProperty("os.name");
        String arch = System.getProperty("os.arch");
        if (!"Linux".equals(os) || !("amd64".equals(arch) || "aarch64".equals(arch))) {
            return "native file calls are written for Linux on x86_64 and aarch64 (this is " + os + " on " + arch + ")";
        }
        if (!Libc.has("fstat") || !Libc.has("futimens")) {
            return "the C library has no fstat() or futimens() (glibc before 2.33)";
        }
        return null;
    }

    private static Charset pathCharset() {
        try {
            return Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"));
        } catch (RuntimeException e) {
            return Charset.defaultCharset();
        }
    }

    /**
     * Creates {@code path} as a new regular file for writing with {@code mode} (less the umask), failing if
     * anything is there, a link included, and (where the kernel has openat2) if any directory on the path is a
     * link: then a {@link FileSystemException} for ELOOP.
     */
    public static NewFile create(Path path, int mode) throws IOException {
        Scratch s = SCRATCH.get();
        int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
        int fd = openat2 ? openNoLinks(s, path, flags, mode & 07777) : open(s, path, flags, mode & 07777);
        int r;
        try {
            r = (int) FSTAT.invokeExact(s.errno, fd, s.stat);
        } catch (Throwable t) {
            closeQuietly(fd);
            throw Libc.failed(t);
        }
        if (r < 0) {
            IOException e = error(s, path);
            closeQuietly(fd);
            throw e;
        }
        return new NewFile(path, fd, s.stat.get(JAVA_LONG, 0), s.stat.get(JAVA_LONG, ST_INO));
    }

    /** Opens {@code path} for reading, refusing a link. */
    public static int openRead(Path path) throws IOException {
        return open(SCRATCH.get(), path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, 0);
    }

    /** openat2(2) of {@code path} with RESOLVE_NO_SYMLINKS; open(2) from now on if the kernel has no openat2. */
    private static int openNoLinks(Scratch s, Path path, int flags, int mode) throws IOException {
        pathBytes(s, path);
        s.how.set(JAVA_LONG, 0, flags);
        s.how.set(JAVA_LONG, 8, mode);
        s.how.set(JAVA_LONG, 16, RESOLVE_NO_SYMLINKS);
        long fd;
        try {
            fd = (long) SYSCALL.invokeExact(s.errno, SYS_OPENAT2, AT_FDCWD, s.path, s.how, OPEN_HOW_BYTES);
        } catch (Throwable t) {
            throw Libc.failed(t);
        }
        if (fd < 0 && Libc.errno(s.errno) == Libc.ENOSYS) {
            openat2 = false;
            return open(s, path, flags, mode);
        }
        if (fd < 0) {
            throw error(s, path);
        }
        return (int) fd;
    }

    private static int open(Scratch s, Path path, int flags, int mode) throws IOException {
        pathBytes(s, path);
        int fd;
        try {
            fd = (int) OPEN.invokeExact(s.errno, s.path, flags, mode);
        } catch (Throwable t) {
            throw Libc.failed(t);
        }
        if (fd < 0) {
            throw error(s, path);
        }
        return fd;
    }

    /** {@code path} as the C string in {@code s.path}. */
    private static void pathBytes(Scratch s, Path path) throws FileSystemException {
        byte[] name = path.toString().getBytes(PATH_CHARSET);
        if (name.length > PATH_BYTES) {
            throw new FileSystemException(path.toString(), null, "File name too long");
        }
        MemorySegment.copy(name, 0, s.path, JAVA_BYTE, 0, name.length);
        s.path.set(JAVA_BYTE, name.length, (byte) 0);
    }

    /** Reads into {@code data}, a direct buffer, from its position up to its limit; the bytes read, -1 at the end of the file. */
    public static int read(int fd, ByteBuffer data, Path path) throws IOException {
        if (!data.isDirect()) {
            throw new IllegalArgumentException("native reads take direct buffers");
        }
        Scratch s = SCRATCH.get();
        MemorySegment into = MemorySegment.ofBuffer(data);
        while (true) {
            long n;
            try {
                n = (long) READ.invokeExact(s.errno, fd, into, into.byteSize());
            } catch (Throwable t) {
                throw Libc.failed(t);
            }
            if (n < 0 && Libc.errno(s.errno) == Libc.EINTR) {
                continue;
            }
            if (n < 0) {
                throw error(s, path);
            }
            if (n == 0 && into.byteSize() > 0) {
                return -1;
            }
            data.position(data.position() + (int) n);
            return (int) n;
        }
    }

    /** Writes all of {@code data}, a direct buffer, from its position to its limit, telling {@code progress} of each write. */
    public static void write(int fd, ByteBuffer data, Path path, LongConsumer progress) throws IOException {
        if (!data.isDirect()) {
            throw new IllegalArgumentException("native writes take direct buffers");
        }
        Scratch s = SCRATCH.get();
        MemorySegment from = MemorySegment.ofBuffer(data);
        long done = 0;
        while (done < from.byteSize()) {
            long n;
            try {
                n = (long) WRITE.invokeExact(s.errno, fd, from.asSlice(done), from.byteSize() - done);
            } catch (Throwable t) {
                throw Libc.failed(t);
            }
            if (n < 0) {
                if (Libc.errno(s.errno) == Libc.EINTR) {
                    continue;
                }
                throw error(s, path);
            }
            done += n;
            progress.accept(n);
        }
        data.position(data.position() + (int) done);
    }

    /**
     * Copies {@code size} bytes from the start of {@code in} to {@code out} in the kernel: copy_file_range(2), or
     * sendfile(2) where the two file systems refuse it.
     *
     * @throws IOException also when {@code in} ends before {@code size} bytes (it shrank while being copied)
     */
    public static void copy(int in, int out, long size, Path source, LongConsumer progress) throws IOException {
        Scratch s = SCRATCH.get();
        boolean range = COPY_FILE_RANGE != null;
        long done = 0;
        s.offset.set(JAVA_LONG, 0, 0L);
        while (done < size) {
            long chunk = Math.min(size - done, MAX_CHUNK);
            long n;
            try {
                n = range ? (long) COPY_FILE_RANGE.invokeExact(s.errno, in, s.offset, out, MemorySegment.NULL, chunk, 0)
                        : (long) SENDFILE.invokeExact(s.errno, out, in, s.offset, chunk);
            } catch (Throwable t) {
                throw Libc.failed(t);
            }
            if (n < 0) {
                int errno = Libc.errno(s.errno);
                if (errno == Libc.EINTR) {
                    continue;
                }
                if (range && done == 0 && (errno == Libc.EXDEV || errno == Libc.ENOSYS || errno == Libc.EINVAL || errno == Libc.EOPNOTSUPP)) {
                    range = false;
                    continue;
                }
                throw error(s, source);
            }
            if (n == 0 && range && done == 0) {
                range = false; // some file systems copy nothing rather than refuse: read and write instead
                continue;
            }
            if (n == 0) {
                throw new IOException(source + " shrank while being copied");
            }
            done += n;
            progress.accept(n);
        }
    }

    /** chmod(2) on the open file; false when the file system refused. */
    public static boolean chmod(int fd, int mode) {
        try {
            return (int) FCHMOD.invokeExact(SCRATCH.get().errno, fd, mode & 07777) == 0;
        } catch (Throwable t) {
            throw Libc.failed(t);
        }
    }

    /** Sets the open file's modification and access times, to the nanosecond; false when the file system refused. */
    public static boolean setTimes(int fd, FileTime mtime, FileTime atime) {
        Scratch s = SCRATCH.get();
        timespec(s.times, 0, atime.toInstant());
        timespec(s.times, 2, mtime.toInstant());
        try {
            return (int) FUTIMENS.invokeExact(s.errno, fd, s.times) == 0;
        } catch (Throwable t) {
            throw Libc.failed(t);
        }
    }

    private static void timespec(MemorySegment times, long index, Instant t) {
        times.setAtIndex(JAVA_LONG, index, t.getEpochSecond());
        times.setAtIndex(JAVA_LONG, index + 1, t.getNano());
    }

    /** close(2); an error there (e.g. a deferred write error on some file systems) is the file's. */
    public static void close(int fd, Path path) throws IOException {
        Scratch s = SCRATCH.get();
        if (Libc.close(s.errno, fd) < 0 && Libc.errno(s.errno) != Libc.EINTR) {
            throw error(s, path);
        }
    }

    private static void closeQuietly(int fd) {
        Libc.close(SCRATCH.get().errno, fd); // after a failure already in hand; the descriptor is gone either way
    }

    /** The JDK's exception for the errno just captured, as NIO would throw it for {@code path}. */
    private static IOException error(Scratch s, Path path) {
        int errno = Libc.errno(s.errno);
        String text = Objects.requireNonNullElse(Libc.strerror(errno), "errno " + errno);
        String file = path.toString();
        return switch (errno) {
            case Libc.EEXIST -> new FileAlreadyExistsException(file);
            case Libc.EACCES, Libc.EPERM -> new AccessDeniedException(file);
            case Libc.ENOENT -> new NoSuchFileException(file);
            case Libc.ELOOP -> new FileSystemException(file, null, text + " or unable to access attributes of symbolic link");
            default -> new FileSystemException(file, null, text);
        };
    }
}
