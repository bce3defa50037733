package benchsh.peer.io;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;

/**
 * A UDP socket that moves a {@link DatagramBatch} per call, with as few system calls as its {@link #io()} path
 * allows. Opened by {@link BatchedDatagrams#open}; it owns its socket and closes it.
 *
 * <p>Thread-safety: one thread at a time may {@link #send}, and one (possibly another) may {@link #receive};
 * {@link #close()} may come from any thread at any time and unblocks both, which then throw {@link
 * AsynchronousCloseException}. Every other call throws {@link ClosedChannelException} once closed.
 */
public interface BatchedDatagramSocket extends Closeable {
    /**
     * How long a send waits for room in a full send buffer before it counts the datagram as refused (a
     * blocking socket would wait forever; this one stays cancellable and bounded).
     */
    Duration SEND_STALL = Duration.ofSeconds(1);

    /** The path this socket uses now (a gso socket whose first sends the kernel refuses becomes mmsg). */
    IoPath io();

    /** Why {@link #io()} is slower than the path asked for, or "" if it is not. */
    String fallback();

    /**
     * Sends the batch's {@link DatagramBatch#count()} datagrams, in order, to the connected address.
     *
     * @throws java.nio.channels.NotYetConnectedException if not connected
     * @throws ClosedChannelException                      if closed, before or during the call
     */
    Sent send(DatagramBatch batch) throws IOException;

    /**
     * Receives up to {@link DatagramBatch#slots()} datagrams that have arrived, waiting up to {@code timeout}
     * for the first ({@link Duration#ZERO}: not at all). Returns as soon as any are there; sets the batch's
     * count, lengths and sources.
     *
     * @return how many datagrams the batch now holds, 0 if none came in time
     * @throws ClosedChannelException if closed, before or during the call
     */
    int receive(DatagramBatch batch, Duration timeout) throws IOException;

    /** Connects (the kernel then drops datagrams from anywhere else); allowed after datagrams have arrived. */
    void connect(InetSocketAddress remote) throws IOException;

    InetSocketAddress localAddress() throws IOException;

    /** The connected address, or null. */
    InetSocketAddress remoteAddress();

    /** SO_SNDBUF as the kernel reports it (Linux doubles what was asked for). */
    int sendBufferBytes() throws IOException;

    /** SO_RCVBUF as the kernel reports it. */
    int receiveBufferBytes() throws IOException;

    boolean isOpen();

    /** Closes the socket; idempotent, from any thread. */
    @Override
    void close();
}
