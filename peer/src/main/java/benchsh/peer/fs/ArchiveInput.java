package benchsh.peer.fs;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;

/**
 * A copy's stream read through one buffer, for the readers of both formats ({@link TreeArchive}, {@link TarArchive}):
 * the next bytes in the buffer, whole blocks, skips over padding, views of a file's content for the sink, and the
 * drain after a tar's end blocks. Every read that finds the stream ended says so, as the sender stopping or the
 * connection lost. Not thread-safe.
 */
final class ArchiveInput {
    private final ReadableByteChannel channel;
    private final ByteBuffer buf;
    private final String stream;

    /** @param stream what the stream is called in errors, e.g. "the tar stream" */
    ArchiveInput(ReadableByteChannel channel, int capacity, String stream) {
        this.channel = channel;
        this.buf = ByteBuffer.allocateDirect(capacity);
        this.stream = stream;
        buf.flip();
    }

    /** The buffer, with at least {@code n} (at most its capacity) bytes to read in it. */
    ByteBuffer need(int n) throws IOException {
        while (buf.remaining() < n) {
            buf.compact();
            int r = channel.read(buf);
            buf.flip();
            if (r < 0) {
                throw new EOFException(stream + " ended early (the sender stopped or the connection was lost)");
            }
        }
        return buf;
    }

    /** The next {@code n} bytes; at the stream's end an EOFException naming {@code what} was being read. */
    byte[] bytes(int n, String what) throws IOException {
        byte[] out = new byte[n];
        int at = 0;
        while (at < n) {
            if (!buf.hasRemaining() && !fill()) {
                throw new EOFException(what.startsWith("the ") ? what : stream + " ended inside " + what);
            }
            int k = Math.min(n - at, buf.remaining());
            buf.get(out, at, k);
            at += k;
        }
        return out;
    }

    /** Skips {@code n} bytes (a file's padding, an entry of no interest). */
    void skip(long n) throws IOException {
        long left = n;
        while (left > 0) {
            if (!buf.hasRemaining() && !fill()) {
                throw new EOFException(stream + " ended inside an entry (the sender stopped or the connection was lost)");
            }
            int k = (int) Math.min(left, buf.remaining());
            buf.position(buf.position() + k);
            left -= k;
        }
    }

    /** Reads to the end of the channel; what follows the end blocks must be zeros, and at most {@code max} bytes. */
    void drainZeros(long max) throws IOException {
        long seen = 0;
        while (buf.hasRemaining() || fill()) {
            while (buf.hasRemaining()) {
                if (buf.get() != 0) {
                    throw new IOException(stream + " goes on after its end blocks");
                }
                if (++seen > max) {
                    throw new IOException(stream + " goes on for more than " + max + " bytes after its end blocks");
                }
            }
        }
    }

    /** The next {@code size} bytes as a channel: buffered bytes first, then the channel's. */
    ReadableByteChannel content(long size) {
        return new ReadableByteChannel() {
            private long left = size;

            @Override
            public int read(ByteBuffer dst) throws IOException {
                if (left == 0) {
                    return -1;
                }
                if (!buf.hasRemaining() && !fill()) {
                    throw new EOFException(stream + " ended inside a file (the sender stopped or the connection was lost)");
                }
                int n = (int) Math.min(Math.min(buf.remaining(), dst.remaining()), left);
                dst.put(buf.slice().limit(n));
                buf.position(buf.position() + n);
                left -= n;
                return n;
            }

            @Override
            public boolean isOpen() {
                return true;
            }

            @Override
            public void close() {
            }
        };
    }

    /** Reads more into the empty buffer; false at the channel's end. */
    private boolean fill() throws IOException {
        buf.clear();
        try {
            while (buf.position() == 0) {
                if (channel.read(buf) < 0) {
                    return false;
                }
            }
            return true;
        } finally {
            buf.flip();
        }
    }
}
