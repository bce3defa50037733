package benchsh.peer.io;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * The native TCP stream calls on Java 22+ (this class replaces its Java 17 namesake in the multi-release jar):
 * available where the native rr sockets are and the JDK lets the peer read an NIO socket's descriptor, which
 * {@code java -jar} grants ({@link ChannelFds}). The descriptor is duplicated (fcntl F_DUPFD_CLOEXEC), so the
 * stream owns the number it calls on whatever happens to the channel. Thread-safe.
 */
final class NativeStreamSockets {
    private static final int F_DUPFD_CLOEXEC = 1030;
    private static final MethodHandle FCNTL = link();
    private static final String UNAVAILABLE = probe();

    private NativeStreamSockets() {
    }

    static String unavailable() {
        return UNAVAILABLE;
    }

    static StreamIo adopt(SocketChannel channel, Duration timeout, Duration busyWait, BooleanSupplier cancelled) throws IOException {
        if (UNAVAILABLE != null) {
            throw new UnsupportedOperationException(UNAVAILABLE);
        }
        int fd = ChannelFds.of(channel);
        Arena arena = Arena.ofAuto();
        MemorySegment errno = Libc.newErrno(arena);
        int dup;
        try {
            dup = (int) FCNTL.invokeExact(errno, fd, F_DUPFD_CLOEXEC, 0);
        } catch (Throwable t) {
            throw Libc.failed(t);
        }
        if (dup < 0) {
            throw new IOException("fcntl(F_DUPFD_CLOEXEC): " + Libc.describe(Libc.errno(errno)));
        }
        return new NativeStream(dup, arena, errno, timeout, busyWait, cancelled);
    }

    private static MethodHandle link() {
        try {
            return Libc.callVariadic("fcntl", 2, CLayouts.C_INT, CLayouts.C_INT, CLayouts.C_INT, CLayouts.C_INT);
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    private static String probe() {
        String no = NativeRrSockets.unavailable();
        if (no != null) {
            return no;
        }
        if (FCNTL == null) {
            return "cannot link the C library's fcntl()";
        }
        return ChannelFds.unavailable();
    }
}
