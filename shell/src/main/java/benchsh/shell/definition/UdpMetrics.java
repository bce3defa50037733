package benchsh.shell.definition;

import benchsh.peer.datagram.UdpStream;
import benchsh.peer.facts.EgressLink;
import benchsh.peer.metric.Headline;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.workload.Streamed;
import benchsh.shell.run.Sides;
import java.util.Collections;

/**
 * The result figures of a UDP stream, netperf UDP_STREAM's two lines in one: the sender's socket size, messages sent and
 * send errors and its throughput; the receiver's socket size, messages received, lost, out of order and duplicated,
 * RFC 3550 jitter and its throughput ({@code throughput_bps}, the figure). Loss is reconciled from the sender's own
 * count, so {@code messages_sent = messages_received + messages_lost} always holds; a receiver-side count of the
 * sender's end markers, when it saw one, stands in when the sender did not report. Which datagram I/O path each side ran
 * (the param {@code io} is what was asked), why it is slower than asked (notes, not errors) and the batches come from the
 * sides, and so does the link the sender sent through (its interface, link speed and root shaper's rate). Counts cover the whole test, warm-up included; rates ({@code seconds}, messages per second, throughput, CPU)
 * only what came after it, each side's measured bytes over its measured seconds. Stateless.
 */
public final class UdpMetrics {
    private UdpMetrics() {
    }

    /**
     * A udp test's figures: the datagram size, how the sender sent and what the receiver saw (as they reported them), the
     * counts reconciled, the rates, both ends' CPU and the strays; a figure no side reported is absent.
     */
    @Headline("throughput_bps")
    public record Figures(@Metric(unit = Unit.BYTES, means = "datagram payload size") @OrNull Long messageBytes,
                          @OrNull UdpStream.Sent sent,
                          @OrNull EgressLink egress,
                          @OrNull UdpStream.Received arrived,
                          @Metric(unit = Unit.SECONDS, means = "the sender's measured span") double senderSeconds,
                          @Metric(unit = Unit.COUNT, means = "datagrams the sender sent") @OrNull Long messagesSent,
                          @Metric(unit = Unit.COUNT, means = "sent less received") @OrNull Long messagesLost,
                          @Metric(unit = Unit.PERCENT, means = "lost / sent") double lossPct,
                          @Metric(unit = Unit.SECONDS, means = "the warm-up left out of the figures") double omittedSeconds,
                          @Metric(unit = Unit.PER_SECOND, means = "datagrams sent per second") double sendMessagesPerS,
                          @Metric(unit = Unit.PER_SECOND, means = "datagrams received per second") double recvMessagesPerS,
                          @Metric(unit = Unit.BITS_PER_SECOND, means = "the sender's view of the throughput") double senderThroughputBps,
                          @OrNull StreamMetrics.Moved received,
                          @Metric(unit = Unit.BYTES, means = "bytes moved in all, warm-up included") @OrNull Long bytesTotal,
                          StreamMetrics.Ends cpu,
                          StreamMetrics.PerKb demand,
                          @Metric(unit = Unit.COUNT, means = "connections or datagrams without the test's token, dropped") @OrNull Long straysDropped) {
    }

    /** The receiver listens, the sender (the from host) connects. */
    public static Figures merge(Sides sides) {
        UdpStream.ReceiverReport rx = sides.report("listen", UdpStream.ReceiverReport.class);
        UdpStream.SenderReport tx = sides.report("connect", UdpStream.SenderReport.class);
        Streamed in = sides.streamed("listen");
        Streamed out = sides.streamed("connect");
        UdpStream.Received arrived = rx == null ? null : rx.received();
        Long sent = tx != null ? Long.valueOf(tx.messagesSent()) : rx == null ? null : rx.senderMessagesSent();
        long received = arrived == null ? 0 : arrived.messagesReceived();
        Long lost = sent == null ? null : Math.max(0, sent - received);
        double lossPct = sent == null ? Double.NaN : sent > 0 ? 100.0 * lost / sent : 0.0;
        Long size = tx != null ? Long.valueOf(tx.messageBytes()) : rx == null ? null : rx.messageBytes();
        double nan = Double.NaN;
        return new Figures(size, tx == null ? null : tx.sent(), tx == null ? null : tx.egress(), arrived, seconds(out), sent, lost, lossPct, in == null ? nan : in.omittedSeconds(),
                messageRate(out, tx == null ? null : tx.messageBytes()), messageRate(in, rx == null ? null : rx.messageBytes()),
                out == null ? nan : out.throughputBps(), StreamMetrics.Moved.of(in), in == null ? null : in.bytesTotal(), StreamMetrics.Ends.of(out, in),
                StreamMetrics.PerKb.of(out, in, in == null ? 0 : in.bytes()), StreamMetrics.strays(Collections.singletonList(rx == null ? null : rx.straysDropped())));
    }

    private static double seconds(Streamed s) {
        return s == null ? Double.NaN : s.seconds();
    }

    /** A side's messages per second after the warm-up: its measured bytes are whole messages of {@code size} bytes. */
    private static double messageRate(Streamed s, Long size) {
        return s == null || size == null || size <= 0 || s.seconds() <= 0 ? Double.NaN : s.bytes() / (double) size / s.seconds();
    }
}
