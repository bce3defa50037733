package benchsh.shell.report;

import benchsh.peer.workload.Interval;
import benchsh.shell.run.ProgressListener;
import java.io.PrintWriter;
import java.util.function.Supplier;

/**
 * Batch mode's progress ({@code --progress}): one line per interval sample on the human output.
 * Called from the peer reader thread; thread-safe.
 */
public final class IntervalLines implements ProgressListener {
    private final PrintWriter out;
    private final Supplier<ThroughputUnit> unit;
    private final Supplier<String> step;

    /** @param step the script step being run ("step 2 of 6"), or a supplier of null */
    public IntervalLines(PrintWriter out, Supplier<ThroughputUnit> unit, Supplier<String> step) {
        this.out = out;
        this.unit = unit;
        this.step = step;
    }

    @Override
    public synchronized void interval(String test, Interval<?> sample) {
        out.println(ProgressText.interval(test, sample, step.get(), unit.get()));
        out.flush();
    }
}
