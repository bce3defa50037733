package benchsh.peer.datagram;

import benchsh.peer.facts.EgressLink;
import benchsh.peer.io.BatchedDatagramSocket;
import benchsh.peer.io.BatchedDatagrams;
import benchsh.peer.io.DatagramSocketSpec;
import benchsh.peer.io.IoPath;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.ErrorWords;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.protocol.Range;
import benchsh.peer.workload.Metered;
import benchsh.peer.workload.Role;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Streamed;
import benchsh.peer.workload.Timing;
import benchsh.peer.workload.Workload;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongPredicate;

/**
 * UDP stream (netperf UDP_STREAM, iperf3 -u): the connecting side ({@link UdpSender}) sends datagrams of
 * {@code size} bytes for {@code omit} plus {@code time}, optionally paced to {@code rate} bits/s (payload bits, as iperf3 counts
 * them); the listening side ({@link UdpReceiver}) receives. Every datagram of {@link #HEADER_BYTES} or more
 * starts with the {@link UdpHeader} (test token, sequence number, send time); datagrams without the token are
 * dropped as strays.
 *
 * <p>Batches: both sides move up to {@code batch} datagrams per call through a {@link BatchedDatagramSocket}
 * on the fastest {@link IoPath} this JVM and kernel offer, at most {@code io} (nio: one system call per
 * datagram, every JVM; mmsg: sendmmsg/recvmmsg, Java 22+ on Linux; gso: UDP_SEGMENT/UDP_GRO on top). Each
 * side reports the path that ran ({@code send_io} / {@code recv_io}), why it is slower than asked
 * ({@code send_io_note} / {@code recv_io_note}) and its batch ({@code send_batch} / {@code recv_batch}). Counts stay exact per datagram: the sender counts
 * what the socket says went out, the receiver counts every datagram of a batch on its own.
 *
 * <p>Warm-up: both sides' rates (bytes, throughput, CPU, interval samples) leave out the first {@code omit} of their
 * meters, as tcp's do (iperf3 -O); message counts, loss and jitter cover the whole test, so that {@code
 * messages_sent = messages_received + messages_lost} holds exactly, and {@code bytes_total} is {@code size} times the
 * datagrams counted.
 *
 * <p>Small datagrams ({@code size} under the header, netperf UDP_STREAM -m 1, 64-byte frames): the sender
 * first greets the receiver with token-bearing hellos from its data socket; the receiver admits the first
 * source that presents the token, {@code connect()}s to it (the kernel then drops datagrams from anywhere
 * else) and echoes the hello. Data datagrams then carry {@code size} payload bytes only and are counted;
 * without sequence numbers and send times, out-of-order, duplicates and jitter are not measured (their
 * metrics are absent) and a duplicated datagram counts as received.
 *
 * <p>End of test: the sender follows its data with {@link #END_MARKERS} end markers whose sequence
 * field is {@code ~sent} (negative), so the receiver knows how many were sent and reports
 * {@code messages_lost = sent - received}. If every marker is lost, the receiver stops once it has
 * been idle for {@link #LINGER} past the test time and the shell reconciles from the sender's count.
 *
 * <p>Errors: a socket that cannot be bound or connected is refused at open; a receiver that never saw a
 * datagram with the token within {@code timeout} ends with TIMEOUT, one whose sender fell silent mid-test
 * with STALLED (and {@code stalled_seconds}); a small-datagram sender whose hellos nobody answers, TIMEOUT.
 */
public final class UdpStream implements Workload {
    public static final String NAME = "udp";
    /** The largest UDP payload over IPv4: 65535 - 20 (IP) - 8 (UDP). */
    public static final long MAX_SIZE = 65_507;
    /** Token, sequence number, send time. */
    public static final int HEADER_BYTES = UdpHeader.BYTES;
    /** The largest rate a sender is paced to, bits/s. */
    public static final long MAX_RATE = 1_000_000_000_000L;
    /** The largest SO_SNDBUF / SO_RCVBUF asked for. */
    public static final int MAX_WINDOW = 1 << 30;
    static final int END_MARKERS = 5;
    static final Duration LINGER = Duration.ofSeconds(1);
    /** The most datagrams one call moves (the kernel's UIO_MAXIOV). */
    public static final int MAX_BATCH = 1024;
    /** A batch's memory is capped at this many bytes: large datagrams get fewer slots. */
    static final int MAX_BATCH_BYTES = 8 << 20;
    /** The sides watch for silence themselves (they know when the sender is done), so their meters never stall. */
    static final Duration NO_METER_STALL = Duration.ofNanos(Long.MAX_VALUE);

    /**
     * One side's spec (both roles).
     *
     * @param size      datagram payload bytes; under {@link #HEADER_BYTES} the small-datagram mode
     * @param timeNanos how long the sender sends after the warm-up; the receiver stops waiting for lost end markers
     *                  after warm-up and time
     * @param omitNanos the warm-up: sent and received, left out of the rates
     * @param rate      the sender's pace in payload bits/s, 0 for unpaced (the receiver's is 0)
     * @param window    SO_SNDBUF of the sender, SO_RCVBUF of the receiver; 0 for the system's default
     * @param timing    interval samples; {@code timeout}: how long the receiver waits for a datagram
     * @param batch     datagrams per send or receive call, 1 to {@link #MAX_BATCH} (a paced sender, and large
     *                  datagrams, may use fewer: {@link UdpSender#batchFor})
     * @param io        the fastest datagram I/O path wanted; a slower one runs where it is not available
     */
    public record Spec(@Range(min = 1, max = MAX_SIZE) int size, @Range(min = 1, max = Timing.MAX_NANOS) long timeNanos,
                       @Range(min = 0, max = Timing.MAX_NANOS) long omitNanos, @Range(min = 0, max = MAX_RATE) long rate, @Range(min = 0, max = MAX_WINDOW) int window, Timing timing,
                       @Range(min = 1, max = MAX_BATCH) int batch, IoPath io) {
        public Spec {
            Objects.requireNonNull(io, "io");
        }

        /** One datagram per call on the fastest path, no warm-up: how udp ran before batches. */
        public Spec(int size, long timeNanos, long rate, int window, Timing timing) {
            this(size, timeNanos, 0, rate, window, timing, 1, IoPath.GSO);
        }

        /** How long the sender sends: warm-up and time. */
        public long sendNanos() {
            return omitNanos + timeNanos;
        }

        /** Whether datagrams are too small for the header: the small-datagram mode. */
        public boolean small() {
            return size < HEADER_BYTES;
        }
    }

    private final LongPredicate dropHook;

    public UdpStream() {
        this(seq -> false);
    }

    /**
     * For tests: the receiver discards datagrams whose sequence number (small datagrams: index in arrival
     * order) matches, as if the network lost them.
     */
    UdpStream(LongPredicate dropHook) {
        this.dropHook = dropHook;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, Role> roles() {
        return Map.of("listen", Role.of(Spec.class, ReceiverReport.class), "connect", Role.of(Spec.class, SenderReport.class));
    }

    /**
     * What the sender reports: its meter's figures (what it sent), the datagrams it sent, their size, how it sent them, and
     * the link it sent through (its speed and its root shaper's rate, what holds the sender back where it cannot go faster).
     */
    public record SenderReport(@OrNull Streamed meter,
                               @Metric(unit = Unit.COUNT, means = "datagrams the sender sent") long messagesSent,
                               @Metric(unit = Unit.BYTES, means = "datagram payload size") long messageBytes,
                               Sent sent,
                               @OrNull EgressLink egress) implements Metered {
    }

    /** How the sender sent: the sends refused, its send buffer, the batch per send call and the datagram I/O path that ran. */
    public record Sent(@Metric(unit = Unit.COUNT, means = "sends refused (ENOBUFS, ICMP port unreachable)") long sendErrors,
                       @Metric(unit = Unit.BYTES, means = "the sender's SO_SNDBUF as the kernel gave it") long sendSocketBytes,
                       @Metric(unit = Unit.COUNT, means = "udp: datagrams per send call (batch:, capped for a paced sender and large datagrams)")
                       long sendBatch,
                       @Metric(unit = Unit.TEXT, means = "udp: the sender's datagram I/O path: nio (a call per datagram), mmsg (sendmmsg) or gso"
                               + " (UDP_SEGMENT)") String sendIo,
                       @Metric(unit = Unit.TEXT, means = "udp: why the sender's path is slower than the io: asked for") @OrNull String sendIoNote) {
    }

    /**
     * What the receiver reports: its meter's figures (what it counted), the datagram size, what arrived, the sender's
     * count from an end marker and the loss it implies (absent when every marker was lost), and the strays.
     */
    public record ReceiverReport(@OrNull Streamed meter,
                                 @Metric(unit = Unit.BYTES, means = "datagram payload size") long messageBytes,
                                 Received received,
                                 @Metric(unit = Unit.COUNT, means = "the sender's count of datagrams sent, from its end marker")
                                 @OrNull Long senderMessagesSent,
                                 @Metric(unit = Unit.COUNT, means = "sent less received") @OrNull Long messagesLost,
                                 @Metric(unit = Unit.COUNT, means = "connections or datagrams without the test's token, dropped") long straysDropped)
            implements Metered {
    }

    /**
     * What arrived and how: the datagrams received and, with full headers, out of order and duplicated and the RFC 3550
     * jitter (NaN without headers), the receive buffer, the largest batch per receive call and the datagram I/O path.
     */
    public record Received(@Metric(unit = Unit.COUNT, means = "datagrams the receiver counted") long messagesReceived,
                           @Metric(unit = Unit.COUNT, means = "datagrams that arrived after a later one") @OrNull Long messagesOutOfOrder,
                           @Metric(unit = Unit.COUNT, means = "datagrams that arrived twice") @OrNull Long messagesDuplicate,
                           @Metric(unit = Unit.MICROSECONDS, means = "interarrival jitter (RFC 3550, section 6.4.1)") double jitterUs,
                           @Metric(unit = Unit.BYTES, means = "the receiver's SO_RCVBUF as the kernel gave it") long recvSocketBytes,
                           @Metric(unit = Unit.COUNT, means = "udp: the most datagrams one receive call takes") long recvBatch,
                           @Metric(unit = Unit.TEXT, means = "udp: the receiver's datagram I/O path: nio, mmsg (recvmmsg) or gso (UDP_GRO)") String recvIo,
                           @Metric(unit = Unit.TEXT, means = "udp: why the receiver's path is slower than the io: asked for") @OrNull String recvIoNote) {
    }

    /** The listener receives, the connector sends; a socket that cannot be bound or connected is refused here. */
    @Override
    public Side open(String role, Record spec, Link link, SideContext context) throws IOException {
        if (!role.equals("listen") && !role.equals("connect")) {
            throw new ProtocolException("udp has no role '" + role + "' (listen receives, connect sends)");
        }
        Spec s = (Spec) spec;
        try {
            InetSocketAddress address = new InetSocketAddress(link.address(), link.port());
            return role.equals("listen")
                    ? new UdpReceiver(s, link, open(DatagramSocketSpec.bound(address).withBuffers(0, s.window()), s), context, dropHook)
                    : new UdpSender(s, link, open(DatagramSocketSpec.connected(address).withBuffers(s.window(), 0), s), context);
        } catch (IOException | RuntimeException e) {
            throw new IOException("udp " + role + " on " + link.address() + ":" + link.port() + ": " + ErrorWords.of(e), e);
        }
    }

    private static BatchedDatagramSocket open(DatagramSocketSpec socket, Spec s) throws IOException {
        return BatchedDatagrams.open(socket.withDatagramBytes(s.size()), s.io());
    }
}
