package benchsh.peer.io;

import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * The native path of a TCP stream ({@code tcp}), Java 22+ on Linux: a connection that NIO accepted or connected
 * (and presented the test's token on) is then written with blocking send(2) and read with recv(2) through the
 * Foreign Function & Memory API, on a duplicate of its descriptor, as the C loop does: no NIO bookkeeping per call.
 * Where it is unavailable (Java 17 to 21, another OS, a JVM that does not let the peer see the socket's descriptor)
 * the stream stays on NIO and the result says why. {@code -Dbenchsh.tcp=nio} keeps it on NIO (an A/B run).
 * Thread-safe.
 */
public final class StreamSockets {
    /** The paths a result reports ({@code send_io}, {@code recv_io} of a tcp test). */
    public static final String NATIVE = "native";
    public static final String NIO = "nio";
    public static final String SENDFILE = "sendfile";
    /** The system property that keeps tcp on NIO where the native path works. */
    static final String PROPERTY = "benchsh.tcp";

    private StreamSockets() {
    }

    /**
     * Which calls one side of a tcp test made, and why not the native ones.
     *
     * @param streamIo {@link #NATIVE}, {@link #NIO} or {@link #SENDFILE}
     * @param streamIoNote why not native, or null
     */
    public record Chosen(@Metric(unit = Unit.TEXT, means = "tcp: this side's socket calls: native (send(2) or recv(2) through the FFM API,"
                                 + " Java 22+), nio, or sendfile (zerocopy:)") String streamIo,
                         @Metric(unit = Unit.TEXT, means = "tcp: why this side's socket calls are not native") @OrNull String streamIoNote) {
        /** The path a side takes by default: native where it works, else NIO saying why. */
        public static Chosen byDefault() {
            String why = unavailable();
            return why == null ? new Chosen(NATIVE, null) : new Chosen(NIO, why);
        }

        public boolean isNative() {
            return NATIVE.equals(streamIo);
        }
    }

    /** Null if the native path works here, else why not. */
    public static String unavailable() {
        return "nio".equals(System.getProperty(PROPERTY)) ? "-D" + PROPERTY + "=nio" : NativeStreamSockets.unavailable();
    }

    /**
     * The native calls on {@code channel}, a connected channel in blocking mode, which stays open and is closed by
     * its owner after the returned stream is (the stream's close shuts the connection down only when it comes
     * from another thread, as a cancel or a stall does).
     *
     * @param timeout   longest wait for room or data
     * @param busyWait  how long a read asks an empty socket again before it sleeps (0: sleeps at once)
     * @param cancelled the side's cancel flag, checked while waiting for data
     * @throws UnsupportedOperationException if {@link #unavailable()}
     */
    public static StreamIo adopt(SocketChannel channel, Duration timeout, Duration busyWait, BooleanSupplier cancelled) throws IOException {
        return NativeStreamSockets.adopt(channel, timeout, busyWait, cancelled);
    }
}
