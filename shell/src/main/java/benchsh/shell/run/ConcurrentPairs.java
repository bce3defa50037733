package benchsh.shell.run;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Runs two pair tests at the same time, e.g. both directions of a bidirectional stream: the first
 * on the caller's thread with live progress, the second on its own thread without. If the first is
 * interrupted, the second is interrupted too (which stops both of its sides). Stateless.
 */
public final class ConcurrentPairs {
    private ConcurrentPairs() {
    }

    /** @return the two outcomes, in order */
    public static PairOutcome[] run(PairRunner runner, PairTest first, String firstSide, PairTest second, String secondSide) {
        FutureTask<PairOutcome> other = new FutureTask<>(() -> runner.secondary().run(second, secondSide));
        Thread t = new Thread(other, "pair-" + second.workload());
        t.setDaemon(true);
        t.start();
        PairOutcome a;
        try {
            a = runner.run(first, firstSide);
        } catch (RuntimeException e) {
            t.interrupt();
            throw e;
        }
        if (a.status() == benchsh.shell.result.Status.INTERRUPTED) {
            t.interrupt();
        }
        try {
            return new PairOutcome[] {a, other.get()};
        } catch (InterruptedException e) {
            t.interrupt();
            Thread.currentThread().interrupt();
            throw new TestCancelledException("interrupted while waiting for the second direction");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }
}
