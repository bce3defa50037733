package benchsh.peer.io;

import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * The native TCP stream calls as seen from Java 17: unavailable. On Java 22 or newer the multi-release jar
 * replaces this class with the one in peer/src/main/java22.
 */
final class NativeStreamSockets {
    private NativeStreamSockets() {
    }

    static String unavailable() {
        return NativeDatagrams.unavailable(IoPath.MMSG);
    }

    static StreamIo adopt(SocketChannel channel, Duration timeout, Duration busyWait, BooleanSupplier cancelled) {
        throw new UnsupportedOperationException(unavailable());
    }
}
