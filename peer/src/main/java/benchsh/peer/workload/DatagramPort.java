package benchsh.peer.workload;

import java.io.Closeable;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.Map;

/**
 * The UDP socket of one {@link UdpStream} side: everything the sender and the receiver do with datagrams goes
 * through {@link #send} and {@link #receive}, one datagram per call, so another way of moving them (a batched
 * layer) replaces this and nothing else. {@link NioDatagramPort} is the one on every JVM.
 *
 * <p>Thread-safety: one thread sends and receives; {@link #close()} may come from any thread at any time and
 * makes a waiting call end with a {@link ClosedChannelException} (an {@link
 * java.nio.channels.AsynchronousCloseException}).
 */
interface DatagramPort extends Closeable {
    /**
     * Sends the remaining bytes of {@code datagram} as one datagram to the connected address.
     *
     * @throws ClosedChannelException once closed
     * @throws IOException            when the kernel refused this datagram (ENOBUFS, ECONNREFUSED from an ICMP port
     *                                unreachable, a send buffer still full after {@link NioDatagramPort#SEND_STALL}):
     *                                the socket is still usable
     */
    void send(ByteBuffer datagram) throws IOException;

    /**
     * Receives one datagram into {@code into} (from its position; a longer one is cut), waiting up to {@code wait}
     * for it ({@link Duration#ZERO}: not at all).
     *
     * @return where it came from, or null if none came in time
     * @throws java.net.PortUnreachableException the ICMP answer to an earlier send on a connected socket; the socket is still usable
     */
    SocketAddress receive(ByteBuffer into, Duration wait) throws IOException;

    /** From now on only datagrams from {@code partner} arrive, and sends go there; allowed after datagrams arrived. */
    void connect(SocketAddress partner) throws IOException;

    /** SO_SNDBUF as the kernel granted it, in bytes; 0 once closed. */
    long sendBufferBytes();

    /** SO_RCVBUF as the kernel granted it, in bytes; 0 once closed. */
    long receiveBufferBytes();

    /** The bound port for the shell ({@code port}); empty once closed. */
    Map<String, Object> endpoint();

    /** Closes the socket; idempotent, from any thread. */
    @Override
    void close();
}
