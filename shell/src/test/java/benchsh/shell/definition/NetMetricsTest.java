package benchsh.shell.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.datagram.UdpStream;
import benchsh.peer.io.StreamSockets;
import benchsh.peer.metric.Flat;
import benchsh.peer.pipe.PipeStream;
import benchsh.peer.rr.RrReport;
import benchsh.peer.stream.TcpStream;
import benchsh.peer.workload.Interval;
import benchsh.peer.workload.SideCpu;
import benchsh.peer.workload.Streamed;
import benchsh.peer.workload.Transacted;
import benchsh.shell.host.SideEnd;
import benchsh.shell.run.Sides;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The typed merges of the two-host tests: each a function of the sides' report records. */
class NetMetricsTest {
    private static final SideCpu NO_CPU = null;

    /** Sides that ended with these reports, by role. */
    static Sides sides(Object... roleAndReport) {
        Map<String, SideEnd> ended = new LinkedHashMap<>();
        for (int i = 0; i < roleAndReport.length; i += 2) {
            ended.put((String) roleAndReport[i], new SideEnd((Record) roleAndReport[i + 1], List.of(), null, null));
        }
        return new Sides(ended, Map.of(), Set.of());
    }

    /** A meter's figures: {@code bytes} of {@code total} in {@code seconds} after a warm-up of {@code omitted}. */
    static Streamed moved(long bytes, long total, double seconds, double omitted, SideCpu cpu) {
        return new Streamed(bytes, total, seconds, omitted, bytes * 8 / seconds, cpu, List.of(total), List.of(bytes), List.of(bytes * 8 / seconds), null);
    }

    private static UdpStream.ReceiverReport received(Streamed meter, long messages) {
        return new UdpStream.ReceiverReport(meter, 1000, new UdpStream.Received(messages, 1L, 0L, 12.5, 212_992, 1, "nio", null), null, null, 0);
    }

    private static UdpStream.SenderReport sent(Streamed meter, long messages, long errors) {
        return new UdpStream.SenderReport(meter, messages, 1000, new UdpStream.Sent(errors, 212_992, 1, "nio", null));
    }

    @Test
    void udpLossIsReconciledFromTheSendersCount() {
        UdpMetrics.Figures f = UdpMetrics.merge(sides("listen", received(moved(9000, 9000, 1, 0, NO_CPU), 9), "connect",
                sent(moved(10000, 10000, 1, 0, NO_CPU), 10, 2)));
        assertEquals(1L, f.messagesLost());
        assertEquals(10.0, f.lossPct(), 1e-9);
        assertEquals(10.0, f.sendMessagesPerS(), 1e-9);
        assertEquals(9.0, f.recvMessagesPerS(), 1e-9);
        assertEquals(2L, f.sent().sendErrors());
    }

    /** After a warm-up the counts are the whole test's, the rates only the measured span's bytes over its seconds. */
    @Test
    void udpRatesLeaveTheWarmUpOutAndCountsKeepIt() {
        UdpMetrics.Figures f = UdpMetrics.merge(sides("listen", received(moved(4000, 9000, 2, 1, NO_CPU), 9), "connect",
                sent(moved(6000, 12000, 2, 1, NO_CPU), 12, 0)));
        assertEquals(3L, f.messagesLost(), "sent = received + lost over the whole test");
        assertEquals(3.0, f.sendMessagesPerS(), 1e-9);
        assertEquals(2.0, f.recvMessagesPerS(), 1e-9);
        assertEquals(9000L, f.bytesTotal());
        assertEquals(1.0, f.omittedSeconds());
    }

    @Test
    void aLostSenderLeavesTheReceiversCountOfItsEndMarker() {
        UdpStream.ReceiverReport rx = new UdpStream.ReceiverReport(moved(9000, 9000, 1, 0, NO_CPU), 1000, new UdpStream.Received(9, 0L, 0L, 3.0, 1, 1,
                "nio", null), 10L, 1L, 0);
        UdpMetrics.Figures f = UdpMetrics.merge(sides("listen", rx));
        assertEquals(10L, f.messagesSent());
        assertEquals(1L, f.messagesLost());
        assertNull(f.sent(), "nothing the sender would have said");
        assertFalse(Flat.of(f).containsKey("sender_throughput_bps"));
    }

    private static PipeStream.SinkReport sink(long bytes, double seconds, double netRead, double write, double sync) {
        return new PipeStream.SinkReport(moved(bytes, bytes, seconds, 0, NO_CPU), new PipeStream.SinkTimes(netRead, write, sync, 1), 0);
    }

    private static PipeStream.SourceReport source(long bytes, double seconds, double read, double netWrite) {
        return new PipeStream.SourceReport(moved(bytes, bytes, seconds, 0, NO_CPU), bytes / 1000, new PipeStream.SourceTimes(read, netWrite));
    }

    @Test
    void pipeNamesTheSlowestStage() {
        PipeMetrics.Figures f = PipeMetrics.merge(sides("listen", sink(1_000_000, 2, 0.1, 1.5, 0.3), "connect", source(1_000_000, 2, 0.2, 1.7)));
        assertEquals("sink", f.boundedBy());
        assertEquals(8e6 / 1.8, f.sinkWriteBps(), 1e-6);
        assertEquals(8e6 / 0.1, f.networkBps(), 1e-6, "network time is the smaller of the two socket times");
        PipeMetrics.Figures slowSource = PipeMetrics.merge(sides("listen", sink(1_000_000, 2, 1.9, 0.05, 0), "connect", source(1_000_000, 2, 1.8, 0.1)));
        assertEquals("source", slowSource.boundedBy());
    }

    @Test
    void aZeroSourceWithNoMeasurableTimeIsLeftOutNotInfinite() {
        PipeMetrics.Figures f = PipeMetrics.merge(sides("listen", sink(1000, 1, 0.5, 0.1, 0), "connect", source(1000, 1, 0, 0.6)));
        assertFalse(Flat.of(f).containsKey("source_read_bps"));
        assertEquals("network", f.boundedBy());
    }

    private static RrReport.Client client(Transacted meter, String io) {
        return new RrReport.Client(meter, 1000, new RrReport.Latency(10, 20, 20, 30, 40, 50, 60, null), new RrReport.ClientSockets(io, null), null);
    }

    @Test
    void rrServiceDemandIsPerTransaction() {
        Transacted asked = new Transacted(1000, 1000, 1, 0, 1000, new SideCpu(50, 2, 0.4), null);
        Transacted answered = new Transacted(1000, 1000, 1, 0, 1000, new SideCpu(25, 2, 0.2), null);
        RrMetrics.Figures f = RrMetrics.merge(sides("connect", client(asked, "native"), "listen", new RrReport.Server(answered, 0,
                new RrReport.ServerSockets("nio", "needs Java 22"))));
        // 50 % of 2 CPUs for 1 s = 1 CPU-second = 1e6 us over 1000 transactions
        assertEquals(1000.0, f.demand().serviceDemandLocalUsPerTran(), 1e-9);
        assertEquals(500.0, f.demand().serviceDemandRemoteUsPerTran(), 1e-9);
        assertEquals(20.0, f.latency().latencyP50Us());
        assertEquals(1000L, f.serverTransactions());
        Map<String, Object> flat = Flat.of(f);
        assertEquals("native", flat.get("client_io"));
        assertEquals("needs Java 22", flat.get("server_io_note"));
        assertFalse(flat.containsKey("client_io_note"), "no note when the native path ran");
        assertFalse(flat.containsKey("latency_buckets_ns"), "without histogram: true");
    }

    @Test
    void aSideWhosePeerDiedKeepsWhatItsIntervalsAddUpTo() {
        List<Interval<?>> samples = List.of(new Interval<>(0, 1, new Interval.Bytes(1000, 8000)), new Interval<>(1, 2, new Interval.Bytes(3000, 24000)));
        Sides sides = new Sides(Map.of("listen", new SideEnd(null, samples, "h2: the peer exited", benchsh.peer.protocol.ErrorKind.IO)), Map.of(),
                Set.of("listen"));
        Streamed rx = sides.streamed("listen");
        assertEquals(4000, rx.bytes());
        assertEquals(2.0, rx.seconds());
        assertEquals(16000.0, rx.throughputBps(), 1e-9);
        StreamMetrics.Figures f = StreamMetrics.merge(rx, null, null, null, List.of(), true, null);
        assertEquals(4000L, f.received().bytes());
        assertTrue(Double.isNaN(f.cpu().cpuRemotePct()), "no CPU from samples");
    }

    @Test
    void tcpTakesTheReceiversCountAndEachEndsSocketBuffer() {
        TcpStream.Report rx = new TcpStream.Report(moved(1000, 1000, 1, 0, new SideCpu(10, 2, 0.1)), 2, 16384L, 131072L,
                new StreamSockets.Chosen("nio", "needs Java 22 or newer"), null);
        TcpStream.Report tx = new TcpStream.Report(moved(1200, 1200, 1, 0, new SideCpu(20, 2, 0.2)), 0, 65536L, 131072L,
                new StreamSockets.Chosen("native", null), null);
        Sides s = sides("listen", rx, "connect", tx);
        StreamMetrics.Figures f = StreamMetrics.merge(s.streamed("listen"), s.streamed("connect"), tx.sendSocketBytes(), rx.recvSocketBytes(),
                List.of(rx.straysDropped(), tx.straysDropped()), true, TcpFigures.paths(tx, rx));
        Map<String, Object> flat = Flat.of(f);
        assertEquals("native", flat.get("send_io"));
        assertEquals("nio", flat.get("recv_io"));
        assertEquals("needs Java 22 or newer", flat.get("recv_io_note"));
        assertFalse(flat.containsKey("send_io_note"), "the native sender has no note");
        assertEquals(1000L, f.received().bytes());
        assertEquals(1200L, f.senderBytes());
        assertEquals(65536L, f.sendSocketBytes());
        assertEquals(131072L, f.recvSocketBytes());
        assertEquals(20.0, f.cpu().cpuLocalPct(), "the from host sends");
        assertEquals(2L, f.straysDropped());
        assertNull(f.streamThroughputBps(), "one stream: no per-stream figures");
    }

    @Test
    void bidirectionalAddsBothDirections() {
        StreamMetrics.Figures fwd = new StreamMetrics.Figures(new StreamMetrics.Moved(1000, 1.0, 8000.0), 1000L, 8000.0, null, null, null,
                new StreamMetrics.Ends(1, 2, 3, 4), new StreamMetrics.PerKb(10.0, 20.0), null, Double.NaN, Double.NaN, null);
        StreamMetrics.Figures rev = new StreamMetrics.Figures(new StreamMetrics.Moved(3000, 1.1, 24000.0), 3000L, 24000.0, null, null, null,
                new StreamMetrics.Ends(1, 2, 3, 4), new StreamMetrics.PerKb(99.0, 99.0), null, Double.NaN, Double.NaN, null);
        StreamMetrics.Figures f = StreamMetrics.bidirectional(fwd, rev);
        assertEquals(32000.0, f.received().throughputBps());
        assertEquals(4000L, f.received().bytes());
        assertEquals(1.1, f.received().seconds());
        assertEquals(2.5, f.demand().serviceDemandLocalUsPerKb(), 1e-9, "the same CPU spread over four times the bytes");
        assertEquals(8000.0, f.forwardThroughputBps());
        assertEquals(24000.0, f.reverseThroughputBps());
        assertFalse(Flat.of(f).containsKey("sender_throughput_bps"));
    }
}
