package benchsh.peer.io;

import static benchsh.peer.io.CLayouts.C_INT;
import static benchsh.peer.io.CLayouts.C_LONG;
import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The C library calls of the native TCP request/response sockets beyond {@link Libc}'s: listen, accept4, read
 * and send. read and send take the buffer as a raw address (a {@code long}: the native paths run on 64-bit
 * JVMs only), so a call allocates nothing. Errors as in {@link Libc}: -1 and errno in the capture segment.
 * Stateless and thread-safe.
 */
@SuppressWarnings("restricted")
final class RrLibc {
    static final int SOCK_STREAM = 1;
    static final int IPPROTO_TCP = 6;
    static final int TCP_NODELAY = 1;
    static final int SO_REUSEADDR = 2;
    static final int SO_ERROR = 4;
    static final int ECONNABORTED = 103;
    static final int MSG_NOSIGNAL = 0x4000;

    private static final MethodHandle LISTEN = Libc.call("listen", C_INT, C_INT, C_INT);
    private static final MethodHandle ACCEPT4 = Libc.call("accept4", C_INT, C_INT, ADDRESS, ADDRESS, C_INT);
    private static final MethodHandle READ = Libc.call("read", C_LONG, C_INT, C_LONG, C_LONG);
    private static final MethodHandle SEND = Libc.call("send", C_LONG, C_INT, C_LONG, C_LONG, C_INT);

    private RrLibc() {
    }

    static int listen(MemorySegment errno, int fd, int backlog) {
        try {
            return (int) LISTEN.invokeExact(errno, fd, backlog);
        } catch (Throwable t) {
            throw Libc.failed(t);
        }
    }

    /** accept4(2) without the peer's address. */
    static int accept4(MemorySegment errno, int fd, int flags) {
        try {
            return (int) ACCEPT4.invokeExact(errno, fd, MemorySegment.NULL, MemorySegment.NULL, flags);
        } catch (Throwable t) {
            throw Libc.failed(t);
        }
    }

    static long read(MemorySegment errno, int fd, long address, long bytes) {
        try {
            return (long) READ.invokeExact(errno, fd, address, bytes);
        } catch (Throwable t) {
            throw Libc.failed(t);
        }
    }

    /** send(2) with MSG_NOSIGNAL: write(2) that fails with EPIPE instead of raising SIGPIPE on a closed connection. */
    static long send(MemorySegment errno, int fd, long address, long bytes) {
        try {
            return (long) SEND.invokeExact(errno, fd, address, bytes, MSG_NOSIGNAL);
        } catch (Throwable t) {
            throw Libc.failed(t);
        }
    }
}
