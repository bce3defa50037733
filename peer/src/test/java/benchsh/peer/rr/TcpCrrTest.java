package benchsh.peer.rr;

import static benchsh.peer.rr.RrSpecBuilder.rr;
import static benchsh.peer.workload.Sides.longOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.Sides;
import benchsh.peer.workload.Timing;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Timeout(60)
class TcpCrrTest {
    static TcpCrr.ServerSpec server(int request, int response, Timing timing) {
        return rr().request(request).response(response).timing(timing).crrServer();
    }

    /** A client asking for {@code timeNanos} after a warm-up of {@code omitNanos}, with the latency histogram. */
    static TcpCrr.ClientSpec client(int request, int response, long timeNanos, long omitNanos) {
        return rr().request(request).response(response).time(Duration.ofNanos(timeNanos)).omit(Duration.ofNanos(omitNanos)).histogram().crrClient();
    }

    @ParameterizedTest
    @CsvSource({"1,1", "64,4096"})
    void countsTransactionsAndLatencies(int request, int response) throws Exception {
        Outcome[] o = RrChecks.pair(new TcpCrr(), server(request, response, RrChecks.TIMING), client(request, response, 600_000_000L, 100_000_000L));
        RrChecks.everyTransactionCountedAndTimed(o);
        assertPath(o[0].metrics(), "server");
        assertPath(o[1].metrics(), "client");
    }

    /**
     * Each side reports the sockets it used: native where the build promises the native paths (the run on Java
     * 22+ sets benchsh.io.expected), nio on Java 17 with a note saying why.
     */
    static void assertPath(Map<String, Object> metrics, String role) {
        String expected = System.getProperty("benchsh.io.expected") != null ? "native" : "nio";
        assertEquals(expected, metrics.get(role + "_io"), metrics.toString());
        assertEquals(expected.equals("nio"), metrics.containsKey(role + "_io_note"), metrics.toString());
        if (Runtime.version().feature() < 22) {
            assertTrue(String.valueOf(metrics.get(role + "_io_note")).contains("needs Java 22 or newer"), metrics.toString());
        }
    }

    @Test
    void strayConnectionsAreDroppedAndCountedOneEach() throws Exception {
        TcpCrr crr = new TcpCrr();
        Side l = crr.open("listen", server(1, 1, RrChecks.TIMING), Sides.listening(), new RecordingContext());
        int port = ((Number) l.endpoint().get("port")).intValue();
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        Outcome co = RrChecks.afterThreeStrays(port, () -> crr.open("connect", client(1, 1, 300_000_000L, 0), Sides.to(l), new RecordingContext()).run());
        assertNull(co.error(), co.error());
        Outcome so = lo.get(30, TimeUnit.SECONDS);
        assertNull(so.error(), so.error());
        assertEquals(3L, longOf(so, "strays_dropped"), so.metrics().toString());
        assertEquals(longOf(co, "transactions_total"), longOf(so, "transactions_total"), "the strays took no transaction");
    }

    @Test
    void silentStraysDoNotStallTheServer() throws Exception {
        TcpCrr crr = new TcpCrr();
        Side l = crr.open("listen", server(1, 1, RrChecks.TIMING), Sides.listening(), new RecordingContext());
        int port = ((Number) l.endpoint().get("port")).intValue();
        CompletableFuture<Outcome> lo = CompletableFuture.supplyAsync(l::run);
        List<Socket> strays = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                strays.add(new Socket(Sides.LOOPBACK, port)); // connect and say nothing
            }
            Outcome co = crr.open("connect", client(1, 1, 1_000_000_000L, 0), Sides.to(l), new RecordingContext()).run();
            assertNull(co.error(), co.error());
            // a stalled server would answer one transaction per token timeout (5 s); the gate keeps answering
            assertTrue(longOf(co, "transactions_total") > 10, co.metrics().toString());
        } finally {
            for (Socket s : strays) {
                s.close();
            }
        }
        Outcome so = lo.get(30, TimeUnit.SECONDS);
        assertNull(so.error(), so.error());
        assertTrue(longOf(so, "strays_dropped") >= 3, so.metrics().toString());
    }

    @Test
    void aServerWithoutClientGivesUpAtItsTimeoutAsATimeout() throws Exception {
        Outcome o = new TcpCrr().open("listen", server(1, 1, RrChecks.IMPATIENT), Sides.listening(), new RecordingContext()).run();
        assertEquals(ErrorKind.TIMEOUT, o.kind());
        assertTrue(o.error().contains("no connection with the test token within"), o.error());
    }

    @Test
    void aClientWithoutServerFailsAsAnIoError() throws Exception {
        Side l = new TcpCrr().open("listen", server(1, 1, RrChecks.TIMING), Sides.listening(), new RecordingContext());
        var to = Sides.to(l);
        l.cancel();
        l.run(); // the port is closed now
        Outcome o = new TcpCrr().open("connect", client(1, 1, 1_000_000_000L, 0), to, new RecordingContext()).run();
        assertEquals(ErrorKind.IO, o.kind(), o.error());
        assertTrue(o.error().contains("cannot connect to 127.0.0.1:" + to.port()), o.error());
    }

    /** A server side running in the background. */
    private record Running(Side side, CompletableFuture<Outcome> outcome) {
        static Running server(TcpCrr.ServerSpec spec) throws Exception {
            Side l = new TcpCrr().open("listen", spec, Sides.listening(), new RecordingContext());
            return new Running(l, CompletableFuture.supplyAsync(l::run));
        }

        Outcome get() throws Exception {
            return outcome.get(30, TimeUnit.SECONDS);
        }
    }

    /** A raw connection to {@code server}'s port that has sent the test token. */
    private static Socket withToken(Side server) throws Exception {
        Socket s = new Socket(Sides.LOOPBACK, Sides.to(server).port());
        s.getOutputStream().write(java.util.HexFormat.of().parseHex(Sides.TOKEN));
        return s;
    }

    @Test
    void theServerWaitsForARequestThatComesInPieces() throws Exception {
        Running l = Running.server(server(3, 2, RrChecks.TIMING));
        try (Socket s = withToken(l.side())) {
            var out = s.getOutputStream();
            for (int b : new int[] {TcpCrr.TRANSACTION, 7, 8, 9}) {
                Thread.sleep(50); // each byte in a segment of its own: the server reads what is there and waits for more
                out.write(b);
                out.flush();
            }
            s.setSoTimeout(10_000);
            assertEquals(2, s.getInputStream().readNBytes(2).length, "the whole response");
            assertEquals(-1, s.getInputStream().read(), "the server closes first");
        }
        try (Socket s = withToken(l.side())) {
            s.getOutputStream().write(TcpCrr.END);
        }
        Outcome so = l.get();
        assertNull(so.error(), so.error());
        assertEquals(1, longOf(so, "transactions_total"));
    }

    @Test
    void aConnectionWithTheTokenButNoWholeRequestTimesOut() throws Exception {
        Running l = Running.server(server(4, 1, RrChecks.IMPATIENT));
        try (Socket s = withToken(l.side())) {
            s.getOutputStream().write(new byte[] {TcpCrr.TRANSACTION, 1});
            Outcome so = l.get();
            assertEquals(ErrorKind.TIMEOUT, so.kind(), so.error());
            assertTrue(so.error().contains("sent no whole request within"), so.error());
        }
    }

    @Test
    void aConnectionThatEndsBeforeItsWholeRequestIsAnIoError() throws Exception {
        Running l = Running.server(server(4, 1, RrChecks.TIMING));
        try (Socket s = withToken(l.side())) {
            s.getOutputStream().write(new byte[] {TcpCrr.TRANSACTION, 1});
        }
        Outcome so = l.get();
        assertEquals(ErrorKind.IO, so.kind(), so.error());
        assertTrue(so.error().contains("ended before its whole request"), so.error());
    }
}
