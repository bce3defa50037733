package benchsh.peer.io;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * A test's listener that admits connections presenting the test token, as {@code benchsh.peer.net.TokenGate}
 * describes: strays (wrong token, early close, too slow, evicted, still waiting at the close) are dropped and
 * counted. Used by one thread; {@link #close} may come from any thread, and then only closes the listening
 * socket (the using thread drops the waiting connections when it calls {@link #next} or {@link #close}).
 */
public interface RrListener extends Closeable {
    /** The local port. */
    int port();

    /**
     * The next connection that presented the token, or null if none did within {@code wait}. What the
     * connection sent behind its token and has already been read is put into {@code after} (its position
     * advances); the rest is still in the connection.
     *
     * @throws IOException when {@code cancelled}, or if the listener fails or was closed
     */
    RrConnection next(ByteBuffer after, Duration wait, BooleanSupplier cancelled) throws IOException;

    /** Connections dropped so far; any thread may read it. */
    long strays();

    /** Closes the listener (see the type's comment for which thread drops what). Never fails. */
    @Override
    void close();
}
