package benchsh.peer.workload;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A side's context in tests: keeps the interval samples it is sent; temp files go to the system temp dir; the
 * deadline is a minute after it was made unless given.
 */
public final class RecordingContext implements SideContext {
    public final List<Map<String, Object>> samples = new ArrayList<>();
    private final long deadlineNanos;

    public RecordingContext() {
        this(Duration.ofMinutes(1));
    }

    /** A context whose side must end within {@code deadline} from now. */
    public RecordingContext(Duration deadline) {
        this.deadlineNanos = System.nanoTime() + deadline.toNanos();
    }

    @Override
    public synchronized void interval(Map<String, Object> sample) {
        samples.add(sample);
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
