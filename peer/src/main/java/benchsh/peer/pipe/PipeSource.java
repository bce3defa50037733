package benchsh.peer.pipe;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Where a pipe's data comes from, like dd's {@code if=}: zeros ({@code /dev/zero}), incompressible
 * pseudo-random bytes (xorshift64*, so the generator, not the kernel's CSPRNG, sets the pace), or an
 * existing file. Not thread-safe.
 */
public interface PipeSource extends AutoCloseable {
    /** The kinds of source, on the wire as their lower-case names. */
    enum Kind { ZERO, RANDOM, FILE }

    /** Fills {@code buf} from its position to its limit; returns the bytes read, -1 at the end of the source. */
    int read(ByteBuffer buf) throws IOException;

    @Override
    default void close() throws IOException {
    }

    /** Opens a source; a file ({@code path}) is checked now, before the test starts ({@link #file}). */
    static PipeSource open(Kind kind, String path) throws IOException {
        return switch (kind) {
            case ZERO -> buf -> {
                int n = buf.remaining();
                buf.position(buf.limit()); // the buffer is all zeros and the sink never writes into it
                return n;
            };
            case RANDOM -> new Random(System.nanoTime());
            case FILE -> file(Path.of(path), "source");
        };
    }

    /**
     * Opens an existing regular file for reading, as it is: never written, never followed through a link.
     * A missing path, a symbolic link, a directory, a device or any other special file is refused with
     * an IOException that starts with {@code what} and the path.
     *
     * @param what how the file is named in errors, e.g. "source"
     */
    static FileSource file(Path p, String what) throws IOException {
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(p.toString(), null, what + " file does not exist");
        }
        if (attrs.isSymbolicLink()) {
            throw new IOException(what + " " + p + " is a symbolic link; benchsh reads only the file itself: name the file it points to");
        }
        if (attrs.isDirectory()) {
            throw new IOException(what + " " + p + " is a directory, not a regular file");
        }
        if (!attrs.isRegularFile()) {
            throw new IOException(what + " " + p + " is a device or special file, not a regular file");
        }
        try {
            // no link following: a link swapped in since the check fails the open (ELOOP) instead of being read through
            return new FileSource(FileChannel.open(p, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
        } catch (IOException e) {
            throw new IOException("cannot read " + what + " file " + p + ": " + e.getMessage(), e);
        }
    }

    /** An absolute path from a spec, else an IllegalArgumentException naming the field (a spec's cross-field rule). */
    static String requireAbsolute(String field, String path) {
        if (!Path.of(path).isAbsolute()) {
            throw new IllegalArgumentException(field + " must be an absolute path, not '" + path + "'");
        }
        return path;
    }

    /** An open regular file, read from its start. */
    final class FileSource implements PipeSource {
        private final FileChannel channel;

        private FileSource(FileChannel channel) {
            this.channel = channel;
        }

        /** The file's size in bytes now. */
        public long size() throws IOException {
            return channel.size();
        }

        /** Fills {@code buf} unless the file ends first. */
        @Override
        public int read(ByteBuffer buf) throws IOException {
            int total = 0;
            while (buf.hasRemaining()) {
                int n = channel.read(buf);
                if (n < 0) {
                    return total == 0 ? -1 : total;
                }
                total += n;
            }
            return total;
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /** xorshift64* (Vigna 2016): fast, incompressible, not for cryptography. */
    final class Random implements PipeSource {
        private long state;

        Random(long seed) {
            this.state = seed == 0 ? 0x9E3779B97F4A7C15L : seed;
        }

        @Override
        public int read(ByteBuffer buf) {
            int n = buf.remaining();
            while (buf.remaining() >= 8) {
                state ^= state >>> 12;
                state ^= state << 25;
                state ^= state >>> 27;
                buf.putLong(state * 0x2545F4914F6CDD1DL);
            }
            while (buf.hasRemaining()) {
                buf.put((byte) state++);
            }
            return n;
        }
    }
}
