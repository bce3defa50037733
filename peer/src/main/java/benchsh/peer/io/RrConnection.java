package benchsh.peer.io;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * One TCP connection of a request/response test (TCP_CRR's per-transaction connection, TCP_RR's one), on the
 * native path ({@link RrSockets}) or on NIO. Buffers are direct; reads and writes move their position as NIO's do.
 *
 * <p>A client's connection ({@link RrConnector#open}) is blocking: its calls wait until they are done, the
 * peer ends the connection, or it is closed (from another thread too, which ends the call at once). A server's
 * connection ({@link RrListener#next}) waits for data in slices up to the deadline given, until {@link
 * #blocking} makes it blocking as a client's. Used by one thread; {@link #close} may come from any thread.
 */
public interface RrConnection extends Closeable {
    /** Connects a client's connection to its server, blocking; its deadline is a close from another thread. */
    void connect() throws IOException;

    /**
     * Connects a client's connection to its server, blocking at most {@code timeout}.
     *
     * @throws java.net.SocketTimeoutException if the connect did not complete within it
     */
    void connect(Duration timeout) throws IOException;

    /**
     * Makes a server's connection blocking from now on: its reads and writes wait in the kernel (no wait of their
     * own, so no system call beyond the read or write) and ignore their deadlines; a close ends them.
     */
    void blocking() throws IOException;

    /**
     * Reads what has arrived into {@code buffer} (position to limit), waiting for at least one byte.
     *
     * @param deadlineNanos on the {@link System#nanoTime()} clock; a blocking connection ignores it
     * @return bytes read, -1 at the end of the stream, 0 if the deadline passed first
     */
    int read(ByteBuffer buffer, long deadlineNanos) throws IOException;

    /** Writes all of {@code buffer}'s remaining bytes; false if the deadline passed first (as in {@link #read}). */
    boolean write(ByteBuffer buffer, long deadlineNanos) throws IOException;

    /** Ends this side's sending (shutdown(2) SHUT_WR): the other side reads an end of stream after the data sent. */
    void shutdownOutput() throws IOException;

    /** Sets TCP_NODELAY. */
    void noDelay() throws IOException;

    /** Closes the connection; from another thread it ends a call under way. Idempotent, never fails. */
    @Override
    void close();
}
