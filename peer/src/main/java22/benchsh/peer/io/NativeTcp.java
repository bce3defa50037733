package benchsh.peer.io;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.channels.NetworkChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The native TCP socket calls on Java 22+ (this class replaces its Java 17 namesake in the multi-release jar): available
 * where the native datagram paths are (Linux on x86_64 or aarch64, a 64-bit JVM allowed to call native code) and the
 * process can list its descriptors ({@code /proc/self/fd}). Thread-safe.
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
        List<Integer> fds = ChannelFds.of(channels);
        List<TcpSocket> sockets = new ArrayList<>();
        for (int i = 0; i < fds.size(); i++) {
            sockets.add(new NativeTcpSocket(channels.get(i), fds.get(i)));
        }
        return sockets;
    }

    private static String probe() {
        String no = NativeDatagrams.unavailable(IoPath.MMSG);
        if (no != null) {
            return no;
        }
        if (!Files.isDirectory(Path.of("/proc/self/fd"))) {
            return "needs /proc/self/fd to find its sockets' descriptors (is /proc mounted?)";
        }
        try (Arena arena = Arena.ofConfined()) {
            TcpLibc.getpeername(Libc.newErrno(arena), -1, java.lang.foreign.MemorySegment.NULL, java.lang.foreign.MemorySegment.NULL); // links the call
            return null;
        } catch (LinkageError | RuntimeException e) {
            return "cannot link the C library's getpeername: " + e;
        }
    }
}
