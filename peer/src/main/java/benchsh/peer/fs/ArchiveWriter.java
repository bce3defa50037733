package benchsh.peer.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.function.LongConsumer;

/**
 * What writes a tree's entries into one stream for a copy between hosts, through one 1 MiB buffer: benchsh's own
 * {@link TreeArchive} or a tar stream ({@link TarArchive}). The formats write their headers and ends; the content of
 * files goes through here, every byte told to the progress. Not thread-safe ({@link SharedArchiveWriter} shares one).
 */
abstract class ArchiveWriter implements TreeVisitor {
    private static final int BUFFER = 1 << 20;
    /** What is not yet written to the channel; a format puts its headers here. */
    protected final ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER);
    private final WritableByteChannel out;
    private final LongConsumer progress;

    /** @param progress told of every content byte handed to the channel */
    ArchiveWriter(WritableByteChannel out, LongConsumer progress) {
        this.out = out;
        this.progress = progress;
    }

    /** A regular file whose content is all of {@code content} (read ahead by the caller). */
    abstract void file(String name, int mode, long mtimeMillis, ByteBuffer content) throws IOException;

    /** Writes the end of the stream and flushes. */
    abstract void end() throws IOException;

    /** Files written. */
    abstract long files();

    /** Directories written, the root not counted. */
    abstract long dirs();

    /** Writes {@code size} bytes of a file's content from {@code content}. */
    protected final void content(String name, long size, ReadableByteChannel content) throws IOException {
        long left = size;
        while (left > 0) {
            if (!buf.hasRemaining()) {
                flush();
            }
            int limit = buf.limit();
            buf.limit(buf.position() + (int) Math.min(buf.remaining(), left));
            int n = content.read(buf);
            buf.limit(limit);
            if (n < 0) {
                throw new IOException(name + " shrank while being sent");
            }
            left -= n;
            progress.accept(n);
        }
    }

    /** Writes a file's content held whole in {@code content}. */
    protected final void content(ByteBuffer content) throws IOException {
        while (content.hasRemaining()) {
            if (!buf.hasRemaining()) {
                flush();
            }
            int n = Math.min(buf.remaining(), content.remaining());
            buf.put(buf.position(), content, content.position(), n).position(buf.position() + n);
            content.position(content.position() + n);
            progress.accept(n);
        }
    }

    /** Makes room for {@code bytes} more in the buffer. */
    protected final void room(int bytes) throws IOException {
        if (buf.remaining() < bytes) {
            flush();
        }
    }

    /** Writes what the buffer holds to the channel. */
    protected final void flush() throws IOException {
        buf.flip();
        while (buf.hasRemaining()) {
            out.write(buf);
        }
        buf.clear();
    }
}
