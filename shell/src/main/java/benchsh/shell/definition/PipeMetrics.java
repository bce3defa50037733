package benchsh.shell.definition;

import static benchsh.shell.definition.StreamMetrics.number;

import benchsh.peer.protocol.Message;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The result metrics of a pipe (source → network → sink), each stage's rate from its own busy time:
 * <ul>
 *   <li>{@code source_read_bps} = bits / time in source reads (sending host);</li>
 *   <li>{@code sink_write_bps} = bits / (time in sink writes + the final fdatasync) (receiving host);</li>
 *   <li>{@code network_bps} = bits / min(time in socket writes, time in socket reads). A slow sink
 *       makes the sender's writes wait (back-pressure) and a slow source makes the receiver's reads
 *       wait, but not both, so the smaller of the two is the network's own time.</li>
 * </ul>
 * {@code bounded_by} names the slowest stage; {@code throughput_bps} is end to end, sync included.
 * Stateless.
 */
public final class PipeMetrics {
    private PipeMetrics() {
    }

    public static Map<String, Object> merge(Message.Done sink, Message.Done source) {
        Map<String, Object> rx = StreamMetrics.figures(sink);
        Map<String, Object> tx = StreamMetrics.figures(source);
        double bits = number(rx.get("bytes")) * 8;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("bytes", rx.get("bytes"));
        m.put("blocks", tx.get("blocks"));
        m.put("seconds", rx.get("seconds"));
        m.put("throughput_bps", rx.get("throughput_bps"));
        double network = Math.min(number(tx.get("net_write_seconds")), number(rx.get("net_read_seconds")));
        double sinkSeconds = number(rx.get("sink_write_seconds")) + number(rx.get("sync_seconds"));
        Map<String, Double> rates = new LinkedHashMap<>();
        rates.put("source", rate(bits, number(tx.get("source_read_seconds"))));
        rates.put("network", rate(bits, network));
        rates.put("sink", rate(bits, sinkSeconds));
        m.put("source_read_bps", rates.get("source"));
        m.put("network_bps", rates.get("network"));
        m.put("sink_write_bps", rates.get("sink"));
        if (bits > 0) {
            rates.entrySet().stream().filter(e -> !e.getValue().isNaN()).min(Map.Entry.comparingByValue())
                    .ifPresent(e -> m.put("bounded_by", e.getKey()));
        }
        m.put("source_read_seconds", tx.get("source_read_seconds"));
        m.put("net_write_seconds", tx.get("net_write_seconds"));
        m.put("net_read_seconds", rx.get("net_read_seconds"));
        m.put("sink_write_seconds", rx.get("sink_write_seconds"));
        m.put("sync_seconds", rx.get("sync_seconds"));
        m.put("syncs", rx.get("syncs"));
        StreamMetrics.cpu(m, tx, rx, number(rx.get("bytes")) / 1024, "kb");
        StreamMetrics.strays(m, rx, tx);
        return StreamMetrics.clean(m);
    }

    /** Bits per second; NaN (left out) when a stage took no measurable time, as a zero source may. */
    private static double rate(double bits, double seconds) {
        return seconds > 0 ? bits / seconds : Double.NaN;
    }
}
