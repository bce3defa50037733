package benchsh.peer.stream;

import benchsh.peer.io.StreamIo;
import benchsh.peer.workload.Timing;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * One direction of a TCP stream in non-blocking mode: a sender's writes or a receiver's reads. NIO's blocking
 * calls do bookkeeping on every call that a non-blocking one skips (the interrupt hook, registering the blocked
 * thread and a second round of the channel's state lock); at small messages that is a measurable share of a
 * side's time. A call that finds room or data costs its system call and no other.
 *
 * <p>When there is nothing to do, a writer waits on a selector for room. A reader first asks again for up to its
 * busy wait ({@link Timing#busyWaitNanos}) and only then sleeps on the selector: a sender on the same machine
 * (loopback, veth) wakes a sleeping receiver within its own system call, so a receiver that sleeps whenever it
 * has caught up makes every write dearer. Waits are cut into slices of {@value #SLICE_MILLIS} ms, so that a close
 * of the channel (the side's cancel or the meter's stall) or the side's cancel flag ends them within one slice;
 * a wait that sees nothing for the timeout it was given ends with a {@link SocketTimeoutException}.
 *
 * <p>Not thread-safe: the one thread that sends or receives on the channel uses it. {@link #close} puts the
 * channel back into blocking mode (unless it was closed meanwhile).
 */
final class NonBlockingStream implements StreamIo {
    static final long SLICE_MILLIS = 100;

    private final SocketChannel channel;
    private final long timeoutNanos;
    private final long busyWaitNanos;
    private final BooleanSupplier cancelled;
    private Selector selector;
    private long waits;

    /**
     * Switches {@code channel} to non-blocking mode.
     *
     * @param timeout   longest wait for room or data
     * @param busyWait  how long a read asks an empty socket again before it sleeps (0: sleeps at once)
     * @param cancelled the side's cancel flag, checked once per slice while waiting
     */
    NonBlockingStream(SocketChannel channel, Duration timeout, Duration busyWait, BooleanSupplier cancelled) throws IOException {
        this.channel = channel;
        this.timeoutNanos = timeout.toNanos();
        this.busyWaitNanos = busyWait.toNanos();
        this.cancelled = cancelled;
        channel.configureBlocking(false);
    }

    /**
     * Writes what fits of {@code buf}'s remaining bytes; when nothing fits, waits until something would and
     * returns 0, so a caller loops {@code while (buf.hasRemaining())} and counts each return.
     *
     * @return the bytes written, 0 after a wait
     * @throws AsynchronousCloseException when the channel is closed or the side cancelled during a wait
     * @throws SocketTimeoutException     when the socket buffer stays full for the timeout
     */
    @Override
    public int write(ByteBuffer buf) throws IOException {
        int n = channel.write(buf);
        if (n == 0 && buf.hasRemaining()) {
            await(SelectionKey.OP_WRITE, "no room in the socket buffer", "the receiver stopped reading");
        }
        return n;
    }

    /**
     * Reads what has arrived into {@code buf}; when nothing has, asks again for the busy wait, then waits until
     * something arrives and returns 0, so a caller loops until -1.
     *
     * @return the bytes read, 0 after a wait, -1 at the end of the stream
     * @throws AsynchronousCloseException when the channel is closed or the side cancelled during a wait
     * @throws SocketTimeoutException     when nothing arrives for the timeout
     */
    @Override
    public int read(ByteBuffer buf) throws IOException {
        int n = channel.read(buf);
        if (n != 0 || !buf.hasRemaining()) {
            return n;
        }
        for (long until = System.nanoTime() + busyWaitNanos; System.nanoTime() < until; ) {
            if ((n = channel.read(buf)) != 0) {
                return n;
            }
        }
        await(SelectionKey.OP_READ, "no data", "the sender stopped sending");
        return 0;
    }

    /** How often a call found nothing to do and waited on the selector. */
    long waits() {
        return waits;
    }

    private void await(int op, String what, String why) throws IOException {
        waits++;
        if (selector == null) {
            selector = Selector.open();
            channel.register(selector, op);
        }
        long deadline = System.nanoTime() + timeoutNanos;
        for (long left; (left = deadline - System.nanoTime()) > 0; ) {
            if (!channel.isOpen() || cancelled.getAsBoolean()) {
                throw new AsynchronousCloseException();
            }
            if (selector.select(Math.max(1, Math.min(SLICE_MILLIS, left / 1_000_000))) > 0) {
                selector.selectedKeys().clear();
                return;
            }
        }
        throw new SocketTimeoutException(what + " for " + Duration.ofNanos(timeoutNanos).toMillis() + " ms: " + why);
    }

    /** Closes the selector (deregistering the channel, so a closed channel's socket is released now) and restores blocking mode. */
    @Override
    public void close() throws IOException {
        if (selector != null) {
            selector.close();
        }
        try {
            if (channel.isOpen()) {
                channel.configureBlocking(true);
            }
        } catch (ClosedChannelException closedMeanwhile) {
            // the side closed it (cancel, stall, failure): nothing left to restore
        }
    }
}
