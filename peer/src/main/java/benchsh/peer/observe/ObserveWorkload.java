package benchsh.peer.observe;

import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.Range;
import benchsh.peer.workload.Role;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Timing;
import benchsh.peer.workload.Workload;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code observe}: watches this host while a test runs elsewhere (a bridge or router in the middle): every
 * interval it reads /proc's CPU times, interface counters and softnet drops, and the qdisc drops that
 * {@code tc -s qdisc show} prints where the host has tc, and reports what changed ({@link Observation}); when
 * stopped it reports the same over the whole watch. It moves no data; tc is the only tool it runs. It ends when the shell stops it (its normal end, not an error) or after {@code maxNanos}. One
 * role, "watch", without a link.
 */
public final class ObserveWorkload implements Workload {
    public static final String NAME = "observe";
    private static final Path PROC = Path.of("/proc");

    /**
     * The spec of role "watch".
     *
     * @param intervalNanos between samples
     * @param maxNanos      the longest the watch lasts if the shell never stops it
     * @param loopback      whether {@code lo} is counted too
     */
    public record Spec(@Range(min = 10_000_000L, max = Timing.MAX_NANOS) long intervalNanos,
                       @Range(min = 100_000_000L, max = Timing.MAX_NANOS) long maxNanos, boolean loopback) {
    }

    @Override
    public String name() {
        return NAME;
    }

    /** What a watch reports when it ends: the host's figures over the whole watch, and its CPUs. */
    public record Report(Load load, @Metric(unit = Unit.COUNT, means = "the host's CPUs") long cpuCount) {
    }

    @Override
    public Map<String, Role> roles() {
        return Map.of("watch", new Role(Spec.class, Report.class, Load.class));
    }

    @Override
    public Side open(String role, Record spec, Link link, SideContext context) {
        return new ObserveSide((Spec) spec, PROC, TcQdiscs.ofThisHost(), context);
    }
}
