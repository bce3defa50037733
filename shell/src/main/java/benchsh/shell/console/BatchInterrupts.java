package benchsh.shell.console;

import benchsh.shell.Session;
import org.jline.utils.Signals;

/**
 * SIGINT in batch mode: the first one interrupts the running test (its partial result is recorded
 * and stored, marked interrupted) and asks the script to stop before its next verb; a second one
 * exits at once with {@link #EXIT_CODE}. Install once, on the evaluating thread; close to restore.
 */
public final class BatchInterrupts implements AutoCloseable {
    /** Exit code of a batch run stopped by SIGINT (128 + 2, as shells report it). */
    public static final int EXIT_CODE = 130;
    private final Object registration;
    private volatile int count;

    private BatchInterrupts(Session session, Thread evaluator) {
        this.registration = Signals.register("INT", () -> {
            if (++count > 1) {
                Runtime.getRuntime().exit(EXIT_CODE); // shutdown hooks close the peers
            }
            session.control().requestCancel();
            evaluator.interrupt();
        });
    }

    /** Handles SIGINT for {@code session}, interrupting the current thread. */
    public static BatchInterrupts install(Session session) {
        return new BatchInterrupts(session, Thread.currentThread());
    }

    /** Whether SIGINT arrived. */
    public boolean interrupted() {
        return count > 0;
    }

    @Override
    public void close() {
        Signals.unregister("INT", registration);
    }
}
