package benchsh.peer.rr;

import benchsh.peer.io.RrListener;
import benchsh.peer.net.ReadyWait;
import benchsh.peer.protocol.Link;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.SideBase;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Timing;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The answering side of the TCP request/response workloads ({@link TcpRr}, {@link TcpCrr}), as {@link RrClient} is
 * the asking one: the listener on the link's address (native sockets on Java 22+, else NIO, {@link RrIo}), which
 * admits connections by the test's token; its port as the side's endpoint; and in the figures the connections it
 * dropped ({@code strays_dropped}) and its sockets ({@code server_io}). Subclasses take connections from {@link
 * #listener} in {@link #work} and answer them. Thread-safety as {@link SideBase}.
 */
abstract class RrServer extends SideBase {
    /** The NIO listener's wait for a connection's data; closed by the subclass's {@code work}. */
    protected final ReadyWait ready = new ReadyWait(this::cancelled);
    protected final RrListener listener;
    private final RrIo.Chosen<RrListener> chosen;

    /**
     * Binds the listener.
     *
     * @param afterToken bytes the native listener's first read of a connection may take behind its token
     */
    RrServer(Link link, int afterToken, long omitNanos, Timing timing, SideContext context) throws IOException {
        super(Meter.Unit.TRANSACTIONS, 1, Duration.ofNanos(omitNanos), timing.interval(), timing.timeout(), context);
        this.chosen = RrIo.listen(link, afterToken, ready);
        this.listener = track(chosen.sockets());
    }

    @Override
    public Map<String, Object> endpoint() {
        return Map.of("port", (long) listener.port());
    }

    @Override
    protected Map<String, Object> extraMetrics() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("strays_dropped", listener.strays());
        chosen.report(m, "server");
        return m;
    }
}
