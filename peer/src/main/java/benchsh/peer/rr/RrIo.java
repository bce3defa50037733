package benchsh.peer.rr;

import benchsh.peer.io.RrConnection;
import benchsh.peer.io.RrConnector;
import benchsh.peer.io.RrListener;
import benchsh.peer.io.RrSockets;
import benchsh.peer.net.ReadyWait;
import benchsh.peer.protocol.Link;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Map;

/**
 * Which sockets a request/response side uses: the native ones ({@link RrSockets}, Java 22+) where they work,
 * else NIO; each side chooses for itself. A side reports its choice as {@code <role>_io} ({@code native} or
 * {@code nio}) and, on NIO, why not native as {@code <role>_io_note}. Stateless.
 */
final class RrIo {
    private RrIo() {
    }

    /** Sockets of one path, what the result calls the path, and why it is not the native one (null if it is). */
    record Chosen<T>(T sockets, String io, String note) {
        /** Adds {@code <role>_io} and, if any, {@code <role>_io_note} to {@code metrics}. */
        void report(Map<String, Object> metrics, String role) {
            metrics.put(role + "_io", io);
            if (note != null) {
                metrics.put(role + "_io_note", note);
            }
        }
    }

    /**
     * A listener on the link's address and port for connections with its token.
     *
     * @param afterToken bytes the native listener's first read of a connection may take behind its token
     * @param ready      the NIO path's wait for a connection's data
     */
    static Chosen<RrListener> listen(Link link, int afterToken, ReadyWait ready) throws IOException {
        String why = RrSockets.unavailable();
        if (why == null) {
            try {
                return new Chosen<>(RrSockets.listen(link.address(), link.port(), link.tokenBytes(), afterToken), RrSockets.NATIVE, null);
            } catch (IOException | RuntimeException | LinkageError e) {
                why = "native failed to set up: " + e.getMessage();
            }
        }
        return new Chosen<>(new NioRrListener(link.address(), link.port(), link.token(), ready), RrSockets.NIO, why);
    }

    /** Opens connections to {@code server}. */
    static Chosen<RrConnector> connector(InetSocketAddress server) {
        String why = RrSockets.unavailable();
        if (why == null) {
            try {
                return new Chosen<>(RrSockets.connector(server), RrSockets.NATIVE, null);
            } catch (IOException | RuntimeException | LinkageError e) {
                why = "native failed to set up: " + e.getMessage();
            }
        }
        return nioConnector(server, why);
    }

    /** Opens NIO connections to {@code server}; {@code why} says why not native. */
    static Chosen<RrConnector> nioConnector(InetSocketAddress server, String why) {
        return new Chosen<>(() -> NioRrConnection.client(server), RrSockets.NIO, why);
    }

    /** Fills {@code buffer} from a blocking connection; an end of stream before it is full is an {@link java.io.EOFException}. */
    static void readFully(RrConnection connection, java.nio.ByteBuffer buffer) throws IOException {
        if (!readFullyOrEof(connection, buffer)) {
            throw new java.io.EOFException("the other side closed the connection");
        }
    }

    /**
     * Fills {@code buffer} from a blocking connection; false on a clean end of stream before the first byte, an
     * {@link java.io.EOFException} in the middle.
     */
    static boolean readFullyOrEof(RrConnection connection, java.nio.ByteBuffer buffer) throws IOException {
        boolean any = false;
        while (buffer.hasRemaining()) {
            if (connection.read(buffer, Long.MAX_VALUE) < 0) {
                if (!any) {
                    return false;
                }
                throw new java.io.EOFException("the other side closed the connection in the middle of a message");
            }
            any = true;
        }
        return true;
    }
}
