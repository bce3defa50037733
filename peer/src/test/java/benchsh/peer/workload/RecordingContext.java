package benchsh.peer.workload;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A side's context in tests: keeps the interval samples it is sent; temp files go to the system temp dir. */
public final class RecordingContext implements SideContext {
    public final List<Map<String, Object>> samples = new ArrayList<>();

    @Override
    public synchronized void interval(Map<String, Object> sample) {
        samples.add(sample);
    }

    @Override
    public Path tempDir() {
        return Path.of(System.getProperty("java.io.tmpdir"));
    }
}
