package benchsh.peer.io;

import static benchsh.peer.io.CLayouts.C_INT;
import static benchsh.peer.io.CLayouts.C_LONG;
import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The C library calls of the native TCP request/response sockets beyond {@link Libc}'s: listen, accept4, read,
 * recv and send. read, recv and send take the buffer as a raw address (a {@code long}: the native paths run on 64-bit
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
    /** SO_SNDTIMEO with the 64-bit {@code struct timeval} (Linux x86_64 and aarch64). */
    static final int SO_SNDTIMEO = 21;
    static final int EINPROGRESS = 115;
    static final int MSG_DONTWAIT = 0x40;
    static final int SHUT_WR = 1;
    static final int ECONNABORTED = 103;
    static final int MSG_NOSIGNAL = 0x4000;

    private static final MethodHandle LISTEN = Libc.call("listen", C_INT, C_INT, C_INT);
    private static final MethodHandle ACCEPT4 = Libc.call("accept4", C_INT, C_INT, ADDRESS, ADDRESS, C_INT);
    private static final MethodHandle READ = Libc.call("read", C_LONG, C_INT, C_LONG, C_LONG);
    private static final MethodHandle RECV = Libc.call("recv", C_LONG, C_INT, C_LONG, C_LONG, C_INT);
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

    /** recv(2) with {@code flags} (MSG_DONTWAIT: a read that fails with EAGAIN instead of waiting, on a blocking socket). */
    static long recv(MemorySegment errno, int fd, long address, long bytes, int flags) {
        try {
            return (long) RECV.invokeExact(errno, fd, address, bytes, flags);
        } catch (Throwable t) {
            throw Libc.failed(t);
        }
    }

    /**
     * send(2) with MSG_NOSIGNAL (fails with EPIPE instead of raising SIGPIPE on a closed connection) and {@code
     * flags} (MSG_DONTWAIT: fails with EAGAIN instead of waiting for room).
     */
    static long send(MemorySegment errno, int fd, long address, long bytes, int flags) {
        try {
            return (long) SEND.invokeExact(errno, fd, address, bytes, MSG_NOSIGNAL | flags);
        } catch (Throwable t) {
            throw Libc.failed(t);
        }
    }
}
