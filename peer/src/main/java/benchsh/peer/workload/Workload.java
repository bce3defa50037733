package benchsh.peer.workload;

import benchsh.peer.protocol.Fields;
import java.io.IOException;

/**
 * One kind of measurement a peer can run, such as a TCP stream. A workload reads its typed spec
 * (re-checking every hard cap), moves data and returns raw numbers; it never formats text.
 * Register new workloads in {@link Workloads}.
 */
public interface Workload {
    /** The name the shell uses in START messages, e.g. "tcp". */
    String name();

    /**
     * Sets up one side of a test (e.g. binds its listener). Failures here are reported to the shell
     * before the test starts. Must not block for long.
     *
     * @param role workload specific, e.g. "listen" or "connect"
     */
    Side open(String role, Fields spec, SideContext context) throws IOException;
}
