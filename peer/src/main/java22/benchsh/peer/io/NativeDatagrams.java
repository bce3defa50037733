package benchsh.peer.io;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Locale;

/**
 * The native paths on Java 22+ (this class replaces its Java 17 namesake in the multi-release jar): whether
 * they work here, probed once, and opening their sockets. Thread-safe.
 */
final class NativeDatagrams {
    /** Null if mmsg works here, else why not. */
    private static final String MMSG_UNAVAILABLE = probeMmsg();
    /** Null if gso works here, else why not. */
    private static final String GSO_UNAVAILABLE = MMSG_UNAVAILABLE != null ? MMSG_UNAVAILABLE : probeGso();

    private NativeDatagrams() {
    }

    static String unavailable(IoPath path) {
        return switch (path) {
            case NIO -> null;
            case MMSG -> MMSG_UNAVAILABLE;
            case GSO -> GSO_UNAVAILABLE;
        };
    }

    static BatchedDatagramSocket open(DatagramSocketSpec spec, IoPath path, String fallback) throws IOException {
        String no = unavailable(path);
        if (no != null) {
            throw new UnsupportedOperationException(path + " " + no);
        }
        return NativeDatagramSocket.open(spec, path, fallback);
    }

    private static String probeMmsg() {
        String os = System.getProperty("os.name", "");
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (!os.equals("Linux") || !(arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64"))) {
            return "needs Linux on x86_64 or aarch64 (this is " + os + " on " + arch + ")";
        }
        if (ValueLayout.ADDRESS.byteSize() != 8 || CLayouts.SIZE_T.byteSize() != 8) {
            return "needs a 64-bit JVM";
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = Libc.newErrno(arena);
            int fd = Libc.socket(errno, Libc.AF_INET, Libc.SOCK_DGRAM | Libc.SOCK_CLOEXEC, Libc.IPPROTO_UDP);
            if (fd < 0) {
                return "cannot open a UDP socket: " + Libc.describe(Libc.errno(errno));
            }
            Libc.close(errno, fd);
            return null;
        } catch (IllegalCallerException e) {
            return "is not allowed to call native code: run java with --enable-native-access=ALL-UNNAMED (" + e.getMessage() + ")";
        } catch (ExceptionInInitializerError e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return cause instanceof IllegalCallerException
                    ? "is not allowed to call native code: run java with --enable-native-access=ALL-UNNAMED"
                    : "cannot link the C library: " + cause;
        } catch (LinkageError | RuntimeException e) {
            return "cannot link the C library: " + e;
        }
    }

    /** Whether a fresh UDP socket accepts UDP_SEGMENT (Linux 4.18) and UDP_GRO (Linux 5.0). */
    private static String probeGso() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = Libc.newErrno(arena);
            int fd = Libc.socket(errno, Libc.AF_INET, Libc.SOCK_DGRAM | Libc.SOCK_CLOEXEC, Libc.IPPROTO_UDP);
            if (fd < 0) {
                return "cannot open a UDP socket: " + Libc.describe(Libc.errno(errno));
            }
            try {
                return NativeDatagramSocket.gsoRefusal(fd, arena);
            } finally {
                Libc.close(errno, fd);
            }
        }
    }
}
