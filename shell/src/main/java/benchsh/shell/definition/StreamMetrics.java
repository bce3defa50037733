package benchsh.shell.definition;

import benchsh.peer.metric.Headline;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.workload.MeterFigures;
import benchsh.peer.workload.SideCpu;
import benchsh.peer.workload.Streamed;
import java.util.List;

/**
 * Combines the two sides of a stream test (tcp, http) into the result's figures ({@link Figures}): the figure is what
 * the receiver counted; the socket buffers are the sender's SO_SNDBUF and the receiver's SO_RCVBUF as the kernel gave
 * them; CPU is reported per end as netperf does, {@code local} being the {@code from} host ({@link Ends}). Service
 * demand is CPU microseconds per KB (1024 bytes) moved, host-wide: {@code cpu% / 100 × cpus × seconds × 1e6 / (bytes
 * / 1024)} (netperf's -c/-C). Stateless.
 */
public final class StreamMetrics {
    private StreamMetrics() {
    }

    /**
     * A stream test's figures: the receiver's bytes, span and throughput, the sender's, the socket buffers, per stream
     * the receiver's throughput (with more than one), the CPU of both ends, and the strays; for a bidirectional test each
     * direction's throughput. A figure no side reported is absent.
     */
    @Headline("throughput_bps")
    public record Figures(@OrNull Moved received,
                          @Metric(unit = Unit.BYTES, means = "bytes the sender wrote in its measured span") @OrNull Long senderBytes,
                          @Metric(unit = Unit.BITS_PER_SECOND, means = "the sender's view of the throughput") double senderThroughputBps,
                          @Metric(unit = Unit.BYTES, means = "the sender's SO_SNDBUF as the kernel gave it, read back after window: (raised to its"
                                  + " minimum, capped at net.core.wmem_max; tcp without window: the size autotuning starts from; tcp reads it through"
                                  + " the JDK, which halves the figure Linux doubles, so it compares with window:)") @OrNull Long sendSocketBytes,
                          @Metric(unit = Unit.BYTES, means = "the receiver's SO_RCVBUF as the kernel gave it, read back after window: (capped at"
                                  + " net.core.rmem_max; tcp: halved as send_socket_bytes)") @OrNull Long recvSocketBytes,
                          @Metric(unit = Unit.BITS_PER_SECOND, means = "per connection: throughput (a list)") @OrNull List<Double> streamThroughputBps,
                          Ends cpu,
                          PerKb demand,
                          @Metric(unit = Unit.COUNT, means = "connections or datagrams without the test's token, dropped") @OrNull Long straysDropped,
                          @Metric(unit = Unit.BITS_PER_SECOND, means = "bidir: the from → to direction") double forwardThroughputBps,
                          @Metric(unit = Unit.BITS_PER_SECOND, means = "bidir: the to → from direction") double reverseThroughputBps,
                          @OrNull Paths io) {
    }

    /** Which calls each end made (tcp: {@link benchsh.peer.io.StreamSockets}), and why not the fastest; a side that did not report is null. */
    public record Paths(@Metric(unit = Unit.TEXT, means = "the sender's I/O path: tcp native (send(2) through the FFM API, Java 22+), nio or"
                                + " sendfile (zerocopy:); udp nio (a call per datagram), mmsg (sendmmsg) or gso (UDP_SEGMENT)") @OrNull String sendIo,
                        @Metric(unit = Unit.TEXT, means = "why the sender's path is slower than it could be: tcp why not native, udp why not"
                                + " the io: asked for") @OrNull String sendIoNote,
                        @Metric(unit = Unit.TEXT, means = "the receiver's I/O path: tcp native (recv(2) through the FFM API, Java 22+) or nio;"
                                + " udp nio, mmsg (recvmmsg) or gso (UDP_GRO)") @OrNull String recvIo,
                        @Metric(unit = Unit.TEXT, means = "why the receiver's path is slower than it could be: tcp why not native, udp why"
                                + " not the io: asked for") @OrNull String recvIoNote) {
    }

    /** What the receiving side counted: the bytes of the measured span, its seconds, and their rate. */
    public record Moved(@Metric(unit = Unit.BYTES, means = "bytes moved in the measured span (after the warm-up)") long bytes,
                        @Metric(unit = Unit.SECONDS, means = "the measured span") double seconds,
                        @Metric(unit = Unit.BITS_PER_SECOND, means = "bytes moved × 8 / seconds, as the receiver counted them") double throughputBps) {
        /** What a meter of bytes counted; null for none. */
        public static Moved of(Streamed s) {
            return s == null ? null : new Moved(s.bytes(), s.seconds(), s.throughputBps());
        }
    }

    /** The CPU of a two-host test's ends: {@code local} is the {@code from} host, {@code remote} the {@code to} host. */
    public record Ends(@Metric(unit = Unit.PERCENT, means = "host CPU of the from host") double cpuLocalPct,
                       @Metric(unit = Unit.PERCENT, means = "host CPU of the to host") double cpuRemotePct,
                       @Metric(unit = Unit.SECONDS, means = "CPU time of the from host's peer process") double processCpuLocalSeconds,
                       @Metric(unit = Unit.SECONDS, means = "CPU time of the to host's peer process") double processCpuRemoteSeconds) {
        /** The CPU of the {@code local} and {@code remote} ends' meters (NaN where one is unknown). */
        public static Ends of(MeterFigures local, MeterFigures remote) {
            return new Ends(cpu(local).cpuPct(), cpu(remote).cpuPct(), cpu(local).processCpuSeconds(), cpu(remote).processCpuSeconds());
        }
    }

    /** Service demand per KB moved, of each end (netperf's -c/-C). */
    public record PerKb(@Metric(unit = Unit.MICROSECONDS_PER_KB, means = "the from host's CPU per KB moved (netperf's service demand)")
                        double serviceDemandLocalUsPerKb,
                        @Metric(unit = Unit.MICROSECONDS_PER_KB, means = "the to host's CPU per KB moved") double serviceDemandRemoteUsPerKb) {
        /** Each end's CPU µs per KB of {@code bytes}. */
        public static PerKb of(MeterFigures local, MeterFigures remote, double bytes) {
            return new PerKb(demand(local, bytes / 1024), demand(remote, bytes / 1024));
        }
    }

    /** Service demand per transaction, of each end (netperf's "us/Tr"). */
    public record PerTransaction(@Metric(unit = Unit.MICROSECONDS_PER_TRANSACTION, means = "the from host's CPU per transaction")
                                 double serviceDemandLocalUsPerTran,
                                 @Metric(unit = Unit.MICROSECONDS_PER_TRANSACTION, means = "the to host's CPU per transaction")
                                 double serviceDemandRemoteUsPerTran) {
        public static PerTransaction of(MeterFigures local, MeterFigures remote, double transactions) {
            return new PerTransaction(demand(local, transactions), demand(remote, transactions));
        }
    }

    /**
     * One direction of a stream: {@code rx} is what the receiver counted, {@code tx} what the sender wrote (either null
     * when its side reported nothing and left no samples).
     *
     * @param sendSocket   the sender's SO_SNDBUF, or null
     * @param recvSocket   the receiver's SO_RCVBUF, or null
     * @param strays       the strays the sides dropped (added up; null entries are sides that do not count them)
     * @param fromIsSender whether the {@code from} host (the local end) sends
     * @param io           which calls the ends made, or null when they do not say
     */
    public static Figures merge(Streamed rx, Streamed tx, Long sendSocket, Long recvSocket, List<Long> strays, boolean fromIsSender, Paths io) {
        List<Double> perStream = rx != null && rx.streamThroughputBps().size() > 1 ? rx.streamThroughputBps() : null;
        MeterFigures local = fromIsSender ? tx : rx;
        MeterFigures remote = fromIsSender ? rx : tx;
        return new Figures(Moved.of(rx), tx == null ? null : tx.bytes(), tx == null ? Double.NaN : tx.throughputBps(), sendSocket, recvSocket, perStream, Ends.of(local, remote),
                PerKb.of(local, remote, rx == null ? 0 : rx.bytes()), strays(strays), Double.NaN, Double.NaN, io);
    }

    /**
     * Both directions of a bidirectional test measured at once: throughput and bytes add up, CPU is host-wide over the
     * same span (taken from the forward test), and service demand is spread over the bytes of both directions.
     */
    public static Figures bidirectional(Figures forward, Figures reverse) {
        Moved f = forward.received() == null ? new Moved(0, 0, Double.NaN) : forward.received();
        Moved r = reverse.received() == null ? new Moved(0, 0, Double.NaN) : reverse.received();
        long bytes = f.bytes() + r.bytes();
        double share = f.bytes() / (double) Math.max(1, bytes);
        PerKb demand = new PerKb(forward.demand().serviceDemandLocalUsPerKb() * share, forward.demand().serviceDemandRemoteUsPerKb() * share);
        Long strays = strays(java.util.Arrays.asList(forward.straysDropped(), reverse.straysDropped()));
        Moved both = new Moved(bytes, Math.max(orZero(f.seconds()), orZero(r.seconds())), sum(f.throughputBps(), r.throughputBps()));
        return new Figures(both, orZero(forward.senderBytes()) + orZero(reverse.senderBytes()), Double.NaN, forward.sendSocketBytes(),
                forward.recvSocketBytes(), null, forward.cpu(), demand, strays, f.throughputBps(), r.throughputBps(), forward.io());
    }

    /** The strays the sides that count them dropped, added up; null when none counts them. */
    public static Long strays(List<Long> counts) {
        return counts.stream().anyMatch(java.util.Objects::nonNull) ? counts.stream().filter(java.util.Objects::nonNull).mapToLong(Long::longValue).sum()
                : null;
    }

    private static SideCpu cpu(MeterFigures m) {
        return m == null || m.cpu() == null ? UNKNOWN : m.cpu();
    }

    private static final SideCpu UNKNOWN = new SideCpu(Double.NaN, 0, Double.NaN);

    /** CPU µs of the whole host per {@code amount} (KB, transactions) over a side's span; NaN without CPU figures or an amount. */
    private static double demand(MeterFigures m, double amount) {
        return m == null || m.cpu() == null ? Double.NaN : m.cpu().serviceDemand(m.seconds(), amount);
    }

    private static long orZero(Long v) {
        return v == null ? 0 : v;
    }

    private static double orZero(double v) {
        return Double.isNaN(v) ? 0 : v;
    }

    private static double sum(double a, double b) {
        return orZero(a) + orZero(b);
    }
}
