package benchsh.peer.io;

import java.nio.channels.ClosedChannelException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Keeps a file descriptor open while calls use it, so that closing it from another thread can never let a
 * blocked call go on with a descriptor number the process has meanwhile reused. {@link #close} marks the
 * descriptor closed, wakes the calls under way (shutdown(2)), and the last call to leave releases it (or close
 * itself, if none is under way). Thread-safe.
 */
final class FdGuard {
    private static final int CLOSED = 1 << 30;

    private final AtomicInteger state = new AtomicInteger();
    private final Runnable release;

    /** @param release closes the descriptor and frees its memory; runs exactly once */
    FdGuard(Runnable release) {
        this.release = release;
    }

    /** Enters a call; pair with {@link #exit()} in a finally block. */
    void enter() throws ClosedChannelException {
        for (int s = state.get(); ; s = state.get()) {
            if ((s & CLOSED) != 0) {
                throw new ClosedChannelException();
            }
            if (state.compareAndSet(s, s + 1)) {
                return;
            }
        }
    }

    void exit() {
        if (state.decrementAndGet() == CLOSED) {
            release.run();
        }
    }

    boolean closed() {
        return (state.get() & CLOSED) != 0;
    }

    /** Marks closed and runs {@code wake} while the descriptor is still valid; false if it was closed already. */
    boolean close(Runnable wake) {
        for (int s = state.get(); ; s = state.get()) {
            if ((s & CLOSED) != 0) {
                return false;
            }
            if (state.compareAndSet(s, (s + 1) | CLOSED)) {
                break;
            }
        }
        try {
            wake.run();
        } finally {
            exit();
        }
        return true;
    }
}
