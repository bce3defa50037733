package benchsh.peer.fs;

import benchsh.peer.io.NativeFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;

/**
 * An {@link ArchiveWriter} that several threads of a {@link ParallelTreeWalk} feed at once: each reads a
 * small file into its own buffer first and then appends it whole under the writer's lock, so the reads (open,
 * read, close and the JVM's work around them) overlap while the stream stays one entry after another. A
 * directory is appended when its lister meets it, before anything inside it can be, so the receiver still
 * sees every directory before its contents. Files above {@link #READ_AHEAD} bytes are streamed under the
 * lock, as the serial writer does. Thread-safe.
 */
final class SharedArchiveWriter implements TreeVisitor {
    /** Files up to this size are read ahead, into one direct buffer per thread. */
    static final int READ_AHEAD = 256 << 10;

    private final ArchiveWriter writer;
    private final ThreadLocal<ByteBuffer> buffers = ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(READ_AHEAD));

    SharedArchiveWriter(ArchiveWriter writer) {
        this.writer = writer;
    }

    @Override
    public void dir(String name, int mode, long mtimeMillis) throws IOException {
        synchronized (writer) {
            writer.dir(name, mode, mtimeMillis);
        }
    }

    @Override
    public void file(String name, int mode, long mtimeMillis, long size, ReadableByteChannel content) throws IOException {
        synchronized (writer) {
            writer.file(name, mode, mtimeMillis, size, content);
        }
    }

    @Override
    public void file(String name, PosixFileAttributes attrs, Path source) throws IOException {
        long size = attrs.size();
        if (size > READ_AHEAD) {
            TreeVisitor.super.file(name, attrs, source);
            return;
        }
        ByteBuffer content = buffers.get().clear().limit((int) size);
        if (FileIo.nativeAt(source)) {
            readNative(name, source, content);
        } else {
            try (FileChannel in = FileChannel.open(source, SafePaths.read(source))) {
                while (content.hasRemaining()) {
                    if (in.read(content) < 0) {
                        throw new IOException(name + " shrank while being sent");
                    }
                }
            }
        }
        content.flip();
        synchronized (writer) {
            writer.file(name, TreeSource.mode(attrs.permissions()), attrs.lastModifiedTime().toMillis(), content);
        }
    }

    /** Fills {@code content} from {@code source} opened (refusing a link), read and closed through the C library. */
    private static void readNative(String name, Path source, ByteBuffer content) throws IOException {
        int fd = NativeFiles.openRead(source);
        try {
            while (content.hasRemaining()) {
                if (NativeFiles.read(fd, content, source) < 0) {
                    throw new IOException(name + " shrank while being sent");
                }
            }
        } catch (IOException | RuntimeException e) {
            FileIo.closeAfter(e, fd, source);
            throw e;
        }
        NativeFiles.close(fd, source);
    }
}
