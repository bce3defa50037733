package benchsh.peer.workload;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A side's context in tests: keeps the interval samples it is sent; temp files go to the system temp dir; the
 * deadline is a minute after it was made unless given.
 */
public final class RecordingContext implements SideContext {
    public final List<Interval<?>> samples = new ArrayList<>();
    private final long deadlineNanos;

    public RecordingContext() {
        this(Duration.ofMinutes(1));
    }

    /** A context whose side must end within {@code deadline} from now. */
    public RecordingContext(Duration deadline) {
        this.deadlineNanos = System.nanoTime() + deadline.toNanos();
    }

    @Override
    public synchronized void interval(Interval<?> sample) {
        samples.add(sample);
        notifyAll();
    }

    /** Waits until the samples so far are {@code what} the test waits for, at most {@code limit}; whether they came to be. */
    public synchronized boolean await(Predicate<List<Interval<?>>> what, Duration limit) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        for (long left; !what.test(samples) && (left = end - System.nanoTime()) > 0; ) {
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return what.test(samples);
    }

    @Override
    public Path tempDir() {
        return Path.of(System.getProperty("java.io.tmpdir"));
    }

    @Override
    public long deadlineNanos() {
        return deadlineNanos;
    }
}
