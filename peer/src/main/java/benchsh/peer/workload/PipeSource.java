package benchsh.peer.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where a pipe's data comes from, like dd's {@code if=}: zeros ({@code /dev/zero}), incompressible
 * pseudo-random bytes (xorshift64*, so the generator, not the kernel's CSPRNG, sets the pace), or a
 * file. Not thread-safe.
 */
public interface PipeSource extends AutoCloseable {
    /** Fills {@code buf} from its position to its limit; returns the bytes read, -1 at the end of the source. */
    int read(ByteBuffer buf) throws IOException;

    @Override
    default void close() throws IOException {
    }

    /** Opens a source by name: "zero", "random" or "file" (with {@code path}); checks the file before the test starts. */
    static PipeSource open(String kind, String path) throws IOException {
        return switch (kind) {
            case "zero" -> buf -> {
                int n = buf.remaining();
                buf.position(buf.limit()); // the buffer is all zeros and the sink never writes into it
                return n;
            };
            case "random" -> new Random(System.nanoTime());
            case "file" -> file(Path.of(path));
            default -> throw new IOException("pipe source must be zero, random or file, not '" + kind + "'");
        };
    }

    private static PipeSource file(Path p) throws IOException {
        if (!Files.exists(p)) {
            throw new NoSuchFileException(p.toString(), null, "source file does not exist");
        }
        if (!Files.isRegularFile(p)) {
            throw new IOException("source " + p + " is not a regular file");
        }
        FileChannel ch;
        try {
            ch = FileChannel.open(p, StandardOpenOption.READ);
        } catch (IOException e) {
            throw new IOException("cannot read source file " + p + ": " + e.getMessage(), e);
        }
        return new PipeSource() {
            @Override
            public int read(ByteBuffer buf) throws IOException {
                int total = 0;
                while (buf.hasRemaining()) {
                    int n = ch.read(buf);
                    if (n < 0) {
                        return total == 0 ? -1 : total;
                    }
                    total += n;
                }
                return total;
            }

            @Override
            public void close() throws IOException {
                ch.close();
            }
        };
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
