package benchsh.peer.rr;

import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.workload.Metered;
import benchsh.peer.workload.Transacted;
import java.util.List;

/** What the two sides of every request/response workload ({@link TcpRr}, {@link TcpCrr}, {@link UdpRr}) report. */
public final class RrReport {
    private RrReport() {
    }

    /**
     * The asking side's report: its meter's figures (the transactions it completed), the round trips of those asked
     * after the warm-up, the sockets it used (tcp), and for UDP the requests it sent again.
     */
    public record Client(@OrNull Transacted meter,
                         @Metric(unit = Unit.COUNT, means = "round trips measured (those asked after the warm-up)") long latencyCount,
                         Latency latency,
                         @OrNull ClientSockets sockets,
                         @Metric(unit = Unit.COUNT, means = "UDP requests sent again after no response") @OrNull Long udpRetransmits) implements Metered {
    }

    /**
     * Round trips in µs (NaN with none measured), and with {@code histogram} the non-empty latency buckets (flat {@code
     * lowest, highest, count} triples in ns, ascending).
     */
    public record Latency(@Metric(unit = Unit.MICROSECONDS, means = "round trip, fastest") double latencyMinUs,
                          @Metric(unit = Unit.MICROSECONDS, means = "round trip, mean") double latencyMeanUs,
                          @Metric(unit = Unit.MICROSECONDS, means = "round trip, median") double latencyP50Us,
                          @Metric(unit = Unit.MICROSECONDS, means = "round trip, 90th percentile") double latencyP90Us,
                          @Metric(unit = Unit.MICROSECONDS, means = "round trip, 99th percentile") double latencyP99Us,
                          @Metric(unit = Unit.MICROSECONDS, means = "round trip, 99.9th percentile") double latencyP99_9Us,
                          @Metric(unit = Unit.MICROSECONDS, means = "round trip, slowest") double latencyMaxUs,
                          @Metric(unit = Unit.NANOSECONDS, means = "the latency histogram: flat lowest, highest, count triples (ns), ascending")
                          @OrNull List<Long> latencyBucketsNs) {
        public Latency {
            latencyBucketsNs = latencyBucketsNs == null ? null : List.copyOf(latencyBucketsNs);
        }
    }

    /** The client's sockets: native or nio, and on nio why. */
    public record ClientSockets(@Metric(unit = Unit.TEXT, means = "tcp_rr, tcp_crr: the client's sockets: native (socket(2), connect, read, send"
                                        + " through the FFM API, Java 22+) or nio (also a tcp_rr burst)") String clientIo,
                                @Metric(unit = Unit.TEXT, means = "tcp_rr, tcp_crr: why the client's sockets are nio, not native") @OrNull String clientIoNote) {
    }

    /** The answering side's report: its meter's figures (the transactions it answered), the strays, and its sockets (tcp). */
    public record Server(@OrNull Transacted meter,
                         @Metric(unit = Unit.COUNT, means = "connections or datagrams without the test's token, dropped") long straysDropped,
                         @OrNull ServerSockets sockets) implements Metered {
    }

    /** The server's sockets: native or nio, and on nio why. */
    public record ServerSockets(@Metric(unit = Unit.TEXT, means = "tcp_rr, tcp_crr: the server's sockets: native (accept4(2), recv, read, send"
                                        + " through the FFM API, Java 22+) or nio") String serverIo,
                                @Metric(unit = Unit.TEXT, means = "tcp_rr, tcp_crr: why the server's sockets are nio, not native") @OrNull String serverIoNote) {
    }
}
