package benchsh.peer.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.function.LongConsumer;

/**
 * New files written on their own descriptors through the C library, as seen from Java 17: unavailable, so
 * callers use NIO. On Java 22 or newer the multi-release jar replaces this class with the one in
 * peer/src/main/java22, which creates, writes, times and closes a file without going back to its path.
 */
public final class NativeFiles {
    private NativeFiles() {
    }

    /** Why these calls cannot be used here, or null if they can. */
    public static String unavailable() {
        return NativeDatagrams.unavailable(IoPath.MMSG);
    }

    public static NewFile create(Path path, int mode) throws IOException {
        throw new UnsupportedOperationException(unavailable());
    }

    public static int openRead(Path path) throws IOException {
        throw new UnsupportedOperationException(unavailable());
    }

    public static int read(int fd, ByteBuffer data, Path path) throws IOException {
        throw new UnsupportedOperationException(unavailable());
    }

    public static void write(int fd, ByteBuffer data, Path path, LongConsumer progress) throws IOException {
        throw new UnsupportedOperationException(unavailable());
    }

    public static void copy(int in, int out, long size, Path source, LongConsumer progress) throws IOException {
        throw new UnsupportedOperationException(unavailable());
    }

    public static boolean chmod(int fd, int mode) {
        throw new UnsupportedOperationException(unavailable());
    }

    public static boolean setTimes(int fd, FileTime mtime, FileTime atime) {
        throw new UnsupportedOperationException(unavailable());
    }

    public static void close(int fd, Path path) throws IOException {
        throw new UnsupportedOperationException(unavailable());
    }
}
