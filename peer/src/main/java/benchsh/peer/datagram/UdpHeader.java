package benchsh.peer.datagram;

import benchsh.peer.io.BatchedDatagramSocket;
import benchsh.peer.io.DatagramBatch;
import benchsh.peer.io.Sent;
import benchsh.peer.net.TokenGate;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The {@link UdpStream} header, {@link #BYTES} bytes: the test token (16), a sequence field and the
 * send time ({@code System.nanoTime()}), 8 bytes each, big-endian. The sequence field is a data
 * message's number (≥ 0), an end marker's {@code ~sent}, or {@link #HELLO}.
 *
 * <p>Also the small-datagram handshake: a sender whose datagrams are shorter than the header greets
 * the receiver with hellos from its data socket until the receiver echoes one, which it does once it
 * has {@code connect()}ed its socket to that sender. Stateless; the buffers passed in belong to the caller.
 */
final class UdpHeader {
    /** Token, sequence field, send time. */
    static final int BYTES = TokenGate.TOKEN_BYTES + 16;
    /** The sequence field of a hello and its echo; never {@code ~sent} of a real count. */
    static final long HELLO = Long.MIN_VALUE;
    /** How many hellos a small-datagram sender tries, and how long it waits for the echo of each. */
    static final int HELLO_TRIES = 10;
    static final Duration HELLO_WAIT = Duration.ofMillis(250);
    /** Where the sequence field and the send time start. */
    static final int SEQUENCE_AT = TokenGate.TOKEN_BYTES;
    static final int SEND_TIME_AT = TokenGate.TOKEN_BYTES + 8;

    private UdpHeader() {
    }

    /** A batch of one header-sized slot, for hellos, their echoes and end markers. */
    static DatagramBatch control() {
        return new DatagramBatch(1, BYTES);
    }

    /**
     * Sends one header (a hello, its echo, an end marker) from the {@link #control()} batch {@code one}; the
     * send time is now.
     */
    static Sent send(BatchedDatagramSocket socket, DatagramBatch one, byte[] token, long sequence) throws IOException {
        one.slot(0).put(token).putLong(sequence).putLong(System.nanoTime());
        return socket.send(one.ready(1));
    }

    /** Whether the {@code length} bytes received into {@code buf} start with a header carrying {@code token}. */
    static boolean has(ByteBuffer buf, int length, long token0, long token1) {
        return length >= BYTES && buf.getLong(0) == token0 && buf.getLong(8) == token1;
    }

    static long sequence(ByteBuffer buf) {
        return buf.getLong(SEQUENCE_AT);
    }

    static long sendTime(ByteBuffer buf) {
        return buf.getLong(SEND_TIME_AT);
    }

    /**
     * Sends hellos through the connected {@code socket} until one is echoed, at most {@link #HELLO_TRIES} times
     * {@link #HELLO_WAIT}.
     *
     * @throws SocketTimeoutException if no echo came back (the partner's answer is a deadline, like a connect's)
     * @throws IOException            when cancelled, or if the socket failed
     */
    static void greet(BatchedDatagramSocket socket, byte[] token, BooleanSupplier cancelled) throws IOException {
        ByteBuffer t = ByteBuffer.wrap(token);
        long token0 = t.getLong(0);
        long token1 = t.getLong(8);
        DatagramBatch out = control();
        DatagramBatch in = new DatagramBatch(8, BYTES + 1);
        String refused = "";
        for (int i = 0; i < HELLO_TRIES && !cancelled.getAsBoolean(); i++) {
            Sent hello = send(socket, out, token, HELLO);
            if (hello.errors() > 0) {
                refused = " (" + hello.error() + ")";
                LockSupport.parkNanos(HELLO_WAIT.toNanos());
                continue;
            }
            long end = System.nanoTime() + HELLO_WAIT.toNanos();
            for (long left = HELLO_WAIT.toNanos(); left > 0; left = end - System.nanoTime()) {
                int n = socket.receive(in, Duration.ofNanos(left));
                for (int d = 0; d < n; d++) {
                    ByteBuffer echo = in.slot(d);
                    if (in.length(d) == BYTES && has(echo, BYTES, token0, token1) && sequence(echo) == HELLO) {
                        return;
                    }
                }
            }
        }
        if (cancelled.getAsBoolean()) {
            throw new IOException("cancelled");
        }
        throw new SocketTimeoutException("the receiver answered none of " + HELLO_TRIES + " hellos in " + HELLO_TRIES * HELLO_WAIT.toMillis() / 1000.0
                + " s" + refused + "; datagrams under " + BYTES + " bytes need a path back from receiver to sender");
    }
}
