package benchsh.peer.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.protocol.SpecCodec;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
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
        return new TcpRr.ServerSpec(request, response, 0, timing);
    }

    /** A client asking for {@code timeNanos} after a warm-up of {@code omitNanos}, with the latency histogram. */
    static TcpRr.ClientSpec client(int request, int response, long timeNanos, long omitNanos) {
        return new TcpRr.ClientSpec(request, response, timeNanos, omitNanos, RrChecks.TIMING, true);
    }

    @ParameterizedTest
    @CsvSource({"1,1", "100,10000"})
    void countsTransactionsAndLatencies(int request, int response) throws Exception {
        Outcome[] o = RrChecks.pair(new TcpRr(), server(request, response, RrChecks.TIMING), client(request, response, 600_000_000L, 100_000_000L));
        RrChecks.everyTransactionCountedAndTimed(o);
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

    @Test
    void cancelStopsTheClientAndKeepsItsFigures() throws Exception {
        TcpRr rr = new TcpRr();
        Side l = rr.open("listen", server(1, 1, RrChecks.TIMING), Sides.listening(), new RecordingContext());
        Side c = rr.open("connect", client(1, 1, 30_000_000_000L, 0), Sides.to(l), new RecordingContext());
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
