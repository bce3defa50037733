package benchsh.peer.io;

import java.io.IOException;
import java.nio.channels.NetworkChannel;
import java.util.List;

/**
 * The native TCP socket calls (TCP_INFO, TCP_CONGESTION, TCP_MAXSEG) as seen from Java 17: unavailable, as NIO has
 * none of them. On Java 22 or newer the multi-release jar replaces this class with the one in peer/src/main/java22.
 */
final class NativeTcp {
    private NativeTcp() {
    }

    /** Why the calls cannot be made here. */
    static String unavailable() {
        return NativeDatagrams.unavailable(IoPath.MMSG);
    }

    static List<TcpSocket> attach(List<? extends NetworkChannel> channels) throws IOException {
        throw new UnsupportedOperationException(unavailable());
    }
}
