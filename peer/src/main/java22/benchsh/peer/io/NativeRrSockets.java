package benchsh.peer.io;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.net.InetSocketAddress;

/**
 * The native request/response sockets on Java 22+ (this class replaces its Java 17 namesake in the
 * multi-release jar): available where the native datagram paths are (Linux on x86_64 or aarch64, a 64-bit JVM
 * allowed to call native code) and the C library has accept4. Thread-safe.
 */
final class NativeRrSockets {
    private static final String UNAVAILABLE = probe();

    private NativeRrSockets() {
    }

    static String unavailable() {
        return UNAVAILABLE;
    }

    static RrListener listen(String address, int port, byte[] token, int afterToken) throws IOException {
        check();
        return NativeRrListener.open(address, port, token, afterToken);
    }

    static RrConnector connector(InetSocketAddress server) throws IOException {
        check();
        return new NativeRrConnector(server);
    }

    private static void check() {
        if (UNAVAILABLE != null) {
            throw new UnsupportedOperationException(UNAVAILABLE);
        }
    }

    private static String probe() {
        String no = NativeDatagrams.unavailable(IoPath.MMSG);
        if (no != null) {
            return no;
        }
        try (Arena arena = Arena.ofConfined()) {
            RrLibc.read(Libc.newErrno(arena), -1, 0, 0); // links the calls; fails with EBADF, as it should
            return null;
        } catch (LinkageError | RuntimeException e) {
            return "cannot link the C library's TCP calls: " + e;
        }
    }
}
