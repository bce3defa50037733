package benchsh.shell.run;

import benchsh.peer.protocol.SpecCodec;
import benchsh.shell.host.Host;
import java.time.Duration;
import java.util.Map;

/**
 * One side of a test, as data: the host it runs on, the peer workload and role, its spec in wire form
 * (encoded from the workload's spec record), its place in the link, and when it begins. Immutable.
 *
 * @param address for a listener the user's {@code bind:}, for a connector the user's {@code target:};
 *                null lets the runner choose ({@link benchsh.shell.host.DataAddresses})
 * @param port    for a listener the port the user asked for, 0 for any free one
 * @param family  for a listener the IP version its address must be (4 or 6, the user's {@code family:}), 0 for either
 * @param after   how long after the test's start the side begins (a phase of a test), on its peer's clock
 *                ({@link StartGate}); zero for at the start
 */
public record SideSpec(Host host, String workload, String role, Map<String, Object> spec, LinkRole link, String address, int port, int family,
                       Duration after) {
    public SideSpec {
        spec = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(spec));
        if (after.isNegative()) {
            throw new IllegalArgumentException("a side begins at the test's start or after it, not " + after + " before");
        }
    }

    /** A side that begins at the test's start. */
    public SideSpec(Host host, String workload, String role, Map<String, Object> spec, LinkRole link, String address, int port, int family) {
        this(host, workload, role, spec, link, address, port, family, Duration.ZERO);
    }

    /** A side with no data link (disk, tree, a local copy, an observer). */
    public static SideSpec alone(Host host, String workload, String role, Map<String, Object> spec) {
        return new SideSpec(host, workload, role, spec, LinkRole.NONE, null, 0, 0);
    }

    /** A side with no data link, from its spec record. */
    public static SideSpec alone(Host host, String workload, String role, Record spec) {
        return alone(host, workload, role, SpecCodec.encode(spec));
    }

    /** The listening side of a link; {@code bind} may be null. */
    public static SideSpec listen(Host host, String workload, Map<String, Object> spec, String bind) {
        return new SideSpec(host, workload, "listen", spec, LinkRole.LISTEN, bind, 0, 0);
    }

    /** The connecting side of a link; {@code target} may be null. */
    public static SideSpec connect(Host host, String workload, Map<String, Object> spec, String target) {
        return new SideSpec(host, workload, "connect", spec, LinkRole.CONNECT, target, 0, 0);
    }

    /** The same side listening on {@code port} (0: any). */
    public SideSpec onPort(int p) {
        return new SideSpec(host, workload, role, spec, link, address, p, family, after);
    }

    /** The same side on an address of IP version {@code f} (4 or 6; 0: either). */
    public SideSpec inFamily(int f) {
        return new SideSpec(host, workload, role, spec, link, address, port, f, after);
    }

    /** The same side beginning {@code d} after the test's start. */
    public SideSpec after(Duration d) {
        return new SideSpec(host, workload, role, spec, link, address, port, family, d);
    }
}
