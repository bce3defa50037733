package benchsh.peer.net;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/** Whole buffers over a blocking socket channel: a write or read returns only once every byte moved. Stateless. */
public final class BlockingIo {
    private BlockingIo() {
    }

    /** Writes all of {@code b}'s remaining bytes. */
    public static void writeFully(SocketChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }

    /** Fills {@code b}; an end of stream before it is full is an {@link EOFException}. */
    public static void readFully(SocketChannel ch, ByteBuffer b) throws IOException {
        if (!readFullyOrEof(ch, b)) {
            throw new EOFException("the other side closed the connection");
        }
    }

    /** Fills {@code b}; false on a clean end of stream before the first byte, an {@link EOFException} in the middle. */
    public static boolean readFullyOrEof(SocketChannel ch, ByteBuffer b) throws IOException {
        boolean any = false;
        while (b.hasRemaining()) {
            if (ch.read(b) < 0) {
                if (!any) {
                    return false;
                }
                throw new EOFException("the other side closed the connection in the middle of a message");
            }
            any = true;
        }
        return true;
    }
}
