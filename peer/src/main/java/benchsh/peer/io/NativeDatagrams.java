package benchsh.peer.io;

import java.io.IOException;

/**
 * The native paths ({@link IoPath#MMSG}, {@link IoPath#GSO}) as seen from Java 17: unavailable. The peer jar is
 * multi-release; on Java 22 or newer, {@code META-INF/versions/22} replaces this class with the one that calls
 * the kernel through the Foreign Function & Memory API (peer/src/main/java22).
 */
final class NativeDatagrams {
    private NativeDatagrams() {
    }

    /** Why {@code path} cannot be used here, or null if it can. */
    static String unavailable(IoPath path) {
        int java = Runtime.version().feature();
        return java < 22
                ? "needs Java 22 or newer for the Foreign Function & Memory API (this is Java " + java + ")"
                : "this peer was built without its Java 22 classes, or runs from a directory instead of its multi-release jar"
                        + " (build it where a JDK 22+ is installed: the build finds one by itself)";
    }

    /** Opens a socket on {@code path}; {@code fallback} says why it is slower than asked for, "" if not. */
    static BatchedDatagramSocket open(DatagramSocketSpec spec, IoPath path, String fallback) throws IOException {
        throw new UnsupportedOperationException(unavailable(path));
    }
}
