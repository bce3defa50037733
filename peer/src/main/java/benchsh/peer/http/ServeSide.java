package benchsh.peer.http;

import benchsh.peer.net.TokenGate;
import benchsh.peer.pipe.PipeSource;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.SideBase;
import benchsh.peer.workload.SideContext;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The serving side of {@link HttpTransfer}: serves the generated data or the file once, to the first GET
 * of the token's path, then ends. That GET must arrive within the timeout (else TIMEOUT); the transfer then
 * takes as long as it takes while bytes move (the meter stops a stall). A file is served at the size it
 * had when the side opened; one that shrinks meanwhile fails the test.
 *
 * <p>Strays: exchanges run on a {@link HandlerPool} of {@link HttpTransfer#HANDLERS} threads whose request
 * heads must be in within {@link TokenGate#TOKEN_TIMEOUT}; when all are taken, the oldest head still being
 * read after a second is cut for a newcomer. So silent, slow or garbage connections cannot keep the real
 * GET from a thread. Requests for another path or method, a second GET of the token's path (404) and cut
 * heads are counted in {@code strays_dropped}.
 */
final class ServeSide extends SideBase {
    private static final Duration EVICTABLE_AFTER = Duration.ofSeconds(1);
    private static final int BACKLOG = 64;

    private final HttpTransfer.ServeSpec spec;
    private final Link link;
    private final PipeSource.FileSource file;
    private final long length;
    private final HttpServer server;
    private final HandlerPool handlers = new HandlerPool("http-server", HttpTransfer.HANDLERS, TokenGate.TOKEN_TIMEOUT, EVICTABLE_AFTER);
    private final AtomicBoolean taken = new AtomicBoolean();
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final CountDownLatch requested = new CountDownLatch(1);
    private final CountDownLatch served = new CountDownLatch(1);
    private final AtomicLong notFound = new AtomicLong();
    private volatile String error;

    /** Binds the server; {@code file} (closed with the side) is served when given, else generated data. */
    ServeSide(HttpTransfer.ServeSpec spec, Link link, PipeSource.FileSource file, SideContext context) throws IOException {
        super(Meter.Unit.BYTES, 1, Duration.ZERO, spec.timing().interval(), spec.timing().timeout(), context);
        this.spec = spec;
        this.link = link;
        this.file = file;
        this.length = file == null ? spec.bytes() : file.size();
        try {
            this.server = HttpServer.create(new InetSocketAddress(link.address(), link.port()), BACKLOG);
        } catch (IOException e) {
            handlers.shutdown();
            throw new IOException("cannot listen on " + link.address() + ":" + link.port() + ": " + message(e), e);
        }
        server.setExecutor(handlers);
        server.createContext("/", this::handle);
        server.start();
        track(this::stop);
        if (file != null) {
            track(file);
        }
    }

    @Override
    public Map<String, Object> endpoint() {
        return Map.of("port", (long) server.getAddress().getPort());
    }

    @Override
    protected void work() throws InterruptedException {
        if (!requested.await(spec.timing().timeoutNanos(), TimeUnit.NANOSECONDS)) {
            fail(ErrorKind.TIMEOUT, "no request with the test token arrived within " + spec.timing().timeout().toSeconds() + " s");
            return;
        }
        served.await(); // bounded by the meter's stall and by cancel, which stop the server
        String e = error;
        if (e != null) {
            fail(ErrorKind.IO, e);
        }
    }

    @Override
    protected Map<String, Object> extraMetrics() {
        return Map.of("strays_dropped", notFound.get() + handlers.cut());
    }

    /** Stops the server and every exchange (idempotent): the side is done, stalled or cancelled. */
    private void stop() {
        if (stopped.compareAndSet(false, true)) {
            requested.countDown();
            served.countDown();
            server.stop(0);
            handlers.shutdown();
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        if (!handlers.handling()) {
            exchange.close(); // cut while it was still sending its head
            return;
        }
        boolean real = exchange.getRequestURI().getPath().equals("/" + link.token()) && exchange.getRequestMethod().equals("GET");
        if (!real || !taken.compareAndSet(false, true)) {
            notFound.incrementAndGet();
            try (exchange) {
                exchange.sendResponseHeaders(404, -1);
            }
            return;
        }
        try (exchange) {
            exchange.getResponseHeaders().set("Content-Type", "application/octet-stream");
            exchange.sendResponseHeaders(200, length == 0 ? -1 : length); // 0 would mean chunked, -1 is no body
            meter.start();
            requested.countDown();
            try (OutputStream out = exchange.getResponseBody()) {
                send(out);
            }
        } catch (IOException e) {
            error = message(e);
        } finally {
            served.countDown();
        }
    }

    /** Writes the body: the file as it is, else one block of random bytes over and over. */
    private void send(OutputStream out) throws IOException {
        byte[] chunk = new byte[HttpTransfer.CHUNK];
        if (file == null) {
            new SplittableRandom(7).nextBytes(chunk);
        }
        ByteBuffer buf = ByteBuffer.wrap(chunk);
        long left = length;
        while (left > 0) {
            int n = (int) Math.min(chunk.length, left);
            if (file != null) {
                buf.clear().limit(n);
                n = file.read(buf);
                if (n < 0) {
                    throw new IOException("http path " + spec.path() + " ended after " + (length - left) + " of " + length
                            + " bytes: it changed while it was served");
                }
            }
            out.write(chunk, 0, n);
            left -= n;
            meter.add(0, n);
        }
    }
}
