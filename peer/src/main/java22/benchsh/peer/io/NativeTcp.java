package benchsh.peer.io;

import java.io.IOException;
import java.nio.channels.NetworkChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * The native TCP socket calls on Java 22+ (this class replaces its Java 17 namesake in the multi-release jar): available
 * where the native datagram paths are (Linux on x86_64 or aarch64, a 64-bit JVM allowed to call native code) and the
 * peer can read an NIO socket's descriptor ({@link ChannelFds}). Thread-safe.
 */
final class NativeTcp {
    private static final String UNAVAILABLE = probe();

    private NativeTcp() {
    }

    static String unavailable() {
        return UNAVAILABLE;
    }

    /** The kernel's side of each of {@code channels} (connected, or listening), in their order. */
    static List<TcpSocket> attach(List<? extends NetworkChannel> channels) throws IOException {
        if (UNAVAILABLE != null) {
            throw new UnsupportedOperationException(UNAVAILABLE);
        }
        List<TcpSocket> sockets = new ArrayList<>();
        for (NetworkChannel c : channels) {
            sockets.add(new NativeTcpSocket(c, ChannelFds.of(c)));
        }
        return sockets;
    }

    private static String probe() {
        String no = NativeDatagrams.unavailable(IoPath.MMSG);
        return no != null ? no : ChannelFds.unavailable();
    }
}
