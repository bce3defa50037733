package benchsh.peer.workload;

import java.nio.file.Path;
import java.util.Map;

/** What a running side may use of its peer: the interval report channel and a private temp directory. */
public interface SideContext {
    /** Streams one interval sample to the shell. */
    void interval(Map<String, Object> sample);

    /** A directory removed when the peer exits. */
    Path tempDir();
}
