package benchsh.peer.io;

import java.net.InetSocketAddress;

/**
 * The native request/response sockets as seen from Java 17: unavailable. On Java 22 or newer the
 * multi-release jar replaces this class with the one in peer/src/main/java22.
 */
final class NativeRrSockets {
    private NativeRrSockets() {
    }

    static String unavailable() {
        return NativeDatagrams.unavailable(IoPath.MMSG);
    }

    static RrListener listen(String address, int port, byte[] token, int afterToken) {
        throw new UnsupportedOperationException(unavailable());
    }

    static RrConnector connector(InetSocketAddress server) {
        throw new UnsupportedOperationException(unavailable());
    }
}
