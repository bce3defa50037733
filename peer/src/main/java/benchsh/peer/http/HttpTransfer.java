package benchsh.peer.http;

import benchsh.peer.net.TokenGate;
import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.LegacyWorkload;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Workload;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * HTTP GET of a generated file from peer to peer, to compare HTTP with raw TCP (as people compare
 * ftp and http against cp). Role "listen" serves {@code bytes} of incompressible data with the JDK's
 * HttpServer at a path made of the test token (any other path gets 404); role "connect" fetches it
 * with the JDK's HttpClient (HTTP/1.1) and counts what arrives. Both sides meter their bytes.
 *
 * <p>Strays: the server runs its exchanges on a {@link HandlerPool} of {@link #HANDLERS} threads whose
 * request heads must be in within {@link TokenGate#TOKEN_TIMEOUT}; when all are taken, the oldest head
 * still being read after a second is cut for a newcomer. So silent, slow or garbage connections cannot
 * keep the real GET from a thread. Requests for another path (404) and cut heads are counted in {@code
 * strays_dropped}.
 */
public final class HttpTransfer extends LegacyWorkload {
    static final long MAX_NANOS = Duration.ofHours(24).toNanos();
    private static final int CHUNK = 128 << 10;
    /** Handler threads of the server: more slow strays than this make the oldest (reading for 1 s or more) cut for newcomers. */
    static final int HANDLERS = 64;
    private static final Duration EVICTABLE_AFTER = Duration.ofSeconds(1);
    private static final int BACKLOG = 64;

    @Override
    public String name() {
        return "http";
    }

    record Spec(String role, long bytes, String token, String address, int port, long intervalNanos, long timeoutNanos) {
        static Spec parse(String role, Fields f) throws ProtocolException {
            if (!role.equals("listen") && !role.equals("connect")) {
                throw new ProtocolException("http has no role '" + role + "' (listen or connect)");
            }
            Spec s = new Spec(role, f.integer("bytes", 0, Long.MAX_VALUE / 2, 0), f.string("token"), f.string("address"),
                    role.equals("connect") ? (int) f.integer("port", 1, 65535) : (int) f.integer("port", 0, 65535, 0),
                    f.integer("interval_ns", 10_000_000L, MAX_NANOS, 1_000_000_000L),
                    f.integer("timeout_ns", 100_000_000L, MAX_NANOS, 10_000_000_000L));
            f.end();
            if (!s.token.matches("[0-9a-f]{32}")) {
                throw new ProtocolException("http token must be 32 hex digits");
            }
            if (role.equals("listen") && s.bytes == 0) {
                throw new ProtocolException("http server needs bytes");
            }
            return s;
        }
    }

    @Override
    protected Side open(String role, Fields spec, SideContext context) throws IOException {
        Spec s = Spec.parse(role, spec);
        return role.equals("listen") ? new Server(s, context) : new Client(s, context);
    }

    private static Meter meter(Spec s, SideContext context, Runnable onStall) {
        return new Meter(1, Duration.ZERO, Duration.ofNanos(s.intervalNanos), Duration.ofNanos(s.timeoutNanos), context, onStall);
    }

    /**
     * Serves the generated file once, then ends. The GET with the token must arrive within the
     * timeout; the transfer then takes as long as it takes while bytes move (the meter stops a stall).
     */
    private static final class Server implements Side {
        private final Spec spec;
        private final HttpServer server;
        private final Meter meter;
        private final CountDownLatch requested = new CountDownLatch(1);
        private final CountDownLatch served = new CountDownLatch(1);
        private final HandlerPool handlers = new HandlerPool("http-server", HANDLERS, TokenGate.TOKEN_TIMEOUT, EVICTABLE_AFTER);
        private final AtomicLong notFound = new AtomicLong();
        private volatile String error;

        Server(Spec spec, SideContext context) throws IOException {
            this.spec = spec;
            this.meter = meter(spec, context, this::stopWaiting);
            try {
                this.server = HttpServer.create(new InetSocketAddress(spec.address, spec.port), BACKLOG);
            } catch (IOException e) {
                handlers.shutdown();
                throw e;
            }
            server.setExecutor(handlers);
            server.createContext("/", this::handle);
            server.start();
        }

        private void handle(HttpExchange exchange) throws IOException {
            if (!handlers.handling()) {
                exchange.close(); // cut while it was still sending its head
                return;
            }
            if (!exchange.getRequestURI().getPath().equals("/" + spec.token) || !exchange.getRequestMethod().equals("GET")) {
                notFound.incrementAndGet();
                try (exchange) {
                    exchange.sendResponseHeaders(404, -1);
                }
                return;
            }
            try (exchange) {
                exchange.getResponseHeaders().set("Content-Type", "application/octet-stream");
                exchange.sendResponseHeaders(200, spec.bytes);
                byte[] block = new byte[CHUNK];
                new SplittableRandom(7).nextBytes(block);
                requested.countDown();
                meter.start();
                try (OutputStream out = exchange.getResponseBody()) {
                    long left = spec.bytes;
                    while (left > 0) {
                        int n = (int) Math.min(block.length, left);
                        out.write(block, 0, n);
                        left -= n;
                        meter.add(0, n);
                    }
                }
            } catch (IOException e) {
                error = e.getMessage() == null ? e.toString() : e.getMessage();
            } finally {
                served.countDown();
            }
        }

        @Override
        public Map<String, Object> endpoint() {
            return Map.of("port", (long) server.getAddress().getPort());
        }

        @Override
        public Outcome run() {
            try {
                if (!requested.await(spec.timeoutNanos, TimeUnit.NANOSECONDS)) {
                    error = "no request with the test token arrived within " + spec.timeoutNanos / 1_000_000_000 + " s";
                } else {
                    served.await(); // bounded by the meter's stall timeout and by cancel
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                error = "interrupted";
            } finally {
                server.stop(0);
                handlers.shutdown();
            }
            Map<String, Object> extra = Map.of("strays_dropped", notFound.get() + handlers.cut());
            String err = meter.stallError() != null ? meter.stallError() : error;
            return meter.started() ? meter.finish(err, extra) : new Outcome(extra, List.of(), err);
        }

        @Override
        public void cancel() {
            if (error == null) {
                error = "cancelled";
            }
            stopWaiting();
        }

        private void stopWaiting() {
            requested.countDown();
            served.countDown();
        }
    }

    /** Fetches the file and counts its bytes. */
    private static final class Client implements Side {
        private final Spec spec;
        private final Meter meter;
        private volatile InputStream body;
        private volatile boolean cancelled;

        Client(Spec spec, SideContext context) {
            this.spec = spec;
            this.meter = meter(spec, context, this::cancel);
        }

        @Override
        public Map<String, Object> endpoint() {
            return Map.of();
        }

        @Override
        public Outcome run() {
            String error = null;
            long expected = -1;
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofNanos(spec.timeoutNanos)).build();
            String host = spec.address.contains(":") ? "[" + spec.address + "]" : spec.address;
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + host + ":" + spec.port + "/" + spec.token))
                    .timeout(Duration.ofNanos(spec.timeoutNanos)).GET().build();
            try {
                meter.start();
                HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
                expected = response.headers().firstValueAsLong("Content-Length").orElse(-1);
                body = response.body();
                if (response.statusCode() != 200) {
                    throw new IOException("the server answered HTTP " + response.statusCode());
                }
                byte[] buf = new byte[CHUNK];
                int n;
                while ((n = body.read(buf)) >= 0) {
                    meter.add(0, n);
                }
                body.close();
                if (expected >= 0 && meter.total() != expected) {
                    error = "received " + meter.total() + " of " + expected + " bytes";
                }
            } catch (IOException e) {
                error = cancelled ? (meter.stallError() != null ? meter.stallError() : "cancelled") : e.getMessage() == null ? e.toString() : e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                error = "interrupted";
            }
            return meter.finish(error, expected >= 0 ? Map.of("content_length_bytes", expected) : Map.of());
        }

        @Override
        public void cancel() {
            cancelled = true;
            InputStream b = body;
            if (b != null) {
                try {
                    b.close();
                } catch (IOException ignored) {
                    // best effort
                }
            }
        }
    }
}
