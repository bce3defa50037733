package benchsh.peer.workload;

import java.io.Closeable;
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
 * A TCP sender's writes in non-blocking mode. NIO's blocking write does bookkeeping on every call that a
 * non-blocking one skips (the interrupt hook, registering the blocked thread and a second round of the
 * channel's state lock); a sender at small messages spends a measurable share of its time there. A write
 * that finds room costs the {@code write} system call and no other; when the socket buffer is full the writer waits
 * on a selector until there is room, in slices of {@value #SLICE_MILLIS} ms so that a close of the channel
 * (the side's cancel or the meter's stall) or the side's cancel flag ends the wait within one slice, and
 * gives up with a {@link SocketTimeoutException} when no room appears for the timeout it was given.
 *
 * <p>Not thread-safe: the one thread that sends on the channel uses it. {@link #close} puts the channel
 * back into blocking mode (unless it was closed meanwhile).
 */
final class NonBlockingWriter implements Closeable {
    static final long SLICE_MILLIS = 100;

    private final SocketChannel channel;
    private final long timeoutNanos;
    private final BooleanSupplier cancelled;
    private Selector selector;
    private long waits;

    /**
     * Switches {@code channel} to non-blocking mode.
     *
     * @param timeout   longest wait for room in the socket buffer
     * @param cancelled the side's cancel flag, checked once per slice while waiting
     */
    NonBlockingWriter(SocketChannel channel, Duration timeout, BooleanSupplier cancelled) throws IOException {
        this.channel = channel;
        this.timeoutNanos = timeout.toNanos();
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
    int write(ByteBuffer buf) throws IOException {
        int n = channel.write(buf);
        if (n == 0 && buf.hasRemaining()) {
            awaitRoom();
        }
        return n;
    }

    /** How often a write found the socket buffer full and waited. */
    long waits() {
        return waits;
    }

    private void awaitRoom() throws IOException {
        waits++;
        if (selector == null) {
            selector = Selector.open();
            channel.register(selector, SelectionKey.OP_WRITE);
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
        throw new SocketTimeoutException("no room in the socket buffer for " + Duration.ofNanos(timeoutNanos).toMillis()
                + " ms: the receiver stopped reading");
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
