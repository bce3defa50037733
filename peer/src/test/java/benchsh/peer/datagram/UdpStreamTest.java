package benchsh.peer.datagram;

import static benchsh.peer.datagram.UdpSpecBuilder.udp;
import static benchsh.peer.workload.Sides.longOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.io.IoPath;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Interval;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.Sides;
import benchsh.peer.workload.Timing;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.HexFormat;
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
    static final Timing TIMING = UdpSpecBuilder.TIMING;

    /** A side of {@code size}-byte datagrams for {@code nanos}, paced to {@code rate} bits/s (0: unpaced). */
    static UdpStream.Spec stream(int size, long nanos, long rate) {
        return udp().size(size).time(Duration.ofNanos(nanos)).rate(rate).build();
    }

    /** A receiver of {@code size}-byte datagrams for the default 10 s. */
    static UdpStream.Spec receiver(int size) {
        return stream(size, 10 * SECOND, 0);
    }

    /** Opens a side from the wire form of its spec, as the peer does. */
    private static Side open(UdpStream udp, String role, UdpStream.Spec spec, Link link) throws IOException {
        return udp.open(role, SpecCodec.encode(spec), link, new RecordingContext());
    }

    @Test
    void sentEqualsReceivedPlusLostAndBothSidesAgreeOnTheCount() throws Exception {
        RecordingContext lc = new RecordingContext();
        Outcome[] o = Sides.pair(new UdpStream(), udp().time(Duration.ofSeconds(1)).timing(new Timing(200_000_000L, 10 * SECOND)).build(),
                stream(1000, SECOND, 20_000_000L), lc, new RecordingContext());
        assertNull(o[0].error(), o[0].error());
        assertNull(o[1].error(), o[1].error());
        long sent = longOf(o[1], "messages_sent");
        assertTrue(sent > 0);
        assertEquals(sent, longOf(o[0], "sender_messages_sent"), "the end marker carries the sender's count");
        assertEquals(sent, longOf(o[0], "messages_received") + longOf(o[0], "messages_lost"));
        assertEquals(longOf(o[0], "messages_received") * 1000, longOf(o[0], "bytes"));
        assertNotNull(Sides.metrics(o[0]).get("jitter_us"));
        assertTrue(longOf(o[0], "recv_socket_bytes") > 0);
        assertTrue(longOf(o[1], "send_socket_bytes") > 0);
        assertTrue(lc.samples.size() >= 2, "interval samples: " + lc.samples);
    }

    /** Warm-up: counts cover the whole test and stay exact; bytes and rates only what came after it. */
    @ParameterizedTest
    @ValueSource(ints = {1000, 1})
    void theWarmUpIsLeftOutOfTheRatesButNotOutOfTheCounts(int size) throws Exception {
        RecordingContext lc = new RecordingContext();
        UdpStream.Spec spec = udp().size(size).time(Duration.ofMillis(500)).omit(Duration.ofMillis(500)).rate(size * 8_000L * 4)
                .timing(new Timing(100_000_000L, 10 * SECOND)).batch(1, IoPath.NIO).build();
        Outcome[] o = Sides.pair(new UdpStream(), spec, spec, lc, new RecordingContext());
        assertNull(o[0].error(), o[0].error());
        assertNull(o[1].error(), o[1].error());
        long sent = longOf(o[1], "messages_sent");
        long received = longOf(o[0], "messages_received");
        assertEquals(sent, received + longOf(o[0], "messages_lost"));
        assertEquals(received * size, longOf(o[0], "bytes_total"), "every datagram counted, warm-up included");
        assertEquals(sent * size, longOf(o[1], "bytes_total"));
        for (Outcome side : o) {
            long measured = longOf(side, "bytes");
            assertTrue(measured > 0 && measured < longOf(side, "bytes_total"), Sides.metrics(side).toString());
            assertEquals(0, measured % size, "the measured span holds whole datagrams");
            double omitted = ((Number) Sides.metrics(side).get("omitted_seconds")).doubleValue();
            assertTrue(omitted >= 0.5, "omitted " + omitted);
        }
        // the samples cover the measured span only: from its start, back to back, and no more than it counted
        assertFalse(lc.samples.isEmpty(), "100 ms samples after the warm-up");
        assertEquals(0.0, lc.samples.get(0).startS(), "the first sample starts where the warm-up ended: " + lc.samples);
        long sampled = 0;
        for (int i = 0; i < lc.samples.size(); i++) {
            sampled += ((Interval.Bytes) lc.samples.get(i).figures()).bytes();
            assertEquals(i == 0 ? 0.0 : lc.samples.get(i - 1).endS(), lc.samples.get(i).startS(), 1e-9, "back to back: " + lc.samples);
        }
        assertTrue(sampled <= longOf(o[0], "bytes"), "the samples hold no warm-up bytes: " + sampled + " sampled, " + longOf(o[0], "bytes") + " measured");
    }

    @Test
    void aReceiverThatDropsOnPurposeReportsExactlyThoseAsLost() throws Exception {
        UdpStream lossy = new UdpStream(seq -> seq % 10 == 3);
        Outcome[] o = Sides.pair(lossy, receiver(200), stream(200, SECOND / 2, 8_000_000L), new RecordingContext(), new RecordingContext());
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
        Side l = open(udp, "listen", stream(100, SECOND / 2, 0), Sides.listening());
        int port = l.endpoint().port();
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        try (DatagramSocket stray = new DatagramSocket()) {
            for (int i = 0; i < 3; i++) {
                stray.send(new DatagramPacket(new byte[100], 100, InetAddress.getLoopbackAddress(), port));
            }
        }
        Outcome co = open(udp, "connect", stream(100, SECOND / 2, 1_000_000L), Sides.to(l)).run();
        Outcome o = lo.get(30, TimeUnit.SECONDS);
        assertNull(o.error(), o.error());
        assertEquals(3L, Sides.metrics(o).get("strays_dropped"));
        assertEquals(longOf(co, "messages_sent"), longOf(o, "messages_received") + longOf(o, "messages_lost"));
    }

    @Test
    void aReceiverWithoutSenderGivesUpAtItsTimeoutAsATimeout() throws Exception {
        Side l = open(new UdpStream(), "listen", udp().size(1472).timing(new Timing(SECOND, 300_000_000L)).build(),
                Sides.listening());
        Outcome o = l.run();
        assertNotNull(o.error());
        assertTrue(o.error().contains("no datagram with the test token"), o.error());
        assertEquals(ErrorKind.TIMEOUT, o.kind());
        assertFalse(Sides.metrics(o).containsKey("stalled_seconds"), "nothing came, so nothing stalled: " + Sides.metrics(o));
    }

    @Test
    void aReceiverWhoseSenderFallsSilentMidTestReportsAStall() throws Exception {
        Side l = open(new UdpStream(), "listen", udp().time(Duration.ofSeconds(30)).timing(new Timing(SECOND, 1_100_000_000L)).build(),
                Sides.listening());
        int port = l.endpoint().port();
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        try (DatagramSocket sender = new DatagramSocket()) {
            for (long seq = 0; seq < 5; seq++) { // five numbered datagrams with the token, then silence without an end marker
                ByteBuffer d = ByteBuffer.allocate(1000).put(HexFormat.of().parseHex(Sides.TOKEN)).putLong(seq).putLong(System.nanoTime());
                sender.send(new DatagramPacket(d.array(), 1000, InetAddress.getLoopbackAddress(), port));
            }
        }
        Outcome o = lo.get(30, TimeUnit.SECONDS);
        assertEquals(ErrorKind.STALLED, o.kind(), o.error());
        assertTrue(o.error().startsWith("no datagram for "), o.error());
        assertTrue(longOf(o, "stalled_seconds") >= 1, Sides.metrics(o).toString());
        assertEquals(5L, longOf(o, "messages_received"), "what came before the silence is kept");
        assertFalse(Sides.metrics(o).containsKey("sender_messages_sent"), "no end marker came: " + Sides.metrics(o));
    }

    @Test
    void sizesOverTheUdpLimitAndBadRolesAreRejected() {
        UdpStream udp = new UdpStream();
        Map<String, Object> huge = SpecCodec.encode(stream(1, SECOND, 0));
        huge.put("size", 65_508L);
        Exception e = assertThrows(ProtocolException.class, () -> udp.open("connect", huge, Sides.listening(), new RecordingContext()));
        assertTrue(e.getMessage().contains("size"), e.getMessage());
        assertThrows(ProtocolException.class, () -> udp.open("both", SpecCodec.encode(stream(1, SECOND, 0)), Sides.listening(), new RecordingContext()));
        Map<String, Object> legacy = SpecCodec.encode(stream(1, SECOND, 0));
        legacy.put("time_ns", SECOND);
        assertThrows(ProtocolException.class, () -> udp.open("listen", legacy, Sides.listening(), new RecordingContext()), "the old field names are gone");
        assertThrows(ProtocolException.class, () -> udp.open("listen", SpecCodec.encode(stream(1, SECOND, 0)), null, new RecordingContext()),
                "udp needs a link");
    }

    @Test
    void aPortInUseIsRefusedAtOpenNamingTheAddress() throws Exception {
        try (DatagramSocket taken = new DatagramSocket(0, InetAddress.getByName(Sides.LOOPBACK))) {
            Link link = new Link(Sides.TOKEN, Sides.LOOPBACK, taken.getLocalPort());
            IOException e = assertThrows(IOException.class, () -> open(new UdpStream(), "listen", receiver(1472), link));
            assertFalse(e instanceof ProtocolException, "a valid spec the host cannot carry out is no protocol error: " + e);
            assertTrue(e.getMessage().startsWith("udp listen on 127.0.0.1:" + taken.getLocalPort() + ": "), e.getMessage());
        }
    }

    @Test
    void cancelStopsTheSenderAndKeepsItsCount() throws Exception {
        UdpStream udp = new UdpStream();
        Side l = open(udp, "listen", receiver(1472), Sides.listening());
        Side sender = open(udp, "connect", stream(1472, 30 * SECOND, 10_000_000L), Sides.to(l));
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        CompletableFuture<Outcome> so = CompletableFuture.supplyAsync(sender::run);
        Thread.sleep(400);
        sender.cancel();
        l.cancel();
        assertEquals("cancelled", so.get(5, TimeUnit.SECONDS).error());
        assertEquals(ErrorKind.CANCELLED, so.get().kind());
        assertTrue(longOf(so.get(), "messages_sent") > 0);
        assertEquals("cancelled", lo.get(5, TimeUnit.SECONDS).error());
        assertEquals(ErrorKind.CANCELLED, lo.get().kind());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 22})
    void smallDatagramsReconcileAndStraysFromAnotherSocketAreNotCounted(int size) throws Exception {
        UdpStream udp = new UdpStream();
        Side l = open(udp, "listen", stream(size, SECOND, 0), Sides.listening());
        int port = l.endpoint().port();
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        Side sender = open(udp, "connect", stream(size, SECOND, size * 8L * 20_000), Sides.to(l));
        try (DatagramSocket stray = new DatagramSocket()) {
            for (int i = 0; i < 3; i++) { // before the hello: seen and dropped by the receiver
                stray.send(new DatagramPacket(new byte[size], size, InetAddress.getLoopbackAddress(), port));
            }
            CompletableFuture<Outcome> so = CompletableFuture.supplyAsync(sender::run);
            Thread.sleep(300);
            for (int i = 0; i < 500 && !so.isDone(); i++) { // after the hello: dropped by the kernel of the connected receiver
                stray.send(new DatagramPacket(new byte[size], size, InetAddress.getLoopbackAddress(), port));
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
            assertTrue(longOf(o, "strays_dropped") >= 3, Sides.metrics(o).toString());
            for (String absent : List.of("messages_out_of_order", "messages_duplicate", "jitter_us")) {
                assertFalse(Sides.metrics(o).containsKey(absent), absent + " cannot be measured without a header: " + Sides.metrics(o));
            }
        }
    }

    @Test
    void smallDatagramsDroppedOnPurposeAreReportedAsLost() throws Exception {
        UdpStream lossy = new UdpStream(i -> i % 10 == 3);
        Outcome[] o = Sides.pair(lossy, receiver(22), stream(22, SECOND / 2, 22 * 8 * 20_000L), new RecordingContext(), new RecordingContext());
        assertNull(o[0].error(), o[0].error());
        long sent = longOf(o[1], "messages_sent");
        long lost = longOf(o[0], "messages_lost");
        long received = longOf(o[0], "messages_received");
        assertTrue(received > 100, received + " received");
        assertTrue(lost >= received / 9 - 1, "every tenth arrival is dropped: " + lost + " lost, " + received + " received");
        assertEquals(sent, received + lost);
    }

    @Test
    void aSmallDatagramSenderWithoutReceiverGivesUpAfterItsHellosAsATimeout() throws Exception {
        int port;
        try (DatagramSocket closed = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            port = closed.getLocalPort();
        }
        Outcome o = open(new UdpStream(), "connect", stream(1, SECOND, 0), new Link(Sides.TOKEN, Sides.LOOPBACK, port)).run();
        assertNotNull(o.error());
        assertTrue(o.error().contains("answered none of " + UdpHeader.HELLO_TRIES + " hellos"), o.error());
        assertEquals(ErrorKind.TIMEOUT, o.kind());
        assertEquals(0L, longOf(o, "messages_sent"), "it gave up after its hellos: the retries are bounded");
    }

    @Test
    void sizeZeroIsRejected() {
        Map<String, Object> zero = SpecCodec.encode(stream(1, SECOND, 0));
        zero.put("size", 0L);
        Exception e = assertThrows(ProtocolException.class, () -> new UdpStream().open("connect", zero, Sides.listening(), new RecordingContext()));
        assertTrue(e.getMessage().contains("size"), e.getMessage());
    }
}
