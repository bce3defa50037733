package benchsh.shell.definition;

import static benchsh.shell.definition.StreamMetrics.number;

import benchsh.peer.protocol.Message;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The result metrics of a UDP stream, netperf UDP_STREAM's two lines in one: the sender's socket
 * size, messages sent and send errors and its throughput; the receiver's socket size, messages
 * received, lost, out of order and duplicated, RFC 3550 jitter and its throughput ({@code
 * throughput_bps}, the figure). Loss is reconciled from the sender's own count, so
 * {@code messages_sent = messages_received + messages_lost} always holds; a receiver-side count of
 * the sender's end markers, when it saw one, must agree. Which datagram I/O path each side ran
 * ({@code send_io}, {@code recv_io}; the param {@code io} is what was asked), why it is slower than asked
 * ({@code send_io_note}, {@code recv_io_note}: notes, not errors) and the batches ({@code send_batch}, {@code recv_batch}) come from the sides.
 * Counts cover the whole test, warm-up included; rates ({@code seconds}, messages per second, throughput, CPU) only what
 * came after it, each side's measured bytes over its measured seconds. Stateless.
 */
public final class UdpMetrics {
    private UdpMetrics() {
    }

    public static Map<String, Object> merge(Message.Done receiver, Message.Done sender) {
        Map<String, Object> rx = StreamMetrics.figures(receiver);
        Map<String, Object> tx = StreamMetrics.figures(sender);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("message_bytes", tx.getOrDefault("message_bytes", rx.get("message_bytes")));
        m.put("send_io", tx.get("send_io"));
        m.put("recv_io", rx.get("recv_io"));
        m.put("send_io_note", tx.get("send_io_note"));
        m.put("recv_io_note", rx.get("recv_io_note"));
        m.put("send_batch", tx.get("send_batch"));
        m.put("recv_batch", rx.get("recv_batch"));
        m.put("send_socket_bytes", tx.get("send_socket_bytes"));
        m.put("recv_socket_bytes", rx.get("recv_socket_bytes"));
        m.put("sender_seconds", tx.get("seconds"));
        m.put("seconds", rx.get("seconds"));
        Object sent = tx.containsKey("messages_sent") ? tx.get("messages_sent") : rx.get("sender_messages_sent");
        long received = (long) number(rx.get("messages_received"));
        m.put("messages_sent", sent);
        m.put("send_errors", tx.get("send_errors"));
        m.put("messages_received", rx.get("messages_received"));
        if (sent != null) {
            long lost = Math.max(0, (long) number(sent) - received);
            m.put("messages_lost", lost);
            m.put("loss_pct", number(sent) > 0 ? 100.0 * lost / number(sent) : 0.0);
        }
        m.put("messages_out_of_order", rx.get("messages_out_of_order"));
        m.put("messages_duplicate", rx.get("messages_duplicate"));
        m.put("jitter_us", rx.get("jitter_us"));
        m.put("omitted_seconds", rx.get("omitted_seconds"));
        m.put("send_messages_per_s", messageRate(tx));
        m.put("recv_messages_per_s", messageRate(rx));
        m.put("sender_throughput_bps", tx.get("throughput_bps"));
        m.put("bytes", rx.get("bytes"));
        m.put("bytes_total", rx.get("bytes_total"));
        m.put("throughput_bps", rx.get("throughput_bps"));
        StreamMetrics.cpu(m, tx, rx, number(rx.get("bytes")) / 1024, "kb");
        StreamMetrics.strays(m, rx, tx);
        return StreamMetrics.clean(m);
    }

    /** A side's messages per second after the warm-up: its measured bytes are whole messages. */
    private static Object messageRate(Map<String, Object> side) {
        Object bytes = side.get("bytes");
        Object size = side.get("message_bytes");
        return bytes == null || size == null || number(side.get("seconds")) <= 0 ? null : number(bytes) / number(size) / number(side.get("seconds"));
    }
}
