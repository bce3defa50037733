package benchsh.peer.io;

import benchsh.peer.protocol.ErrorWords;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Opens {@link BatchedDatagramSocket}s on the fastest path that works here, at most the one asked for: {@link
 * IoPath#GSO} where the kernel accepts UDP_SEGMENT and UDP_GRO (probed once), else {@link IoPath#MMSG} where
 * the JVM is 22 or newer on Linux, else {@link IoPath#NIO}. A native path that fails to set up falls back to
 * the next slower one; the socket's {@link BatchedDatagramSocket#fallback()} says why. Thread-safe.
 */
public final class BatchedDatagrams {
    /** Opens the native sockets; a seam so tests can make the native path fail. */
    interface NativeOpener {
        BatchedDatagramSocket open(DatagramSocketSpec spec, IoPath path, String fallback) throws IOException;
    }

    private BatchedDatagrams() {
    }

    /** Opens a socket on {@code wanted}, or the fastest slower path that works. */
    public static BatchedDatagramSocket open(DatagramSocketSpec spec, IoPath wanted) throws IOException {
        return open(spec, wanted, NativeDatagrams::open);
    }

    static BatchedDatagramSocket open(DatagramSocketSpec spec, IoPath wanted, NativeOpener opener) throws IOException {
        List<String> why = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (IoPath path = wanted; path != IoPath.NIO; path = path.slower()) {
            String no = NativeDatagrams.unavailable(path);
            if (no != null) {
                why.add(path + " " + no);
                continue;
            }
            try {
                return opener.open(spec, path, String.join("; ", why));
            } catch (IOException | RuntimeException | LinkageError e) {
                why.add(path + " failed to set up: " + ErrorWords.of(e));
                failures.add(e);
            }
        }
        try {
            return NioDatagramSocket.open(spec, String.join("; ", why));
        } catch (IOException | RuntimeException e) {
            failures.forEach(e::addSuppressed);
            throw e;
        }
    }

    /** The paths this JVM and kernel offer; always includes {@link IoPath#NIO}. */
    public static Set<IoPath> available() {
        Set<IoPath> paths = EnumSet.of(IoPath.NIO);
        for (IoPath p : IoPath.values()) {
            if (p != IoPath.NIO && NativeDatagrams.unavailable(p) == null) {
                paths.add(p);
            }
        }
        return paths;
    }

    /** Why {@code path} is not offered here, or null if it is. */
    public static String unavailable(IoPath path) {
        return path == IoPath.NIO ? null : NativeDatagrams.unavailable(path);
    }
}
