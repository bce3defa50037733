package benchsh.peer.io;

import static benchsh.peer.io.CLayouts.C_INT;
import static benchsh.peer.io.CLayouts.C_LONG;
import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * The C library calls of the native paths, each returning -1 and leaving errno in a caller-owned capture
 * segment ({@link #newErrno}) on failure, as {@code Linker.Option.captureCallState("errno")} provides. The
 * constants are Linux's for x86_64 and aarch64 (the generic ABI; they differ only on alpha, mips, parisc,
 * sparc). Stateless and thread-safe; a capture segment belongs to one thread at a time.
 */
@SuppressWarnings("restricted")
final class Libc {
    static final int AF_INET = 2;
    static final int AF_INET6 = 10;
    static final int SOCK_DGRAM = 2;
    static final int SOCK_NONBLOCK = 0x800;
    static final int SOCK_CLOEXEC = 0x80000;
    static final int IPPROTO_UDP = 17;
    static final int IPPROTO_IPV6 = 41;
    static final int IPV6_V6ONLY = 26;
    static final int SOL_SOCKET = 1;
    static final int SO_SNDBUF = 7;
    static final int SO_RCVBUF = 8;
    static final int SOL_UDP = 17;
    static final int UDP_SEGMENT = 103;
    static final int UDP_GRO = 104;
    static final int SHUT_RDWR = 2;
    static final int MSG_TRUNC = 0x20;
    static final short POLLIN = 0x1;
    static final short POLLOUT = 0x4;

    static final int EPERM = 1;
    static final int ENOENT = 2;
    static final int EINTR = 4;
    static final int EIO = 5;
    static final int EAGAIN = 11;
    static final int EACCES = 13;
    static final int EEXIST = 17;
    static final int EXDEV = 18;
    static final int EINVAL = 22;
    static final int ENOSYS = 38;
    static final int ELOOP = 40;
    static final int EMSGSIZE = 90;
    static final int ENOPROTOOPT = 92;
    static final int EOPNOTSUPP = 95;
    static final int ECONNREFUSED = 111;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();
    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    private static final MethodHandle SOCKET = call("socket", C_INT, C_INT, C_INT, C_INT);
    private static final MethodHandle BIND = call("bind", C_INT, C_INT, ADDRESS, C_INT);
    private static final MethodHandle CONNECT = call("connect", C_INT, C_INT, ADDRESS, C_INT);
    private static final MethodHandle CLOSE = call("close", C_INT, C_INT);
    private static final MethodHandle SHUTDOWN = call("shutdown", C_INT, C_INT, C_INT);
    private static final MethodHandle SETSOCKOPT = call("setsockopt", C_INT, C_INT, C_INT, C_INT, ADDRESS, C_INT);
    private static final MethodHandle GETSOCKOPT = call("getsockopt", C_INT, C_INT, C_INT, C_INT, ADDRESS, ADDRESS);
    private static final MethodHandle GETSOCKNAME = call("getsockname", C_INT, C_INT, ADDRESS, ADDRESS);
    private static final MethodHandle SENDMMSG = call("sendmmsg", C_INT, C_INT, ADDRESS, C_INT, C_INT);
    private static final MethodHandle RECVMMSG = call("recvmmsg", C_INT, C_INT, ADDRESS, C_INT, C_INT, ADDRESS);
    private static final MethodHandle POLL = call("poll", C_INT, ADDRESS, C_LONG, C_INT);
    private static final MethodHandle STRERROR = LINKER.downcallHandle(find("strerror"), FunctionDescriptor.of(ADDRESS, C_INT));

    private Libc() {
    }

    private static MemorySegment find(String name) {
        return LIBC.find(name).orElseThrow(() -> new UnsatisfiedLinkError("the C library has no " + name + "()"));
    }

    /** A downcall handle of C library function {@code name} that captures errno (the first argument of every call). */
    static MethodHandle call(String name, MemoryLayout result, MemoryLayout... args) {
        return LINKER.downcallHandle(find(name), FunctionDescriptor.of(result, args), Linker.Option.captureCallState("errno"));
    }

    /**
     * {@link #call}, for a variadic function whose variadic part starts at argument {@code firstVariadic}
     * (0-based, errno's capture not counted), e.g. open(2)'s mode.
     */
    static MethodHandle callVariadic(String name, int firstVariadic, MemoryLayout result, MemoryLayout... args) {
        return LINKER.downcallHandle(find(name), FunctionDescriptor.of(result, args), Linker.Option.firstVariadicArg(firstVariadic),
                Linker.Option.captureCallState("errno"));
    }

    /** Whether the C library has {@code name} (e.g. fstat(3) only since glibc 2.33). */
    static boolean has(String name) {
        return LIBC.find(name).isPresent();
    }

    /** A capture segment for errno, for one thread at a time. */
    static MemorySegment newErrno(Arena arena) {
        return arena.allocate(CAPTURE);
    }

    static int errno(MemorySegment capture) {
        return (int) ERRNO.get(capture, 0L);
    }

    /** strerror(3) with the errno, e.g. "Connection refused (errno 111)". */
    static String describe(int errno) {
        String text = strerror(errno);
        return text == null ? "errno " + errno : text + " (errno " + errno + ")";
    }

    /** strerror(3), e.g. "Connection refused"; null when it cannot be read. */
    static String strerror(int errno) {
        try {
            MemorySegment s = (MemorySegment) STRERROR.invokeExact(errno);
            return s.reinterpret(256).getString(0);
        } catch (Throwable t) {
            return null;
        }
    }

    static int socket(MemorySegment errno, int domain, int type, int protocol) {
        try {
            return (int) SOCKET.invokeExact(errno, domain, type, protocol);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    static int bind(MemorySegment errno, int fd, MemorySegment address, int length) {
        try {
            return (int) BIND.invokeExact(errno, fd, address, length);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    static int connect(MemorySegment errno, int fd, MemorySegment address, int length) {
        try {
            return (int) CONNECT.invokeExact(errno, fd, address, length);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    static int close(MemorySegment errno, int fd) {
        try {
            return (int) CLOSE.invokeExact(errno, fd);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    static int shutdown(MemorySegment errno, int fd, int how) {
        try {
            return (int) SHUTDOWN.invokeExact(errno, fd, how);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    static int setsockopt(MemorySegment errno, int fd, int level, int name, MemorySegment value, int length) {
        try {
            return (int) SETSOCKOPT.invokeExact(errno, fd, level, name, value, length);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    static int getsockopt(MemorySegment errno, int fd, int level, int name, MemorySegment value, MemorySegment length) {
        try {
            return (int) GETSOCKOPT.invokeExact(errno, fd, level, name, value, length);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    static int getsockname(MemorySegment errno, int fd, MemorySegment address, MemorySegment length) {
        try {
            return (int) GETSOCKNAME.invokeExact(errno, fd, address, length);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    static int sendmmsg(MemorySegment errno, int fd, MemorySegment messages, int count, int flags) {
        try {
            return (int) SENDMMSG.invokeExact(errno, fd, messages, count, flags);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    static int recvmmsg(MemorySegment errno, int fd, MemorySegment messages, int count, int flags) {
        try {
            return (int) RECVMMSG.invokeExact(errno, fd, messages, count, flags, MemorySegment.NULL);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    static int poll(MemorySegment errno, MemorySegment fds, long count, int timeoutMillis) {
        try {
            return (int) POLL.invokeExact(errno, fds, count, timeoutMillis);
        } catch (Throwable t) {
            throw failed(t);
        }
    }

    static IllegalStateException failed(Throwable t) {
        return new IllegalStateException("native call failed: " + t, t);
    }
}
