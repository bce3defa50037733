package benchsh.peer.io;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * One direction of a TCP stream's data on one connection: a sender's writes or a receiver's reads, through NIO or
 * through the native calls ({@link StreamSockets}). Buffers are direct; both calls move the buffer's position as
 * NIO's do. Used by the one thread that sends or receives on the connection; {@link #close} may come from any
 * thread and ends a wait or a call under way.
 */
public interface StreamIo extends Closeable {
    /**
     * Writes what fits of {@code buffer}'s remaining bytes, waiting for room when none is left; a caller loops
     * {@code while (buffer.hasRemaining())} and counts each return.
     *
     * @return the bytes written, 0 after a wait that found room for none yet
     * @throws java.nio.channels.AsynchronousCloseException when closed (the side's cancel or stall) during the call
     * @throws java.net.SocketTimeoutException            when the socket buffer stays full for the timeout
     */
    int write(ByteBuffer buffer) throws IOException;

    /**
     * Reads what has arrived into {@code buffer}; when nothing has, asks again for the busy wait, then waits until
     * something arrives; a caller loops until -1.
     *
     * @return the bytes read, 0 after a wait, -1 at the end of the stream
     * @throws java.nio.channels.AsynchronousCloseException when closed during the call
     * @throws java.net.SocketTimeoutException            when nothing arrives for the timeout
     */
    int read(ByteBuffer buffer) throws IOException;
}
