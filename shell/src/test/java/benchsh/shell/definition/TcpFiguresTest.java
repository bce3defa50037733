package benchsh.shell.definition;

import static benchsh.shell.definition.NetMetricsTest.moved;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.io.StreamSockets;
import benchsh.peer.io.TcpInternals;
import benchsh.peer.io.TcpReport;
import benchsh.peer.io.TcpSummary;
import benchsh.peer.metric.Flat;
import benchsh.peer.stream.TcpSample;
import benchsh.peer.stream.TcpStream;
import benchsh.peer.workload.Interval;
import benchsh.peer.workload.SideCpu;
import benchsh.shell.host.SideEnd;
import benchsh.shell.run.Sides;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** tcp's merge: the sender's TCP figures beside the receiver's count, per interval and per test; both directions of bidir added up. */
class TcpFiguresTest {
    private static final TcpSummary SENT = new TcpSummary(7, 10_136L, 120, 41_000, 95, 1_448_000, 1448, "cubic");

    private static Interval<?> sample(int i, long bytes, TcpInternals tcp) {
        return new Interval<>(i, i + 1, new TcpSample(new Interval.Bytes(bytes, bytes * 8.0), tcp));
    }

    private static TcpInternals internals(long retransmits, double srttUs) {
        return new TcpInternals(retransmits, 144_800, srttUs, srttUs / 4, 9e8, Double.NaN, 28_960);
    }

    private static Sides sides(TcpReport sender, List<Interval<?>> rx, List<Interval<?>> tx) {
        TcpStream.Report r = new TcpStream.Report(moved(3000, 3000, 3, 0, new SideCpu(10, 2, 0.1)), 0, null, 131072L, StreamSockets.Chosen.byDefault(), new TcpReport(null, null, null));
        TcpStream.Report t = new TcpStream.Report(moved(3000, 3000, 3, 0, new SideCpu(20, 2, 0.2)), 0, 65536L, null, StreamSockets.Chosen.byDefault(), sender);
        return new Sides(Map.of("listen", new SideEnd(r, rx, null, null), "connect", new SideEnd(t, tx, null, null)), Map.of(), Set.of());
    }

    @Test
    void theReceiversSamplesCarryTheSendersTcpFiguresOfTheSameInterval() {
        List<Interval<?>> rx = List.of(sample(0, 1000, null), sample(1, 1000, null), sample(2, 1000, null));
        List<Interval<?>> tx = List.of(sample(0, 1100, internals(0, 200)), sample(1, 1000, internals(5, 40_000)));
        List<Interval<?>> joined = TcpFigures.intervals(sides(new TcpReport(SENT, null, null), rx, tx), "listen", "connect");
        assertEquals(3, joined.size());
        assertEquals(1000, ((TcpSample) joined.get(0).figures()).bytes(), "the receiver's count");
        assertEquals(5, ((TcpSample) joined.get(1).figures()).tcp().retransmits(), "the sender's figures of interval 2");
        assertNull(((TcpSample) joined.get(2).figures()).tcp(), "none past the sender's last sample");
        Map<String, Object> flat = Flat.of(joined.get(1));
        assertEquals(40_000.0, flat.get("srtt_us"));
        assertFalse(flat.containsKey("pacing_rate_bps"), "an absent rate is left out, not zero");
    }

    @Test
    void aResultCarriesTheSendersTcpFiguresOrWhyThereAreNone() {
        Map<String, Object> flat = Flat.of(TcpFigures.merge(sides(new TcpReport(SENT, null, "0xb8 (DSCP 46)"), List.of(), List.of()), "listen",
                "connect", true));
        assertEquals(7L, flat.get("retransmits"));
        assertEquals("cubic", flat.get("congestion_control"));
        assertEquals("0xb8 (DSCP 46)", flat.get("ip_tos"));
        assertEquals(65536L, flat.get("send_socket_bytes"), "the stream's figures stay");
        Map<String, Object> absent = Flat.of(TcpFigures.merge(sides(new TcpReport(null, "TCP_INFO is a native call (NIO has none), and this peer"
                + " needs Java 22 or newer", null), List.of(), List.of()), "listen", "connect", true));
        assertFalse(absent.containsKey("retransmits"), "no zeros where nothing was read: " + absent);
        assertTrue(String.valueOf(absent.get("tcp_info_note")).contains("Java 22"), absent.toString());
    }

    @Test
    void bidirAddsUpBothDirectionsTcpFigures() {
        TcpSummary back = new TcpSummary(3, null, 80, 50_000, 70, 2_000_000, 1448, "cubic");
        TcpSummary both = TcpFigures.both(SENT, back);
        assertEquals(10, both.retransmits());
        assertNull(both.retransmittedBytes(), "unknown in one direction, unknown in sum");
        assertEquals(80.0, both.srttMinUs());
        assertEquals(50_000.0, both.srttMaxUs());
        assertEquals(2_000_000, both.cwndMaxBytes());
        List<Interval<?>> sum = TcpFigures.sumIntervals(List.of(sample(0, 1000, internals(1, 100))), List.of(sample(0, 3000, internals(2, 300)),
                sample(1, 10, null)));
        assertEquals(1, sum.size(), "as far as both go");
        TcpSample s = (TcpSample) sum.get(0).figures();
        assertEquals(4000, s.bytes());
        assertEquals(3, s.tcp().retransmits());
        assertEquals(200.0, s.tcp().srttUs(), "round trips averaged");
        assertEquals(289_600, s.tcp().cwndBytes(), "windows added");
    }
}
