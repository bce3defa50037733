package benchsh.peer.rr;

import static benchsh.peer.rr.RrSpecBuilder.rr;
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
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
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
class TcpRrTest {
    static TcpRr.ServerSpec server(int request, int response, Timing timing) {
        return rr().request(request).response(response).timing(timing).tcpServer();
    }

    /** A client asking for {@code timeNanos} after a warm-up of {@code omitNanos}, with the latency histogram. */
    static TcpRr.ClientSpec client(int request, int response, long timeNanos, long omitNanos) {
        return rr().request(request).response(response).time(Duration.ofNanos(timeNanos)).omit(Duration.ofNanos(omitNanos)).histogram().tcpClient();
    }

    /** A client keeping {@code burst + 1} transactions in flight, with the latency histogram. */
    static TcpRr.ClientSpec burstClient(int request, int response, long timeNanos, int burst) {
        return rr().request(request).response(response).time(Duration.ofNanos(timeNanos)).omit(Duration.ofMillis(100)).histogram().burst(burst).tcpClient();
    }

    @ParameterizedTest
    @CsvSource({"1,1", "100,10000"})
    void countsTransactionsAndLatencies(int request, int response) throws Exception {
        Outcome[] o = RrChecks.pair(new TcpRr(), server(request, response, RrChecks.TIMING), client(request, response, 600_000_000L, 100_000_000L));
        RrChecks.everyTransactionCountedAndTimed(o);
        TcpCrrTest.assertPath(o[0].metrics(), "server");
        TcpCrrTest.assertPath(o[1].metrics(), "client");
    }

    /**
     * With a burst every request is still answered once and timed. 1 MiB each way with 5 in flight is more than
     * the socket buffers hold: a client that wrote its requests before reading would deadlock with the server.
     */
    @ParameterizedTest
    @CsvSource({"1,1,1", "64,64,16", "1048576,1048576,4"})
    void aBurstCountsAndTimesEveryTransaction(int request, int response, int burst) throws Exception {
        Outcome[] o = RrChecks.pair(new TcpRr(), server(request, response, RrChecks.TIMING), burstClient(request, response, 600_000_000L, burst));
        RrChecks.everyTransactionCountedAndTimed(o);
        TcpCrrTest.assertPath(o[0].metrics(), "server");
        assertEquals("nio", o[1].metrics().get("client_io"), "a burst runs on NIO");
        assertEquals(TcpRr.BURST_ON_NIO, o[1].metrics().get("client_io_note"));
    }

    /** Strays before the client (a wrong token, one in pieces, one closed early) are dropped and counted one each. */
    @Test
    void strayConnectionsAreDroppedAndCountedOneEach() throws Exception {
        TcpRr rr = new TcpRr();
        Side l = rr.open("listen", server(1, 1, RrChecks.TIMING), Sides.listening(), new RecordingContext());
        int port = Sides.to(l).port();
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        Outcome co = RrChecks.afterThreeStrays(port, () -> rr.open("connect", client(1, 1, 300_000_000L, 0), Sides.to(l), new RecordingContext()).run());
        Outcome so = lo.get(30, TimeUnit.SECONDS);
        RrChecks.everyTransactionCountedAndTimed(new Outcome[] {so, co});
        assertEquals(3L, so.metrics().get("strays_dropped"), so.metrics().toString());
    }

    @Test
    void aBurstKeepsThatManyRequestsOutstandingAndNoMore() throws Exception {
        int burst = 3;
        int size = 8;
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getByName(Sides.LOOPBACK))) {
            Link link = new Link(Sides.TOKEN, Sides.LOOPBACK, server.getLocalPort());
            Side c = new TcpRr().open("connect", burstClient(size, size, 1_000_000_000L, burst), link, new RecordingContext());
            CompletableFuture<Outcome> co = CompletableFuture.supplyAsync(c::run);
            long answered = 0;
            try (Socket s = server.accept()) { // a server that holds its answers until burst + 1 requests are in
                s.setSoTimeout(10_000);
                InputStream in = s.getInputStream();
                OutputStream out = s.getOutputStream();
                assertEquals(HexFormat.of().parseHex(Sides.TOKEN).length, in.readNBytes(16).length);
                assertEquals((burst + 1) * size, in.readNBytes((burst + 1) * size).length, "burst + 1 requests before any answer");
                s.setSoTimeout(300);
                assertThrows(SocketTimeoutException.class, in::read, "no request beyond burst + 1 while none is answered");
                s.setSoTimeout(10_000);
                out.write(new byte[(burst + 1) * size]);
                answered = burst + 1;
                byte[] request = new byte[size];
                while (in.readNBytes(request, 0, size) == size) { // then answer each request until the client ends
                    out.write(new byte[size]);
                    answered++;
                }
            }
            Outcome o = co.get(30, TimeUnit.SECONDS);
            assertNull(o.error(), o.error());
            assertEquals(answered, o.metrics().get("transactions_total"), "every answered transaction counted, no other");
        }
    }

    @Test
    void aBurstOverTheLimitIsRefused() {
        Map<String, Object> big = SpecCodec.encode(burstClient(1, 1, 1_000_000_000L, TcpRr.MAX_BURST));
        big.put("burst", TcpRr.MAX_BURST + 1L);
        ProtocolException e = assertThrows(ProtocolException.class, () -> new TcpRr().open("connect", big, Sides.listening(), new RecordingContext()));
        assertTrue(e.getMessage().contains("burst"), e.getMessage());
    }

    @Test
    void aServerWithoutClientGivesUpAtItsTimeoutAsATimeout() throws Exception {
        Outcome o = new TcpRr().open("listen", server(1, 1, RrChecks.IMPATIENT), Sides.listening(), new RecordingContext()).run();
        assertEquals(ErrorKind.TIMEOUT, o.kind());
        assertTrue(o.error().contains("within"), o.error());
    }

    @Test
    void aClientThatFallsSilentStallsTheServer() throws Exception {
        Side l = new TcpRr().open("listen", server(1, 1, RrChecks.IMPATIENT), Sides.listening(), new RecordingContext());
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        try (Socket s = new Socket(Sides.LOOPBACK, ((Number) l.endpoint().get("port")).intValue())) {
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            out.write(HexFormat.of().parseHex(Sides.TOKEN));
            out.write(7);
            assertEquals(0, in.read(), "the one request is answered");
            Outcome o = lo.get(30, TimeUnit.SECONDS); // then nothing: the server's meter declares the stall
            assertEquals(ErrorKind.STALLED, o.kind(), o.error());
            assertTrue(o.metrics().containsKey("stalled_seconds"), o.metrics().toString());
            assertEquals(1L, o.metrics().get("transactions_total"));
        }
    }

    @Test
    void messagesOverOneMebibyteAreRefused() {
        Map<String, Object> big = SpecCodec.encode(client(1, 1, 1_000_000_000L, 0));
        big.put("request", TcpRr.MAX_MESSAGE + 1);
        ProtocolException e = assertThrows(ProtocolException.class, () -> new TcpRr().open("connect", big, Sides.listening(), new RecordingContext()));
        assertTrue(e.getMessage().contains("request"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"0", "4"})
    void cancelStopsTheClientAndKeepsItsFigures(int burst) throws Exception {
        TcpRr rr = new TcpRr();
        Side l = rr.open("listen", server(1, 1, RrChecks.TIMING), Sides.listening(), new RecordingContext());
        Side c = rr.open("connect", burstClient(1, 1, 30_000_000_000L, burst), Sides.to(l), new RecordingContext());
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        CompletableFuture<Outcome> co = CompletableFuture.supplyAsync(c::run);
        Thread.sleep(500);
        c.cancel();
        Outcome o = co.get(30, TimeUnit.SECONDS);
        assertEquals(ErrorKind.CANCELLED, o.kind());
        assertTrue(((Number) o.metrics().get("transactions_total")).longValue() > 0, o.metrics().toString());
        lo.get(30, TimeUnit.SECONDS); // the server ends when its client's connection goes
    }
}
