package benchsh.peer.workload;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.ErrorWords;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The life of one side, the same for every workload: a cancel flag, the sockets and files to close when
 * the side ends or is cancelled ({@link #track}), a {@link Meter} whose stall closes them too, and one rule
 * for how the side ended — cancelled, else stalled, else the first failure recorded ({@link #fail}, or an
 * I/O error out of {@link #work}), else complete. Every error is said in words ({@link ErrorWords}), never as a Java
 * exception's text. Subclasses move the data in {@link #work} and say what it measured in {@link #report}, a record
 * of the role's report type (usually with the meter's figures in it, {@link Report}). {@link
 * #cancel}, {@link #track} and {@link #fail} may be called from any thread.
 */
public abstract class SideBase implements Side {
    protected final Meter meter;
    private final List<AutoCloseable> open = new ArrayList<>();
    private volatile boolean cancelled;
    private Failure failure;

    private record Failure(ErrorKind kind, String message) {
    }

    /**
     * @param stall how long without progress before the meter declares a stall (closing everything); a side
     *              that watches for silence itself passes a duration it never reaches
     */
    protected SideBase(Meter.Unit unit, int streams, Duration omit, Duration interval, Duration stall, SideContext context) {
        this.meter = new Meter(unit, streams, omit, interval, stall, context, this::closeAll);
    }

    /** Moves the data; returns when the side is done, or throws when it failed. */
    protected abstract void work() throws IOException, InterruptedException;

    /**
     * What the side measured, as its role's report record ({@link Role#report}): typically the meter's figures
     * ({@link Meter#streamed()}, {@link Meter#transacted()}) and the side's own (e.g. strays dropped). Runs once the
     * side ended, also after a failure, so figures measured before it are kept; after {@link #settle}.
     */
    protected abstract Record report();

    /** Runs after everything tracked is closed, also on failure: e.g. removing what the side created. */
    protected void cleanup() {
    }

    @Override
    public final Outcome run() {
        try {
            work();
        } catch (IOException e) {
            fail(ErrorWords.kind(e), ErrorWords.of(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(ErrorKind.CANCELLED, "interrupted");
        } finally {
            closeAll();
            cleanup();
        }
        Failure f = cancelled ? new Failure(ErrorKind.CANCELLED, "cancelled")
                : meter.stallError() != null ? new Failure(ErrorKind.STALLED, meter.stallError()) : firstFailure();
        String error = settle(f == null ? null : ErrorWords.words(f.message()));
        ErrorKind kind = f != null ? f.kind() : error != null ? ErrorKind.IO : null;
        return new Outcome(report(), intervals(), error, kind);
    }

    /**
     * The side's interval samples, as its DONE carries them: the meter's, by default. A side that samples something
     * else (and never starts the meter) gives its own; runs after {@link #report()}.
     */
    protected List<Interval<?>> intervals() {
        return meter.intervals();
    }

    /**
     * Settles how the side ended, once everything tracked is closed and {@link #cleanup()} ran: given the
     * error the outcome rule chose (null when the side completed), returns the error to report. The place
     * for a clean-up that depends on the ending (e.g. removing a partial file after a failure) and must say
     * what it did or kept. By default the error stands. An error returned for a complete side fails it as
     * {@link ErrorKind#IO}. Runs before {@link #report()}.
     */
    protected String settle(String error) {
        return error;
    }

    @Override
    public void cancel() {
        cancelled = true;
        closeAll();
    }

    protected boolean cancelled() {
        return cancelled;
    }

    /** Records why the side failed; the first failure is the one reported. Closes everything, so other threads stop. */
    protected void fail(ErrorKind kind, String message) {
        synchronized (open) {
            if (failure == null) {
                failure = new Failure(kind, message);
            }
        }
        closeAll();
    }

    private Failure firstFailure() {
        synchronized (open) {
            return failure;
        }
    }

    /** Closes {@code c} when the side ends or is cancelled (at once, if it already was). */
    protected <T extends AutoCloseable> T track(T c) {
        synchronized (open) {
            open.add(c);
        }
        if (cancelled) {
            closeAll();
        }
        return c;
    }

    /** Forgets {@code c} (closed by its user): for what a side opens and closes many times, e.g. one per TCP_CRR transaction. */
    protected void untrack(AutoCloseable c) {
        synchronized (open) {
            for (int i = open.size() - 1; i >= 0; i--) {
                if (open.get(i) == c) {
                    open.remove(i);
                    return;
                }
            }
        }
    }

    protected void closeAll() {
        List<AutoCloseable> all;
        synchronized (open) {
            all = new ArrayList<>(open);
        }
        for (AutoCloseable c : all) {
            try {
                c.close();
            } catch (Exception ignored) {
                // closing is best effort
            }
        }
    }

    /** What an exception means, in words ({@link ErrorWords}). */
    protected static String message(Exception e) {
        return ErrorWords.of(e);
    }
}
