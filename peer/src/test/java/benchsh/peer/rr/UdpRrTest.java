package benchsh.peer.rr;

import static benchsh.peer.rr.RrSpecBuilder.rr;
import static benchsh.peer.workload.Sides.doubleOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.Sides;
import benchsh.peer.workload.Timing;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Timeout(60)
class UdpRrTest {
    static UdpRr.ServerSpec server(int response, long timeNanos, Timing timing) {
        return rr().response(response).time(Duration.ofNanos(timeNanos)).timing(timing).udpServer();
    }

    /** A client asking for {@code timeNanos} after a warm-up of {@code omitNanos}, with the latency histogram. */
    static UdpRr.ClientSpec client(int request, int response, long timeNanos, long omitNanos) {
        return rr().request(request).response(response).time(Duration.ofNanos(timeNanos)).omit(Duration.ofNanos(omitNanos)).histogram().udpClient();
    }

    @ParameterizedTest
    @CsvSource({"1,1", "2000,30"})
    void countsTransactionsAndLatencies(int request, int response) throws Exception {
        Outcome[] o = RrChecks.pair(new UdpRr(), server(response, 600_000_000L, RrChecks.TIMING), client(request, response, 600_000_000L, 100_000_000L));
        RrChecks.everyTransactionCountedAndTimed(o);
    }

    @Test
    void aLostResponseIsRetransmittedNotFatal() throws Exception {
        try (DatagramChannel server = DatagramChannel.open()) {
            server.bind(new InetSocketAddress(Sides.LOOPBACK, 0));
            Link link = new Link(Sides.TOKEN, Sides.LOOPBACK, ((InetSocketAddress) server.getLocalAddress()).getPort());
            Side c = new UdpRr().open("connect", client(1, 1, 1_000_000_000L, 0), link, new RecordingContext());
            CompletableFuture<Outcome> co = CompletableFuture.supplyAsync(c::run);
            ByteBuffer b = ByteBuffer.allocate(2048);
            boolean droppedOne = false;
            while (true) { // a server that loses the first request
                b.clear();
                SocketAddress from = server.receive(b);
                long seq = b.getLong(16);
                if (seq < 0) {
                    break;
                }
                if (!droppedOne) {
                    droppedOne = true;
                    continue;
                }
                server.send(ByteBuffer.allocate(8).putLong(0, seq), from);
            }
            Outcome o = co.get(30, TimeUnit.SECONDS);
            assertNull(o.error(), o.error());
            assertEquals(1L, o.metrics().get("udp_retransmits"));
            assertTrue(doubleOf(o, "latency_max_us") >= 500_000, "the lost one waited for its retransmission");
        }
    }

    @Test
    void aServerWithoutClientGivesUpAtItsTimeoutAsATimeout() throws Exception {
        Outcome o = new UdpRr().open("listen", server(1, 1_000_000_000L, RrChecks.IMPATIENT), Sides.listening(), new RecordingContext()).run();
        assertEquals(ErrorKind.TIMEOUT, o.kind());
        assertTrue(o.error().contains("no request with the test token within"), o.error());
    }

    @Test
    void aClientThatFallsSilentStallsTheServer() throws Exception {
        Side l = new UdpRr().open("listen", server(8, 30_000_000_000L, RrChecks.IMPATIENT), Sides.listening(), new RecordingContext());
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        try (DatagramChannel ch = DatagramChannel.open()) {
            ch.connect(new InetSocketAddress(Sides.LOOPBACK, ((Number) l.endpoint().get("port")).intValue()));
            ch.write(ByteBuffer.allocate(UdpRr.REQUEST_HEADER).put(HexFormat.of().parseHex(Sides.TOKEN)).putLong(0L).flip());
            ch.read(ByteBuffer.allocate(64)); // its answer; then nothing, long before the test's time is up
            Outcome o = lo.get(30, TimeUnit.SECONDS);
            assertEquals(ErrorKind.STALLED, o.kind(), o.error());
            assertTrue(o.error().startsWith("no request for "), o.error());
            assertTrue(o.metrics().containsKey("stalled_seconds"), o.metrics().toString());
            assertEquals(1L, o.metrics().get("transactions_total"));
        }
    }

    @Test
    void messagesOverTheUdpPayloadAreRefused() {
        Map<String, Object> big = SpecCodec.encode(client(1, 1, 1_000_000_000L, 0));
        big.put("request", 65_508L);
        ProtocolException e = assertThrows(ProtocolException.class, () -> new UdpRr().open("connect", big, Sides.listening(), new RecordingContext()));
        assertTrue(e.getMessage().contains("request"), e.getMessage());
    }
}
