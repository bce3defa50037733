package benchsh.peer.io;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.channels.NetworkChannel;

/**
 * The file descriptor behind an NIO socket channel (a connection or a listener): {@code SelChImpl.getFDVal()}, which
 * {@code java -jar} lets the peer call through the jar's {@code Add-Exports: java.base/sun.nio.ch} (elsewhere: {@code
 * --add-exports java.base/sun.nio.ch=ALL-UNNAMED}). The number is the channel's only while the channel is open: a
 * caller either checks {@link NetworkChannel#isOpen()} after each call on it (a channel is marked closed before its
 * descriptor is released) or owns a duplicate (fcntl F_DUPFD_CLOEXEC). Stateless and thread-safe.
 */
final class ChannelFds {
    private static final MethodHandle FD_VAL = fdVal();

    private ChannelFds() {
    }

    /** Why descriptors cannot be read here, or null when they can. */
    static String unavailable() {
        return FD_VAL == null ? "cannot see an NIO socket's descriptor: run the peer with java -jar, or add --add-exports java.base/sun.nio.ch=ALL-UNNAMED"
                : null;
    }

    /** The descriptor of {@code channel}. */
    static int of(NetworkChannel channel) throws IOException {
        if (FD_VAL == null) {
            throw new UnsupportedOperationException(unavailable());
        }
        try {
            return (int) FD_VAL.invoke(channel);
        } catch (Throwable t) {
            throw new IOException("cannot read the socket's descriptor: " + t, t);
        }
    }

    /** {@code SelChImpl.getFDVal()}, every NIO channel's descriptor number; null when java.base does not export it to the peer. */
    private static MethodHandle fdVal() {
        try {
            Class<?> selChImpl = Class.forName("sun.nio.ch.SelChImpl");
            return MethodHandles.lookup().findVirtual(selChImpl, "getFDVal", MethodType.methodType(int.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
