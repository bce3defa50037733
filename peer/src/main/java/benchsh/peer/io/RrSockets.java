package benchsh.peer.io;

import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * The native TCP sockets of the request/response workloads (Java 22+, Linux: socket(2), connect(2),
 * accept4(2), read(2), write(2), close(2) through the Foreign Function & Memory API, the calls a C loop
 * makes); where they are unavailable the workloads use NIO and say why. Thread-safe.
 */
public final class RrSockets {
    /** The path a result reports ({@code client_io}, {@code server_io}). */
    public static final String NATIVE = "native";
    public static final String NIO = "nio";

    private RrSockets() {
    }

    /** Null if the native sockets work here, else why not. */
    public static String unavailable() {
        return NativeRrSockets.unavailable();
    }

    /**
     * Listens on {@code address:port} (0: any free port) for connections presenting {@code token}.
     *
     * @param afterToken bytes a fresh connection's first read may take beyond its token
     * @throws UnsupportedOperationException if {@link #unavailable()}
     */
    public static RrListener listen(String address, int port, byte[] token, int afterToken) throws IOException {
        return NativeRrSockets.listen(address, port, token, afterToken);
    }

    /** @throws UnsupportedOperationException if {@link #unavailable()} */
    public static RrConnector connector(InetSocketAddress server) throws IOException {
        return NativeRrSockets.connector(server);
    }
}
