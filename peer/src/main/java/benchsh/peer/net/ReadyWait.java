package benchsh.peer.net;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.function.BooleanSupplier;

/**
 * Waits until a non-blocking channel is ready (to read or to write), with a deadline and a cancel check:
 * the slow path of a side that reads and writes non-blocking so that the fast path needs no system call
 * beyond the read or write itself. The selector is opened on the first wait and reused. Not thread-safe:
 * one thread uses it.
 */
public final class ReadyWait implements Closeable {
    /** Longest single select, so a cancel is seen within it. */
    private static final long SLICE_MILLIS = 100;

    private final BooleanSupplier cancelled;
    private Selector selector;

    public ReadyWait(BooleanSupplier cancelled) {
        this.cancelled = cancelled;
    }

    /**
     * Waits until {@code channel} is ready for {@code ops} ({@link SelectionKey#OP_READ} or {@code OP_WRITE}).
     *
     * @param deadlineNanos by when, on the {@link System#nanoTime()} clock
     * @return true once it is ready, false at the deadline
     * @throws IOException when cancelled
     */
    public boolean await(SelectableChannel channel, int ops, long deadlineNanos) throws IOException {
        if (selector == null) {
            selector = Selector.open();
        }
        SelectionKey key = channel.register(selector, ops);
        try {
            for (long left; (left = deadlineNanos - System.nanoTime()) > 0; ) {
                if (cancelled.getAsBoolean()) {
                    throw new IOException("cancelled");
                }
                if (selector.select(Math.max(1, Math.min(SLICE_MILLIS, left / 1_000_000))) > 0) {
                    return true;
                }
            }
            return false;
        } finally {
            key.cancel();
            selector.selectNow(); // deregisters now, so closing the channel closes its socket at once
        }
    }

    @Override
    public void close() throws IOException {
        if (selector != null) {
            selector.close();
        }
    }
}
