package benchsh.peer.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.Fields;
import java.io.OutputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class TcpStreamTest {
    static final String TOKEN = "00112233445566778899aabbccddeeff";

    static Map<String, Object> spec(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("token", TOKEN);
        m.put("address", "127.0.0.1");
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    /** Runs a listen side and a connect side in this JVM and returns {listen, connect}. */
    static Outcome[] pair(Map<String, Object> listen, Map<String, Object> connect, RecordingContext lc, RecordingContext cc) throws Exception {
        TcpStream tcp = new TcpStream();
        Side l = tcp.open("listen", new Fields("spec", listen), lc);
        connect.put("port", l.endpoint().get("port"));
        Side c = tcp.open("connect", new Fields("spec", connect), cc);
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        Outcome co = c.run();
        return new Outcome[] {lo.get(), co};
    }

    @Test
    void sendsForTheGivenTimeAndBothSidesCountTheSameBytes() throws Exception {
        RecordingContext lc = new RecordingContext();
        Outcome[] o = pair(spec("send", false, "size", 16384L, "interval_ns", 200_000_000L, "streams", 2L),
                spec("send", true, "size", 16384L, "time_ns", 1_000_000_000L, "streams", 2L), lc, new RecordingContext());
        assertNull(o[0].error(), o[0].error());
        assertNull(o[1].error(), o[1].error());
        long received = ((Number) o[0].metrics().get("bytes")).longValue();
        assertTrue(received > 0);
        assertEquals(o[1].metrics().get("bytes_total"), o[0].metrics().get("bytes_total"));
        assertTrue(((Number) o[0].metrics().get("throughput_bps")).doubleValue() > 0);
        assertTrue(lc.samples.size() >= 2, "interval samples: " + lc.samples);
        assertNotNull(o[0].metrics().get("cpu_pct"));
    }

    @Test
    void byteCountModeSendsExactlyThatMany() throws Exception {
        Outcome[] o = pair(spec("send", false, "streams", 3L), spec("send", true, "bytes", 3_000_001L, "streams", 3L, "size", 65536L), new RecordingContext(), new RecordingContext());
        assertEquals(3_000_001L, o[0].metrics().get("bytes_total"));
        assertEquals(3_000_001L, o[0].metrics().get("bytes"));
    }

    @Test
    void reverseLetsTheListenerSend() throws Exception {
        Outcome[] o = pair(spec("send", true, "bytes", 1_000_000L), spec("send", false), new RecordingContext(), new RecordingContext());
        assertEquals(1_000_000L, o[1].metrics().get("bytes_total"));
    }

    @Test
    void strayConnectionsAndGarbageAreDroppedWithoutDisturbingTheTest() throws Exception {
        TcpStream tcp = new TcpStream();
        Side l = tcp.open("listen", new Fields("spec", spec("send", false)), new RecordingContext());
        int port = ((Number) l.endpoint().get("port")).intValue();
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        try (Socket garbage = new Socket("127.0.0.1", port)) {
            OutputStream out = garbage.getOutputStream();
            out.write(HexFormat.of().parseHex("ffffffffffffffffffffffffffffffff"));
            out.flush();
            Thread.sleep(100);
            Map<String, Object> c = spec("send", true, "bytes", 500_000L);
            c.put("port", (long) port);
            Outcome co = tcp.open("connect", new Fields("spec", c), new RecordingContext()).run();
            assertNull(co.error());
        }
        Outcome o = lo.get();
        assertNull(o.error());
        assertEquals(500_000L, o.metrics().get("bytes_total"));
        assertEquals(1L, o.metrics().get("strays_dropped"));
    }

    @Test
    void aListenerWithoutSenderGivesUpAtItsDeadline() throws Exception {
        TcpStream tcp = new TcpStream();
        Side l = tcp.open("listen", new Fields("spec", spec("send", false, "timeout_ns", 300_000_000L)), new RecordingContext());
        Outcome o = l.run();
        assertNotNull(o.error());
        assertTrue(o.error().contains("0 of 1 connections"), o.error());
    }

    @Test
    void specsOverThePeerCapsAreRejected() {
        TcpStream tcp = new TcpStream();
        Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class,
                () -> tcp.open("connect", new Fields("spec", spec("send", true, "time_ns", 1L, "size", 1L << 30, "port", 1L)), new RecordingContext()));
        assertTrue(e.getMessage().contains("size"), e.getMessage());
    }

    @Test
    void cancelStopsARunningSideAndKeepsItsFigures() throws Exception {
        TcpStream tcp = new TcpStream();
        Side l = tcp.open("listen", new Fields("spec", spec("send", false)), new RecordingContext());
        Map<String, Object> c = spec("send", true, "time_ns", Duration.ofSeconds(30).toNanos());
        c.put("port", l.endpoint().get("port"));
        Side sender = tcp.open("connect", new Fields("spec", c), new RecordingContext());
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        CompletableFuture<Outcome> co = CompletableFuture.supplyAsync(sender::run);
        Thread.sleep(500);
        sender.cancel();
        Outcome so = co.get();
        assertEquals("cancelled", so.error());
        assertTrue(((Number) so.metrics().get("bytes_total")).longValue() > 0);
        lo.get();
    }
}
