package benchsh.peer;

import benchsh.peer.protocol.Endpoint;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.Side;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A side that begins at an instant on this peer's clock ({@link System#nanoTime()}) its START named, rather than at
 * once: set up (listening) when made, it waits in {@link #run} until the instant, then runs, and says how late it
 * began ({@link #lateNanos}). A cancel ends the wait at once. Without an instant it is the side itself. {@link #cancel}
 * may be called from any thread, {@link #run} from one.
 */
final class ScheduledSide implements Side {
    private final Side side;
    private final Long atNanos;
    private final CountDownLatch cancelled = new CountDownLatch(1);
    private volatile Long lateNanos;

    /** @param atNanos when to begin, on {@link System#nanoTime()}'s clock; null for at once */
    ScheduledSide(Side side, Long atNanos) {
        this.side = side;
        this.atNanos = atNanos;
    }

    @Override
    public Endpoint endpoint() {
        return side.endpoint();
    }

    @Override
    public Outcome run() {
        if (atNanos != null) {
            try {
                long wait = atNanos - System.nanoTime();
                if (wait > 0 && cancelled.await(wait, TimeUnit.NANOSECONDS)) {
                    return side.run(); // cancelled while waiting: the side ends as cancelled at once
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            lateNanos = System.nanoTime() - atNanos;
        }
        return side.run();
    }

    @Override
    public void cancel() {
        cancelled.countDown();
        side.cancel();
    }

    /** How long after its instant the side began (negative: early), null for a side without one or not begun. */
    Long lateNanos() {
        return lateNanos;
    }
}
