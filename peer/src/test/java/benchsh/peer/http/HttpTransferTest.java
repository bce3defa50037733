package benchsh.peer.http;

import static benchsh.peer.http.HttpSpecBuilder.http;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.Sides;
import benchsh.peer.workload.Timing;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class HttpTransferTest {
    static Side serve(HttpTransfer.ServeSpec spec) throws IOException {
        return new HttpTransfer().open("listen", spec, Sides.listening(), new RecordingContext());
    }

    static int port(Side server) {
        return server.endpoint().port();
    }

    @Test
    void getsTheWholeFileAndOnlyWithTheToken() throws Exception {
        HttpTransfer http = new HttpTransfer();
        Side server = serve(http().serve(5_000_001L));
        CompletableFuture<Outcome> so = CompletableFuture.supplyAsync(server::run);
        HttpResponse<String> stray = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port(server) + "/wrong")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(404, stray.statusCode());
        Outcome client = http.open("connect", http().fetch(), Sides.to(server), new RecordingContext()).run();
        assertNull(client.error(), client.error());
        assertEquals(5_000_001L, Sides.metrics(client).get("bytes"));
        assertEquals(5_000_001L, Sides.metrics(client).get("content_length_bytes"));
        Outcome s = so.get();
        assertNull(s.error(), s.error());
        assertEquals(5_000_001L, Sides.metrics(s).get("bytes"));
        assertEquals(1L, Sides.metrics(s).get("strays_dropped"));
        assertNotNull(Sides.metrics(client).get("throughput_bps"));
    }

    @Test
    void aTransferLongerThanTheTimeoutIsNotCutWhileBytesMove() throws Exception {
        long bytes = 64L << 20;
        Side server = serve(http().timing(new Timing(1_000_000_000L, 3_000_000_000L)).serve(bytes));
        CompletableFuture<Outcome> so = CompletableFuture.supplyAsync(server::run);
        try (Socket slow = new Socket(Sides.LOOPBACK, port(server))) {
            slow.getOutputStream().write(("GET /" + Sides.TOKEN + " HTTP/1.1\r\nHost: test\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            InputStream in = slow.getInputStream();
            byte[] mib = new byte[1 << 20];
            // 1 MiB per 100 ms: the server writes for at least 5 s (64 MiB less what the socket buffers hold)
            for (long read = 0; read < bytes; read += mib.length) {
                if (in.readNBytes(mib, 0, mib.length) < mib.length) {
                    break;
                }
                Thread.sleep(100);
            }
        }
        Outcome s = so.get();
        assertNull(s.error(), s.error());
        assertEquals(bytes, Sides.metrics(s).get("bytes"));
    }

    @Test
    void moreSlowRequestsThanHandlerThreadsCannotKeepTheRealGetOut() throws Exception {
        HttpTransfer http = new HttpTransfer();
        Side server = serve(http().serve(1_000_000L));
        int port = port(server);
        CompletableFuture<Outcome> so = CompletableFuture.supplyAsync(server::run);
        int slow = HttpTransfer.HANDLERS + 8;
        CountDownLatch cut = new CountDownLatch(8);
        List<Socket> strays = new ArrayList<>();
        try {
            for (int i = 0; i < slow; i++) {
                Socket s = new Socket(Sides.LOOPBACK, port);
                strays.add(s);
                s.getOutputStream().write("GET /".getBytes(StandardCharsets.US_ASCII)); // and never the rest
                Thread t = new Thread(() -> {
                    try {
                        s.getInputStream().read();
                    } catch (IOException e) {
                        // reset: cut as well
                    }
                    cut.countDown();
                }, "slow-stray");
                t.setDaemon(true);
                t.start();
            }
            // the 8 beyond the threads wait for one until the oldest have read for a second and are cut
            assertTrue(cut.await(30, TimeUnit.SECONDS), "strays were cut to make room");
            Outcome c = http.open("connect", http().fetch(), Sides.to(server), new RecordingContext()).run();
            assertNull(c.error(), c.error());
            assertEquals(1_000_000L, Sides.metrics(c).get("bytes"));
            Outcome s = so.get();
            assertNull(s.error(), s.error());
            assertTrue((Long) Sides.metrics(s).get("strays_dropped") >= 8, Sides.metrics(s).toString());
        } finally {
            for (Socket s : strays) {
                s.close();
            }
        }
    }

    @Test
    void aServerWithoutItsGetGivesUpAtTheDeadlineAsATimeout() throws Exception {
        Outcome o = serve(http().timing(new Timing(1_000_000_000L, 300_000_000L)).serve(1000)).run();
        assertEquals(ErrorKind.TIMEOUT, o.kind(), o.error());
        assertTrue(o.error().startsWith("no request with the test token arrived within"), o.error());
    }

    @Test
    void aFetchWithNoServerIsAnIoErrorNamingTheAddress() throws Exception {
        Side gone = serve(http().serve(1000));
        Side client = new HttpTransfer().open("connect", http().fetch(), Sides.to(gone), new RecordingContext());
        gone.cancel();
        assertEquals(ErrorKind.CANCELLED, gone.run().kind());
        Outcome o = client.run();
        assertEquals(ErrorKind.IO, o.kind(), o.error());
        assertTrue(o.error().startsWith("GET from 127.0.0.1:"), o.error());
        assertTrue(!o.error().contains(Sides.TOKEN), "the token stays out of messages: " + o.error());
    }

    @Test
    void cancelStopsAServerMidTransferAndKeepsItsFigures() throws Exception {
        Side server = serve(http().serve(1L << 40));
        CompletableFuture<Outcome> so = CompletableFuture.supplyAsync(server::run);
        Side client = new HttpTransfer().open("connect", http().fetch(), Sides.to(server), new RecordingContext());
        CompletableFuture<Outcome> co = CompletableFuture.supplyAsync(client::run);
        Thread.sleep(500);
        server.cancel();
        Outcome s = so.get(20, TimeUnit.SECONDS);
        assertEquals(ErrorKind.CANCELLED, s.kind(), s.error());
        assertTrue(((Number) Sides.metrics(s).get("bytes_total")).longValue() > 0, Sides.metrics(s).toString());
        Outcome c = co.get(20, TimeUnit.SECONDS);
        assertEquals(ErrorKind.IO, c.kind(), c.error());
    }

    @Test
    void specsBreakingTheRulesAreRefusedNamingTheRule() {
        HttpTransfer http = new HttpTransfer();
        Map<String, Object> both = SpecCodec.encode(http().serve(1000));
        both.put("path", "/dev/shm/f");
        ProtocolException e = assertThrows(ProtocolException.class, () -> http.open("listen", both, Sides.listening(), new RecordingContext()));
        assertTrue(e.getMessage().contains("give one of them"), e.getMessage());
        Map<String, Object> neither = SpecCodec.encode(http().serve(1000));
        neither.put("bytes", 0L);
        assertThrows(ProtocolException.class, () -> http.open("listen", neither, Sides.listening(), new RecordingContext()));
        Map<String, Object> relative = SpecCodec.encode(http().serve(Path.of("/f")));
        relative.put("path", "f");
        e = assertThrows(ProtocolException.class, () -> http.open("listen", relative, Sides.listening(), new RecordingContext()));
        assertTrue(e.getMessage().contains("path must be an absolute path"), e.getMessage());
        Map<String, Object> keepNothing = SpecCodec.encode(http().fetch());
        keepNothing.put("keep", true);
        e = assertThrows(ProtocolException.class, () -> http.open("connect", keepNothing, Sides.listening(), new RecordingContext()));
        assertTrue(e.getMessage().contains("keep needs a sink"), e.getMessage());
    }
}
