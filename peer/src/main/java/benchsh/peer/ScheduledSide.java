package benchsh.peer;

import benchsh.peer.protocol.Endpoint;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.Side;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A side as its START asked it to begin: at once, or held once it is set up (listening) until a GO names the instant on
 * this peer's clock ({@link System#nanoTime()}) it begins at; it then waits for that instant, runs, and says how late it
 * began ({@link #lateNanos}). A cancel ends the waits at once; a held side that hears no GO by its deadline ends as a
 * timeout, without running. {@link #go} and {@link #cancel} may be called from any thread, {@link #run} from one.
 */
final class ScheduledSide implements Side {
    private final Side side;
    private final boolean held;
    private final long deadlineNanos;
    private final CountDownLatch released = new CountDownLatch(1);
    private volatile boolean cancelled;
    private volatile Long atNanos;
    private volatile Long lateNanos;

    /** @param held whether the side waits for {@link #go} */
    ScheduledSide(Side side, boolean held, long deadlineNanos) {
        this.side = side;
        this.held = held;
        this.deadlineNanos = deadlineNanos;
    }

    @Override
    public Endpoint endpoint() {
        return side.endpoint();
    }

    /** Releases a held side to begin at {@code atNanos} (at once if that is past); the first GO counts. */
    void go(long atNanos) {
        if (this.atNanos == null) {
            this.atNanos = atNanos;
        }
        released.countDown();
    }

    /** The instant a GO named, once it did: what the side's schedule counts from. */
    OptionalLong instant() {
        Long at = atNanos;
        return at == null ? OptionalLong.empty() : OptionalLong.of(at);
    }

    @Override
    public Outcome run() {
        if (held) {
            try {
                if (!released.await(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS) && !cancelled) {
                    side.cancel();
                    Outcome o = side.run();
                    return new Outcome(o.report(), o.intervals(), "no word from the shell when to begin (GO) before the test's deadline",
                            ErrorKind.TIMEOUT);
                }
                long at = atNanos == null ? System.nanoTime() : atNanos;
                for (long wait; !cancelled && (wait = at - System.nanoTime()) > 0; ) {
                    TimeUnit.NANOSECONDS.sleep(Math.min(wait, 50_000_000L));
                }
                lateNanos = cancelled ? null : System.nanoTime() - at;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return side.run(); // cancelled meanwhile: the side ends as cancelled at once
    }

    @Override
    public void cancel() {
        cancelled = true;
        released.countDown();
        side.cancel();
    }

    /** How long after its instant the side began, for a held side released by a GO; null otherwise. */
    Long lateNanos() {
        return lateNanos;
    }
}
