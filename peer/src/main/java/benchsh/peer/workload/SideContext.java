package benchsh.peer.workload;

import java.nio.file.Path;
import java.util.Map;

/** What a running side may use of its peer: the interval report channel, a private temp directory and its deadline. */
public interface SideContext {
    /** Streams one interval sample to the shell. */
    void interval(Map<String, Object> sample);

    /** A directory removed when the peer exits. */
    Path tempDir();

    /**
     * By when ({@link System#nanoTime()}) the side must have ended so that its report reaches the shell before the
     * shell gives the test up: the limit the shell sent with START, less the time a report needs to travel. No wait
     * of the side runs past it.
     */
    long deadlineNanos();
}
