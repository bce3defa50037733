package benchsh.peer.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.Fields;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class HttpTransferTest {
    static final String TOKEN = "00112233445566778899aabbccddeeff";

    static final SideContext CTX = new SideContext() {
        @Override
        public void interval(Map<String, Object> sample) {
        }

        @Override
        public Path tempDir() {
            return Path.of(System.getProperty("java.io.tmpdir"));
        }
    };

    static Map<String, Object> spec(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>(Map.of("token", TOKEN, "address", "127.0.0.1"));
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void getsTheWholeFileAndOnlyWithTheToken() throws Exception {
        HttpTransfer http = new HttpTransfer();
        Side server = http.open("listen", spec("bytes", 5_000_001L), null, CTX);
        long port = (Long) server.endpoint().get("port");
        CompletableFuture<Outcome> so = CompletableFuture.supplyAsync(server::run);
        HttpResponse<String> stray = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/wrong")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(404, stray.statusCode());
        Outcome client = http.open("connect", spec("port", port), null, CTX).run();
        assertNull(client.error(), client.error());
        assertEquals(5_000_001L, client.metrics().get("bytes"));
        Outcome s = so.get();
        assertNull(s.error(), s.error());
        assertEquals(5_000_001L, s.metrics().get("bytes"));
        assertNotNull(client.metrics().get("throughput_bps"));
    }

    @Test
    void aTransferLongerThanTheTimeoutIsNotCutWhileBytesMove() throws Exception {
        long bytes = 64L << 20;
        Side server = new HttpTransfer().open("listen", spec("bytes", bytes, "timeout_ns", 3_000_000_000L), null, CTX);
        long port = (Long) server.endpoint().get("port");
        CompletableFuture<Outcome> so = CompletableFuture.supplyAsync(server::run);
        try (Socket slow = new Socket("127.0.0.1", (int) port)) {
            slow.getOutputStream().write(("GET /" + TOKEN + " HTTP/1.1\r\nHost: test\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
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
        assertEquals(bytes, s.metrics().get("bytes"));
    }

    @Test
    void moreSlowRequestsThanHandlerThreadsCannotKeepTheRealGetOut() throws Exception {
        HttpTransfer http = new HttpTransfer();
        Side server = http.open("listen", spec("bytes", 1_000_000L), null, CTX);
        int port = ((Long) server.endpoint().get("port")).intValue();
        CompletableFuture<Outcome> so = CompletableFuture.supplyAsync(server::run);
        int slow = HttpTransfer.HANDLERS + 8;
        CountDownLatch cut = new CountDownLatch(8);
        List<Socket> strays = new ArrayList<>();
        try {
            for (int i = 0; i < slow; i++) {
                Socket s = new Socket("127.0.0.1", port);
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
            Outcome c = http.open("connect", spec("port", (long) port), null, CTX).run();
            assertNull(c.error(), c.error());
            assertEquals(1_000_000L, c.metrics().get("bytes"));
            Outcome s = so.get();
            assertNull(s.error(), s.error());
            assertTrue((Long) s.metrics().get("strays_dropped") >= 8, s.metrics().toString());
        } finally {
            for (Socket s : strays) {
                s.close();
            }
        }
    }
}
