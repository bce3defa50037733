package benchsh.shell.run;

import benchsh.peer.workload.Interval;
import java.time.Duration;

/** Watches a running test: live progress in the REPL, interval lines in batch mode. */
public interface ProgressListener {
    ProgressListener NONE = new ProgressListener() {
    };

    default void started(String test, Duration expected) {
    }

    /** One interval sample from the side that measures the figure. */
    default void interval(String test, Interval<?> sample) {
    }

    default void finished(String test) {
    }
}
