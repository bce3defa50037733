package benchsh.peer.workload;

import static benchsh.peer.workload.Sides.longOf;
import static benchsh.peer.workload.Sides.spec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.Fields;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(60)
class UdpStreamTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void sentEqualsReceivedPlusLostAndBothSidesAgreeOnTheCount() throws Exception {
        RecordingContext lc = new RecordingContext();
        Outcome[] o = Sides.pair(new UdpStream(), spec("size", 1000L, "time_ns", SECOND, "interval_ns", 200_000_000L),
                spec("size", 1000L, "time_ns", SECOND, "rate", 20_000_000L), lc, new RecordingContext());
        assertNull(o[0].error(), o[0].error());
        assertNull(o[1].error(), o[1].error());
        long sent = longOf(o[1], "messages_sent");
        assertTrue(sent > 0);
        assertEquals(sent, longOf(o[0], "sender_messages_sent"), "the end marker carries the sender's count");
        assertEquals(sent, longOf(o[0], "messages_received") + longOf(o[0], "messages_lost"));
        assertEquals(longOf(o[0], "messages_received") * 1000, longOf(o[0], "bytes"));
        assertNotNull(o[0].metrics().get("jitter_us"));
        assertTrue(longOf(o[0], "recv_socket_bytes") > 0);
        assertTrue(longOf(o[1], "send_socket_bytes") > 0);
        assertTrue(lc.samples.size() >= 2, "interval samples: " + lc.samples);
    }

    @Test
    void aReceiverThatDropsOnPurposeReportsExactlyThoseAsLost() throws Exception {
        UdpStream lossy = new UdpStream(seq -> seq % 10 == 3);
        Outcome[] o = Sides.pair(lossy, spec("size", 200L), spec("size", 200L, "time_ns", SECOND / 2, "rate", 8_000_000L),
                new RecordingContext(), new RecordingContext());
        long sent = longOf(o[1], "messages_sent");
        long dropped = (sent + 6) / 10; // sequence numbers 3, 13, 23, ... below sent
        long lost = longOf(o[0], "messages_lost");
        assertTrue(lost >= dropped, lost + " lost, " + dropped + " dropped on purpose");
        assertEquals(sent, longOf(o[0], "messages_received") + lost);
        assertTrue(longOf(o[0], "messages_out_of_order") == 0 || lost > dropped, "drops alone reorder nothing");
    }

    @Test
    void datagramsWithoutTheTokenAreCountedAsStrays() throws Exception {
        UdpStream udp = new UdpStream();
        Side l = udp.open("listen", spec("size", 100L, "time_ns", SECOND / 2), null, new RecordingContext());
        int port = ((Number) l.endpoint().get("port")).intValue();
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        try (DatagramSocket stray = new DatagramSocket()) {
            for (int i = 0; i < 3; i++) {
                stray.send(new DatagramPacket(new byte[100], 100, InetAddress.getLoopbackAddress(), port));
            }
        }
        Map<String, Object> c = spec("size", 100L, "time_ns", SECOND / 2, "rate", 1_000_000L);
        c.put("port", (long) port);
        Outcome co = udp.open("connect", c, null, new RecordingContext()).run();
        Outcome o = lo.get(30, TimeUnit.SECONDS);
        assertNull(o.error(), o.error());
        assertEquals(3L, o.metrics().get("strays_dropped"));
        assertEquals(longOf(co, "messages_sent"), longOf(o, "messages_received") + longOf(o, "messages_lost"));
    }

    @Test
    void aReceiverWithoutSenderGivesUpAtItsTimeout() throws Exception {
        Side l = new UdpStream().open("listen", spec("timeout_ns", 300_000_000L), null, new RecordingContext());
        Outcome o = l.run();
        assertNotNull(o.error());
        assertTrue(o.error().contains("no datagram with the test token"), o.error());
    }

    @Test
    void sizesOverTheUdpLimitAndBadRolesAreRejected() {
        UdpStream udp = new UdpStream();
        Exception e = assertThrows(Exception.class,
                () -> udp.open("connect", spec("size", 65_508L, "port", 9L), null, new RecordingContext()));
        assertTrue(e.getMessage().contains("size"), e.getMessage());
        assertThrows(Exception.class, () -> udp.open("both", spec(), null, new RecordingContext()));
    }

    @Test
    void cancelStopsTheSenderAndKeepsItsCount() throws Exception {
        UdpStream udp = new UdpStream();
        Side l = udp.open("listen", spec(), null, new RecordingContext());
        Map<String, Object> c = spec("time_ns", 30 * SECOND, "rate", 10_000_000L);
        c.put("port", l.endpoint().get("port"));
        Side sender = udp.open("connect", c, null, new RecordingContext());
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        CompletableFuture<Outcome> so = CompletableFuture.supplyAsync(sender::run);
        Thread.sleep(400);
        sender.cancel();
        l.cancel();
        assertEquals("cancelled", so.get(5, TimeUnit.SECONDS).error());
        assertTrue(longOf(so.get(), "messages_sent") > 0);
        assertEquals("cancelled", lo.get(5, TimeUnit.SECONDS).error());
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 22})
    void smallDatagramsReconcileAndStraysFromAnotherSocketAreNotCounted(long size) throws Exception {
        UdpStream udp = new UdpStream();
        Side l = udp.open("listen", spec("size", size, "time_ns", SECOND), null, new RecordingContext());
        int port = ((Number) l.endpoint().get("port")).intValue();
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        Map<String, Object> c = spec("size", size, "time_ns", SECOND, "rate", size * 8 * 20_000);
        c.put("port", (long) port);
        Side sender = udp.open("connect", c, null, new RecordingContext());
        try (DatagramSocket stray = new DatagramSocket()) {
            for (int i = 0; i < 3; i++) { // before the hello: seen and dropped by the receiver
                stray.send(new DatagramPacket(new byte[(int) size], (int) size, InetAddress.getLoopbackAddress(), port));
            }
            CompletableFuture<Outcome> so = CompletableFuture.supplyAsync(sender::run);
            Thread.sleep(300);
            for (int i = 0; i < 500 && !so.isDone(); i++) { // after the hello: dropped by the kernel of the connected receiver
                stray.send(new DatagramPacket(new byte[(int) size], (int) size, InetAddress.getLoopbackAddress(), port));
                Thread.sleep(1);
            }
            Outcome co = so.get(30, TimeUnit.SECONDS);
            Outcome o = lo.get(30, TimeUnit.SECONDS);
            assertNull(co.error(), co.error());
            assertNull(o.error(), o.error());
            long sent = longOf(co, "messages_sent");
            long received = longOf(o, "messages_received");
            assertTrue(sent > 0);
            assertEquals(sent, longOf(o, "sender_messages_sent"), "the full-header end marker carries the sender's count");
            assertTrue(received <= sent, received + " received of " + sent + " sent: strays were counted");
            assertEquals(sent, received + longOf(o, "messages_lost"));
            assertEquals(received * size, longOf(o, "bytes"));
            assertTrue(longOf(o, "strays_dropped") >= 3, o.metrics().toString());
            for (String absent : List.of("messages_out_of_order", "messages_duplicate", "jitter_us")) {
                assertFalse(o.metrics().containsKey(absent), absent + " cannot be measured without a header: " + o.metrics());
            }
        }
    }

    @Test
    void smallDatagramsDroppedOnPurposeAreReportedAsLost() throws Exception {
        UdpStream lossy = new UdpStream(i -> i % 10 == 3);
        Outcome[] o = Sides.pair(lossy, spec("size", 22L), spec("size", 22L, "time_ns", SECOND / 2, "rate", 22 * 8 * 20_000L),
                new RecordingContext(), new RecordingContext());
        assertNull(o[0].error(), o[0].error());
        long sent = longOf(o[1], "messages_sent");
        long lost = longOf(o[0], "messages_lost");
        long received = longOf(o[0], "messages_received");
        assertTrue(received > 100, received + " received");
        assertTrue(lost >= received / 9 - 1, "every tenth arrival is dropped: " + lost + " lost, " + received + " received");
        assertEquals(sent, received + lost);
    }

    @Test
    void aSmallDatagramSenderWithoutReceiverGivesUpAfterItsHellos() throws Exception {
        int port;
        try (DatagramSocket closed = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            port = closed.getLocalPort();
        }
        Map<String, Object> c = spec("size", 1L, "time_ns", SECOND);
        c.put("port", (long) port);
        long t0 = System.nanoTime();
        Outcome o = new UdpStream().open("connect", c, null, new RecordingContext()).run();
        assertNotNull(o.error());
        assertTrue(o.error().contains("answered none of " + UdpHeader.HELLO_TRIES + " hellos"), o.error());
        assertEquals(0L, longOf(o, "messages_sent"));
        assertTrue(System.nanoTime() - t0 < 10 * SECOND, "bounded retries");
    }

    @Test
    void sizeZeroIsRejected() {
        Exception e = assertThrows(Exception.class, () -> new UdpStream().open("connect",
                spec("size", 0L, "port", 9L), null, new RecordingContext()));
        assertTrue(e.getMessage().contains("size"), e.getMessage());
    }
}
