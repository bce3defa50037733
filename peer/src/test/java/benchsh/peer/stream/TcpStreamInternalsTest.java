package benchsh.peer.stream;

import static benchsh.peer.stream.TcpSpecBuilder.tcp;
import static benchsh.peer.workload.Sides.longOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.io.TcpInternals;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Interval;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Sides;
import benchsh.peer.workload.Timing;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What TCP did, per interval and over the test, and the TCP options (cc, mss, tos): read and set through the native
 * calls on Java 22+ (the peer's tests run there a second time), absent with the reason on Java 17, never zeros.
 */
@Timeout(60)
class TcpStreamInternalsTest {
    /** Whether this JVM runs the peer's Java 22 classes (the multi-release jar on 22+): the native TCP calls. */
    static final boolean NATIVE = Runtime.version().feature() >= 22;
    private static final Timing FAST = new Timing(200_000_000L, 10_000_000_000L);

    @Test
    void aSendersSamplesAndReportSayWhatTcpDidOrWhyTheyCannot() throws Exception {
        RecordingContext rx = new RecordingContext();
        RecordingContext tx = new RecordingContext();
        Outcome[] o = Sides.pair(new TcpStream(), tcp().size(65536).streams(2).timing(FAST).build(),
                tcp().send().size(65536).streams(2).time(Duration.ofMillis(1200)).timing(FAST).build(), rx, tx);
        assertNull(o[0].error(), o[0].error());
        assertNull(o[1].error(), o[1].error());
        Map<String, Object> sender = Sides.metrics(o[1]);
        assertFalse(tx.samples.isEmpty(), "the sender's samples");
        assertTrue(rx.samples.stream().allMatch(s -> ((TcpSample) s.figures()).tcp() == null), "a receiver sends only acknowledgements");
        assertNull(Sides.metrics(o[0]).get("tcp_info_note"), "a receiver has nothing to explain");
        if (!NATIVE) {
            assertTrue(tx.samples.stream().allMatch(s -> ((TcpSample) s.figures()).tcp() == null), "no zeros where nothing was read");
            assertTrue(String.valueOf(sender.get("tcp_info_note")).contains("this is Java " + Runtime.version().feature()), sender.toString());
            assertNull(sender.get("retransmits"), sender.toString());
            return;
        }
        assertNull(sender.get("tcp_info_note"), sender.toString());
        for (Interval<?> s : tx.samples) {
            TcpInternals t = ((TcpSample) s.figures()).tcp();
            assertNotNull(t, "interval " + s);
            assertTrue(t.retransmits() >= 0 && t.cwndBytes() > 0 && t.inFlightBytes() >= 0, t.toString());
            assertTrue(t.srttUs() > 0 && t.srttUs() < 10_000_000 && t.rttvarUs() >= 0, t.toString());
        }
        long intervals = tx.samples.stream().mapToLong(s -> ((TcpSample) s.figures()).tcp().retransmits()).sum();
        assertTrue(longOf(o[1], "retransmits") >= intervals, "the whole test's retransmits include every interval's: " + sender);
        long mss = longOf(o[1], "mss_bytes");
        assertTrue(mss >= 500 && mss <= 65535, "loopback's MSS: " + sender);
        assertTrue(longOf(o[1], "cwnd_max_bytes") >= mss, sender.toString());
        double min = ((Number) sender.get("srtt_min_us")).doubleValue();
        assertTrue(min > 0 && min <= ((Number) sender.get("srtt_max_us")).doubleValue(), sender.toString());
        assertNotNull(sender.get("congestion_control"), sender.toString());
    }

    @Test
    void theSamplesOfATcpSideTravelAsTheirRecord() throws Exception {
        Interval<TcpSample> sample = new Interval<>(0, 1, new TcpSample(new Interval.Bytes(1000, 8000), new TcpInternals(3, 14480, 250.5, 40, 1e9,
                Double.NaN, 2896)));
        Interval<?> back = SpecCodec.decodeFigures(Interval.class, new benchsh.peer.protocol.Fields("interval",
                benchsh.peer.protocol.Json.parseObject(benchsh.peer.protocol.Json.write(SpecCodec.encode(sample)))), TcpSample.class);
        assertEquals(sample.figures().bytes(), ((TcpSample) back.figures()).bytes());
        assertEquals(3, ((TcpSample) back.figures()).tcp().retransmits());
        assertTrue(Double.isNaN(((TcpSample) back.figures()).tcp().pacingRateBps()), "an absent rate stays absent");
    }

    @Test
    void bothEndsSetTheCongestionControlAndTheListenerClampsTheMssOnJava22OrRefuseNamingTheJava() throws Exception {
        TcpStream.Spec listen = tcp().size(16384).options("reno", 1000, null).build();
        TcpStream.Spec send = tcp().send().size(16384).bytes(2_000_000L).options("reno", 1000, null).build();
        if (!NATIVE) {
            IOException e = assertThrows(IOException.class, () -> new TcpStream().open("listen", SpecCodec.encode(listen), Sides.listening(),
                    new RecordingContext()));
            assertTrue(e.getMessage().contains("cc: 'reno' and mss: 1000") && e.getMessage().contains("this is Java 17"), e.getMessage());
            return;
        }
        Outcome[] o = Sides.pair(new TcpStream(), listen, send, new RecordingContext(), new RecordingContext());
        assertNull(o[1].error(), o[1].error());
        assertEquals("reno", Sides.metrics(o[1]).get("congestion_control"));
        long mss = longOf(o[1], "mss_bytes");
        assertTrue(mss <= 1000 && mss >= 900, "the sender's MSS under the listener's 1000 (less its options): " + mss);
        // reversed: the listener sends, and its own MSS is clamped too
        Outcome[] r = Sides.pair(new TcpStream(), tcp().send().size(16384).bytes(1_000_000L).options(null, 1000, null).build(),
                tcp().size(16384).build(), new RecordingContext(), new RecordingContext());
        assertNull(r[0].error(), r[0].error());
        assertTrue(longOf(r[0], "mss_bytes") <= 1000, Sides.metrics(r[0]).toString());
    }

    @Test
    void anUnknownCongestionControlIsRefusedAtTheStartListingWhatTheKernelOffers() {
        TcpStream.Spec spec = tcp().size(16384).options("nosuchcc", null, null).build();
        for (String role : List.of("listen", "connect")) {
            IOException e = assertThrows(IOException.class, () -> new TcpStream().open(role, SpecCodec.encode(spec),
                    role.equals("listen") ? Sides.listening() : new benchsh.peer.protocol.Link(Sides.TOKEN, Sides.LOOPBACK, 9), new RecordingContext()));
            assertTrue(NATIVE ? e.getMessage().contains("no congestion control 'nosuchcc'") && e.getMessage().contains("offers")
                    : e.getMessage().contains("this is Java 17"), role + ": " + e.getMessage());
        }
    }

    @Test
    void theTypeOfServiceIsSetOnEveryJavaAndReadBack() throws Exception {
        Outcome[] o = Sides.pair(new TcpStream(), tcp().size(16384).options(null, null, 0xb8).build(),
                tcp().send().size(16384).bytes(500_000L).options(null, null, 0xb8).build(), new RecordingContext(), new RecordingContext());
        assertNull(o[1].error(), o[1].error());
        assertEquals("0xb8 (DSCP 46)", Sides.metrics(o[1]).get("ip_tos"));
        assertEquals("0xb8 (DSCP 46)", Sides.metrics(o[0]).get("ip_tos"));
        Outcome[] none = Sides.pair(new TcpStream(), tcp().size(16384).build(), tcp().send().size(16384).bytes(100_000L).build(),
                new RecordingContext(), new RecordingContext());
        assertNull(Sides.metrics(none[1]).get("ip_tos"), "not asked, not shown");
    }
}
