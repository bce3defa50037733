package benchsh.shell.definition;

import benchsh.peer.metric.Headline;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.pipe.PipeStream;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.workload.Streamed;
import benchsh.shell.run.Sides;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The result figures of a pipe (source → network → sink), each stage's rate from its own busy time:
 * <ul>
 *   <li>{@code source_read_bps} = bits / time in source reads (sending host);</li>
 *   <li>{@code sink_write_bps} = bits / (time in sink writes + the final fdatasync) (receiving host);</li>
 *   <li>{@code network_bps} = bits / min(time in socket writes, time in socket reads). A slow sink
 *       makes the sender's writes wait (back-pressure) and a slow source makes the receiver's reads
 *       wait, but not both, so the smaller of the two is the network's own time.</li>
 * </ul>
 * {@code bounded_by} names the slowest stage, where both ends timed their network I/O (a host that runs its own
 * {@code dd | nc} times no stage: {@code tools} names what ran it); {@code throughput_bps} is end to end, sync included.
 * Stateless.
 */
public final class PipeMetrics {
    private PipeMetrics() {
    }

    /** A pipe's figures; a figure no side reported is absent, a stage that took no measurable time has no rate. */
    @Headline("throughput_bps")
    public record Figures(@OrNull StreamMetrics.Moved received,
                          @Metric(unit = Unit.COUNT, means = "blocks the source read") @OrNull Long blocks,
                          @Metric(unit = Unit.BITS_PER_SECOND, means = "bits / time in source reads") double sourceReadBps,
                          @Metric(unit = Unit.BITS_PER_SECOND, means = "bits / the network's own time") double networkBps,
                          @Metric(unit = Unit.BITS_PER_SECOND, means = "bits / (time in sink writes and the sync)") double sinkWriteBps,
                          @Metric(unit = Unit.TEXT, means = "the slowest stage: source, network or sink") @OrNull String boundedBy,
                          @OrNull PipeStream.SourceTimes source,
                          @OrNull PipeStream.SinkTimes sink,
                          StreamMetrics.Ends cpu,
                          StreamMetrics.PerKb demand,
                          @Metric(unit = Unit.COUNT, means = "connections or datagrams without the test's token, dropped") @OrNull Long straysDropped,
                          @Metric(unit = Unit.TEXT, means = Sides.TOOLS) @OrNull String tools) {
    }

    /** The sink listens (on the to host), the source connects (from the from host). */
    public static Figures merge(Sides sides) {
        PipeStream.SinkReport sink = sides.report("listen", PipeStream.SinkReport.class);
        PipeStream.SourceReport source = sides.report("connect", PipeStream.SourceReport.class);
        Streamed rx = sides.streamed("listen");
        Streamed tx = sides.streamed("connect");
        double nan = Double.NaN;
        double bits = rx == null ? 0 : rx.bytes() * 8.0;
        PipeStream.SourceTimes read = source == null ? null : source.times();
        PipeStream.SinkTimes written = sink == null ? null : sink.times();
        double sourceRead = read == null ? nan : read.sourceReadSeconds();
        double netWrite = read == null ? nan : read.netWriteSeconds();
        double netRead = written == null ? nan : written.netReadSeconds();
        double sinkWrite = written == null ? nan : written.sinkWriteSeconds();
        double sync = written == null ? nan : written.syncSeconds();
        Map<String, Double> rates = new LinkedHashMap<>();
        rates.put("source", rate(bits, sourceRead));
        rates.put("network", rate(bits, Math.min(orZero(netWrite), orZero(netRead))));
        rates.put("sink", rate(bits, orZero(sinkWrite) + orZero(sync)));
        boolean timed = !Double.isNaN(netWrite) && !Double.isNaN(netRead);
        String bounded = bits > 0 && timed ? rates.entrySet().stream().filter(e -> !e.getValue().isNaN()).min(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey).orElse(null) : null;
        return new Figures(StreamMetrics.Moved.of(rx), source == null ? null : source.blocks(), rates.get("source"), rates.get("network"), rates.get("sink"), bounded, read, written,
                StreamMetrics.Ends.of(tx, rx), StreamMetrics.PerKb.of(tx, rx, rx == null ? 0 : rx.bytes()),
                StreamMetrics.strays(Collections.singletonList(sink == null ? null : sink.straysDropped())), sides.tools());
    }

    /** Bits per second; NaN (left out) when a stage took no measurable time, as a zero source may. */
    private static double rate(double bits, double seconds) {
        return seconds > 0 ? bits / seconds : Double.NaN;
    }

    private static double orZero(double v) {
        return Double.isNaN(v) ? 0 : v;
    }
}
