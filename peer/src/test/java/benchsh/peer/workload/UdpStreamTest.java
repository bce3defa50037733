package benchsh.peer.workload;

import static benchsh.peer.workload.Sides.longOf;
import static benchsh.peer.workload.TcpStreamTest.spec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.Fields;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class UdpStreamTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void sentEqualsReceivedPlusLostAndBothSidesAgreeOnTheCount() throws Exception {
        TcpStreamTest.Ctx lc = new TcpStreamTest.Ctx();
        Outcome[] o = Sides.pair(new UdpStream(), spec("size", 1000L, "time_ns", SECOND, "interval_ns", 200_000_000L),
                spec("size", 1000L, "time_ns", SECOND, "rate", 20_000_000L), lc, new TcpStreamTest.Ctx());
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
                new TcpStreamTest.Ctx(), new TcpStreamTest.Ctx());
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
        Side l = udp.open("listen", new Fields("spec", spec("size", 100L, "time_ns", SECOND / 2)), new TcpStreamTest.Ctx());
        int port = ((Number) l.endpoint().get("port")).intValue();
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        try (DatagramSocket stray = new DatagramSocket()) {
            for (int i = 0; i < 3; i++) {
                stray.send(new DatagramPacket(new byte[100], 100, InetAddress.getLoopbackAddress(), port));
            }
        }
        Map<String, Object> c = spec("size", 100L, "time_ns", SECOND / 2, "rate", 1_000_000L);
        c.put("port", (long) port);
        Outcome co = udp.open("connect", new Fields("spec", c), new TcpStreamTest.Ctx()).run();
        Outcome o = lo.get(30, TimeUnit.SECONDS);
        assertNull(o.error(), o.error());
        assertEquals(3L, o.metrics().get("strays_dropped"));
        assertEquals(longOf(co, "messages_sent"), longOf(o, "messages_received") + longOf(o, "messages_lost"));
    }

    @Test
    void aReceiverWithoutSenderGivesUpAtItsTimeout() throws Exception {
        Side l = new UdpStream().open("listen", new Fields("spec", spec("timeout_ns", 300_000_000L)), new TcpStreamTest.Ctx());
        Outcome o = l.run();
        assertNotNull(o.error());
        assertTrue(o.error().contains("no datagram with the test token"), o.error());
    }

    @Test
    void sizesOverTheUdpLimitAndBadRolesAreRejected() {
        UdpStream udp = new UdpStream();
        Exception e = assertThrows(Exception.class,
                () -> udp.open("connect", new Fields("spec", spec("size", 65_508L, "port", 9L)), new TcpStreamTest.Ctx()));
        assertTrue(e.getMessage().contains("size"), e.getMessage());
        assertThrows(Exception.class, () -> udp.open("both", new Fields("spec", spec()), new TcpStreamTest.Ctx()));
    }

    @Test
    void cancelStopsTheSenderAndKeepsItsCount() throws Exception {
        UdpStream udp = new UdpStream();
        Side l = udp.open("listen", new Fields("spec", spec()), new TcpStreamTest.Ctx());
        Map<String, Object> c = spec("time_ns", 30 * SECOND, "rate", 10_000_000L);
        c.put("port", l.endpoint().get("port"));
        Side sender = udp.open("connect", new Fields("spec", c), new TcpStreamTest.Ctx());
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        CompletableFuture<Outcome> so = CompletableFuture.supplyAsync(sender::run);
        Thread.sleep(400);
        sender.cancel();
        l.cancel();
        assertEquals("cancelled", so.get(5, TimeUnit.SECONDS).error());
        assertTrue(longOf(so.get(), "messages_sent") > 0);
        assertEquals("cancelled", lo.get(5, TimeUnit.SECONDS).error());
    }
}
