package benchsh.peer.workload;

import benchsh.peer.net.Endpoints;
import benchsh.peer.net.TokenGate;
import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.ProtocolException;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Request/response (netperf TCP_RR, UDP_RR, TCP_CRR): the connecting side (client) sends a request of
 * {@code request} bytes and waits for a response of {@code response} bytes, one transaction at a time,
 * for {@code time}; the listening side answers. The client times every transaction into a
 * {@link LatencyHistogram} (after the warm-up {@code omit}) and counts transactions in a {@link Meter}.
 *
 * <ul>
 *   <li>{@code tcp}: one connection (token first), TCP_NODELAY, until the client closes it.</li>
 *   <li>{@code tcp} with {@code connect}: a new connection per transaction carrying the token, an
 *       opcode byte (0 transaction, 1 end) and the request; the server answers and closes first,
 *       so TIME_WAIT stays on the server.</li>
 *   <li>{@code udp}: requests carry token and sequence number (so they are at least 24 bytes),
 *       responses the sequence number (at least 8 bytes). A request whose response is not back
 *       within {@link #UDP_RESPONSE_TIMEOUT} is sent again ({@code udp_retransmits}); its latency
 *       includes the wait. The client ends with a few end requests (sequence -1).</li>
 * </ul>
 */
public final class RequestResponse implements Workload {
    public static final long MAX_TCP_MESSAGE = 1L << 20;
    public static final long MAX_NANOS = Duration.ofHours(24).toNanos();
    static final Duration UDP_RESPONSE_TIMEOUT = Duration.ofMillis(500);
    private static final int UDP_REQUEST_HEADER = TokenGate.TOKEN_BYTES + 8;
    private static final int UDP_RESPONSE_HEADER = 8;
    private static final int POLL_MS = 100;

    @Override
    public String name() {
        return "rr";
    }

    /** The typed spec of one side. */
    record Spec(String role, String proto, boolean perConnection, int request, int response, long timeNanos, long omitNanos,
                long intervalNanos, long timeoutNanos, boolean histogram, String token, String address, int port) {

        static Spec parse(String role, Fields f) throws ProtocolException {
            if (!role.equals("listen") && !role.equals("connect")) {
                throw new ProtocolException("rr has no role '" + role + "' (listen answers, connect asks)");
            }
            String proto = f.string("proto", "tcp");
            if (!proto.equals("tcp") && !proto.equals("udp")) {
                throw new ProtocolException("rr proto must be tcp or udp, not '" + proto + "'");
            }
            long max = proto.equals("udp") ? UdpStream.MAX_SIZE : MAX_TCP_MESSAGE;
            Spec s = new Spec(role, proto,
                    f.bool("connect", false),
                    (int) f.integer("request", 1, max, 1),
                    (int) f.integer("response", 1, max, 1),
                    f.integer("time_ns", 1, MAX_NANOS, 10_000_000_000L),
                    f.integer("omit_ns", 0, MAX_NANOS, 0),
                    f.integer("interval_ns", 10_000_000L, MAX_NANOS, 1_000_000_000L),
                    f.integer("timeout_ns", 100_000_000L, MAX_NANOS, 10_000_000_000L),
                    f.bool("histogram", false),
                    f.string("token"),
                    f.string("address"),
                    (int) f.integer("port", 0, 65535, 0));
            f.end();
            if (s.perConnection && proto.equals("udp")) {
                throw new ProtocolException("rr connect (TCP_CRR) needs proto tcp");
            }
            try {
                TokenGate.decode(s.token);
            } catch (IllegalArgumentException e) {
                throw new ProtocolException("rr token: " + e.getMessage());
            }
            return s;
        }

        boolean udp() {
            return proto.equals("udp");
        }
    }

    @Override
    public Side open(String role, Fields spec, SideContext context) throws IOException {
        Spec s = Spec.parse(role, spec);
        if (s.role.equals("connect")) {
            return new Client(s, context);
        }
        if (s.udp()) {
            DatagramChannel channel = DatagramChannel.open();
            try {
                channel.bind(new InetSocketAddress(s.address, s.port));
            } catch (IOException e) {
                channel.close();
                throw new IOException("cannot listen on udp " + s.address + ":" + s.port + ": " + e.getMessage(), e);
            }
            return new UdpServer(s, channel, context);
        }
        return new TcpServer(s, Endpoints.listen(s.address, s.port, 0), context);
    }

    /** What client and server sides share: the meter, cancellation, and the sockets to close. */
    private abstract static class RrSide implements Side {
        final Spec spec;
        final Meter meter;
        final List<Closeable> open = new ArrayList<>();
        volatile boolean cancelled;

        RrSide(Spec spec, SideContext context, boolean ownIdleCheck) {
            this.spec = spec;
            this.meter = new Meter(Meter.Unit.TRANSACTIONS, 1, Duration.ofNanos(spec.omitNanos), Duration.ofNanos(spec.intervalNanos),
                    Duration.ofNanos(ownIdleCheck ? MAX_NANOS : spec.timeoutNanos), context, this::closeAll);
        }

        synchronized <T extends Closeable> T track(T c) {
            open.add(c);
            if (cancelled) {
                closeAll();
            }
            return c;
        }

        synchronized void closeAll() {
            for (Closeable c : open) {
                try {
                    c.close();
                } catch (IOException ignored) {
                    // best effort
                }
            }
            open.clear();
        }

        @Override
        public void cancel() {
            cancelled = true;
            closeAll();
        }

        String describe(Exception e) {
            if (cancelled) {
                return "cancelled";
            }
            if (meter.stallError() != null) {
                return meter.stallError();
            }
            return e.getMessage() == null ? e.toString() : e.getMessage();
        }

        Outcome finish(String error, Map<String, Object> extra) {
            closeAll();
            return meter.finish(cancelled ? "cancelled" : error, extra);
        }
    }

    private static final class Client extends RrSide {
        private final byte[] token;

        Client(Spec spec, SideContext context) {
            super(spec, context, false);
            this.token = TokenGate.decode(spec.token);
        }

        @Override
        public Map<String, Object> endpoint() {
            return Map.of();
        }

        @Override
        public Outcome run() {
            LatencyHistogram latency = new LatencyHistogram();
            long[] retransmits = new long[1];
            String error = null;
            try {
                Transaction t = spec.udp() ? udp(retransmits) : spec.perConnection ? perConnection() : tcp();
                meter.start();
                long begin = System.nanoTime();
                long measureFrom = begin + spec.omitNanos;
                long deadline = measureFrom + spec.timeNanos;
                long now = begin;
                while (!cancelled && now < deadline) {
                    boolean answered = t.run();
                    long end = System.nanoTime();
                    if (answered) {
                        meter.add(0, 1);
                        if (now >= measureFrom) {
                            latency.record(end - now);
                        }
                    }
                    now = end;
                }
                t.end();
            } catch (IOException | RuntimeException e) {
                error = describe(e);
            }
            Map<String, Object> extra = new LinkedHashMap<>();
            extra.put("latency_count", latency.count());
            extra.put("latency_min_us", latency.min() / 1e3);
            extra.put("latency_mean_us", latency.mean() / 1e3);
            extra.put("latency_p50_us", latency.percentile(50) / 1e3);
            extra.put("latency_p90_us", latency.percentile(90) / 1e3);
            extra.put("latency_p99_us", latency.percentile(99) / 1e3);
            extra.put("latency_p99_9_us", latency.percentile(99.9) / 1e3);
            extra.put("latency_max_us", latency.max() / 1e3);
            if (spec.udp()) {
                extra.put("udp_retransmits", retransmits[0]);
            }
            if (spec.histogram) {
                extra.put("latency_buckets_ns", latency.buckets());
            }
            return finish(error, extra);
        }

        /** One transaction; false if it went unanswered (UDP loss). */
        interface Transaction {
            boolean run() throws IOException;

            default void end() throws IOException {
            }
        }

        private Transaction tcp() throws IOException {
            SocketChannel ch = track(Endpoints.connect(spec.address, spec.port, Duration.ofNanos(spec.timeoutNanos), token, 0, 0, true));
            ByteBuffer request = ByteBuffer.allocateDirect(spec.request);
            ByteBuffer response = ByteBuffer.allocateDirect(spec.response);
            return new Transaction() {
                @Override
                public boolean run() throws IOException {
                    request.clear();
                    writeFully(ch, request);
                    response.clear();
                    readFully(ch, response);
                    return true;
                }

                @Override
                public void end() throws IOException {
                    ch.shutdownOutput();
                }
            };
        }

        private Transaction perConnection() {
            ByteBuffer request = ByteBuffer.allocateDirect(TokenGate.TOKEN_BYTES + 1 + spec.request);
            request.put(token).put((byte) 0);
            ByteBuffer response = ByteBuffer.allocateDirect(spec.response);
            Duration timeout = Duration.ofNanos(spec.timeoutNanos);
            return new Transaction() {
                @Override
                public boolean run() throws IOException {
                    try (SocketChannel ch = track(open(timeout))) {
                        request.clear();
                        writeFully(ch, request);
                        response.clear();
                        readFully(ch, response);
                        response.clear();
                        ch.read(response); // the server closes first: wait for its FIN
                    }
                    untrack();
                    return true;
                }

                @Override
                public void end() throws IOException {
                    try (SocketChannel ch = open(timeout)) {
                        ByteBuffer endRequest = ByteBuffer.allocate(TokenGate.TOKEN_BYTES + 1);
                        endRequest.put(token).put((byte) 1).flip();
                        writeFully(ch, endRequest);
                    }
                }
            };
        }

        private SocketChannel open(Duration timeout) throws IOException {
            SocketChannel ch = SocketChannel.open();
            try {
                ch.setOption(java.net.StandardSocketOptions.TCP_NODELAY, true);
                ch.socket().connect(new InetSocketAddress(spec.address, spec.port), (int) timeout.toMillis());
                return ch;
            } catch (IOException e) {
                ch.close();
                throw new IOException("cannot connect to " + spec.address + ":" + spec.port + ": " + e.getMessage(), e);
            }
        }

        private synchronized void untrack() {
            open.removeIf(c -> !((SocketChannel) c).isOpen());
        }

        /**
         * Blocking UDP round trips on a connected channel (one syscall each way, like sockperf). A
         * watchdog re-sends a request whose response is overdue by {@link #UDP_RESPONSE_TIMEOUT}, so a
         * lost datagram costs a retransmission, not the test; late duplicates are skipped by sequence.
         */
        private Transaction udp(long[] retransmits) throws IOException {
            DatagramChannel ch = track(DatagramChannel.open());
            ch.connect(new InetSocketAddress(spec.address, spec.port));
            ByteBuffer out = ByteBuffer.allocateDirect(Math.max(spec.request, UDP_REQUEST_HEADER));
            out.put(token);
            ByteBuffer in = ByteBuffer.allocateDirect(Math.max(spec.response, UDP_RESPONSE_HEADER) + 1);
            java.util.concurrent.atomic.AtomicLong inFlightSince = new java.util.concurrent.atomic.AtomicLong();
            Thread watchdog = new Thread(() -> {
                while (ch.isOpen()) {
                    java.util.concurrent.locks.LockSupport.parkNanos(UDP_RESPONSE_TIMEOUT.toNanos() / 10);
                    long since = inFlightSince.get();
                    if (since != 0 && System.nanoTime() - since > UDP_RESPONSE_TIMEOUT.toNanos()
                            && inFlightSince.compareAndSet(since, System.nanoTime())) {
                        try {
                            ch.write(out.duplicate().clear());
                            retransmits[0]++;
                        } catch (IOException e) {
                            return; // closed: the side is ending
                        }
                    }
                }
            }, "rr-udp-retransmit");
            watchdog.setDaemon(true);
            watchdog.start();
            long[] seq = new long[1];
            return new Transaction() {
                @Override
                public boolean run() throws IOException {
                    long s = seq[0]++;
                    out.putLong(TokenGate.TOKEN_BYTES, s);
                    out.clear();
                    ch.write(out);
                    inFlightSince.set(System.nanoTime());
                    try {
                        while (true) {
                            in.clear();
                            ch.read(in);
                            if (in.position() >= UDP_RESPONSE_HEADER && in.getLong(0) == s) {
                                return true;
                            }
                        }
                    } finally {
                        inFlightSince.set(0);
                    }
                }

                @Override
                public void end() {
                    out.putLong(TokenGate.TOKEN_BYTES, -1L);
                    for (int i = 0; i < 3; i++) {
                        try {
                            ch.write(out.clear());
                        } catch (IOException e) {
                            return; // the server got an earlier one and closed its port
                        }
                    }
                }
            };
        }
    }

    private static final class TcpServer extends RrSide {
        /** Connections a TCP_CRR server serves at once; more are dropped as strays. */
        private static final int CRR_WORKERS = 8;
        private final ServerSocketChannel server;
        private final java.util.concurrent.atomic.AtomicLong strays = new java.util.concurrent.atomic.AtomicLong();
        /** TCP_CRR connections accepted and not yet served or dropped. */
        private final java.util.Set<Socket> pending = java.util.concurrent.ConcurrentHashMap.newKeySet();

        TcpServer(Spec spec, ServerSocketChannel server, SideContext context) {
            super(spec, context, false);
            this.server = track(server);
        }

        @Override
        public Map<String, Object> endpoint() {
            return Map.of("port", (long) server.socket().getLocalPort());
        }

        @Override
        public Outcome run() {
            String error = null;
            try {
                if (spec.perConnection) {
                    servePerConnection();
                } else {
                    serveOne();
                }
            } catch (IOException | RuntimeException e) {
                error = describe(e);
            }
            return finish(error, Map.of("strays_dropped", strays.get()));
        }

        private void serveOne() throws IOException {
            TokenGate gate = new TokenGate(spec.token);
            SocketChannel ch;
            try {
                ch = track(gate.admit(server, 1, Duration.ofNanos(spec.timeoutNanos), () -> cancelled).get(0));
            } finally {
                strays.set(gate.strays());
                server.close();
            }
            ch.setOption(java.net.StandardSocketOptions.TCP_NODELAY, true);
            ByteBuffer request = ByteBuffer.allocateDirect(spec.request);
            ByteBuffer response = ByteBuffer.allocateDirect(spec.response);
            meter.start();
            while (!cancelled) {
                request.clear();
                if (!readFullyOrEof(ch, request)) {
                    return;
                }
                response.clear();
                writeFully(ch, response);
                meter.add(0, 1);
            }
        }

        /**
         * TCP_CRR: one connection per transaction. Each accepted connection is served on a small pool,
         * so a stray that connects and stays silent holds one worker until its token deadline while the
         * accept loop goes on serving the client. Connections still waiting for their token when the
         * test ends are closed and counted as strays.
         */
        private void servePerConnection() throws IOException {
            byte[] token = TokenGate.decode(spec.token);
            server.socket().setSoTimeout(POLL_MS);
            long idleSince = System.nanoTime();
            java.util.concurrent.atomic.AtomicReference<IOException> failure = new java.util.concurrent.atomic.AtomicReference<>();
            java.util.concurrent.atomic.AtomicBoolean ended = new java.util.concurrent.atomic.AtomicBoolean();
            java.util.concurrent.Semaphore slots = new java.util.concurrent.Semaphore(CRR_WORKERS);
            java.util.concurrent.ExecutorService workers = java.util.concurrent.Executors.newFixedThreadPool(CRR_WORKERS, r -> {
                Thread t = new Thread(r, "rr-crr");
                t.setDaemon(true);
                return t;
            });
            try {
                while (!cancelled && !ended.get() && failure.get() == null) {
                    Socket s;
                    try {
                        s = server.socket().accept();
                    } catch (SocketTimeoutException e) {
                        if (!meter.started() && System.nanoTime() - idleSince > spec.timeoutNanos) {
                            throw new IOException("no connection with the test token within " + Duration.ofNanos(spec.timeoutNanos).toSeconds()
                                    + " s" + (strays.get() > 0 ? " (" + strays.get() + " strays dropped)" : ""));
                        }
                        continue;
                    }
                    pending.add(s);
                    if (!slots.tryAcquire()) {
                        drop(s);
                        continue;
                    }
                    workers.execute(() -> {
                        try {
                            if (serveTransaction(s, token)) {
                                ended.set(true);
                            }
                        } catch (IOException e) {
                            failure.compareAndSet(null, e);
                        } finally {
                            pending.remove(s);
                            slots.release();
                        }
                    });
                }
                if (failure.get() != null) {
                    throw failure.get();
                }
            } finally {
                pending.forEach(this::drop);
                workers.shutdownNow();
            }
        }

        /** Closes a connection that never made a transaction and counts it as a stray, once. */
        private void drop(Socket s) {
            if (pending.remove(s)) {
                strays.incrementAndGet();
            }
            try {
                s.close();
            } catch (IOException e) {
                // already gone
            }
        }

        /** Serves one connection's transaction; true when it was the client's end marker. */
        private boolean serveTransaction(Socket socket, byte[] token) throws IOException {
            byte[] head = new byte[TokenGate.TOKEN_BYTES + 1];
            try (Socket s = socket) {
                s.setTcpNoDelay(true);
                s.setSoTimeout((int) TokenGate.TOKEN_TIMEOUT.toMillis());
                var in = s.getInputStream();
                if (in.readNBytes(head, 0, head.length) < head.length
                        || !java.security.MessageDigest.isEqual(Arrays.copyOf(head, TokenGate.TOKEN_BYTES), token)) {
                    drop(s);
                    return false;
                }
                if (head[TokenGate.TOKEN_BYTES] == 1) {
                    return true;
                }
                byte[] request = new byte[spec.request];
                if (in.readNBytes(request, 0, request.length) < request.length) {
                    throw new EOFException("a client closed its connection in the middle of a request");
                }
                synchronized (meter) {
                    if (!meter.started()) {
                        meter.start();
                    }
                }
                s.getOutputStream().write(new byte[spec.response]);
                meter.add(0, 1);
                return false;
            } catch (SocketTimeoutException e) {
                drop(socket);
                return false;
            }
        }
    }

    /**
     * Answers UDP requests on a blocking channel. A watchdog ends the side cleanly when the client's
     * end requests were all lost (idle for {@link UdpStream#LINGER} past the test time), or with an
     * error when no request came for the timeout.
     */
    private static final class UdpServer extends RrSide {
        private final DatagramChannel channel;
        private volatile long lastRequest = System.nanoTime();
        private volatile long first;
        private volatile boolean lingered;
        private volatile String idleError;

        UdpServer(Spec spec, DatagramChannel channel, SideContext context) {
            super(spec, context, true);
            this.channel = track(channel);
        }

        @Override
        public Map<String, Object> endpoint() {
            try {
                return Map.of("port", (long) ((InetSocketAddress) channel.getLocalAddress()).getPort());
            } catch (IOException e) {
                return Map.of();
            }
        }

        private void watch() {
            while (channel.isOpen()) {
                java.util.concurrent.locks.LockSupport.parkNanos(POLL_MS * 1_000_000L);
                long now = System.nanoTime();
                long idle = now - lastRequest;
                if (first != 0 && now - first > spec.omitNanos + spec.timeNanos && idle > UdpStream.LINGER.toNanos()) {
                    lingered = true;
                    closeAll();
                } else if (idle > spec.timeoutNanos) {
                    idleError = (first != 0 ? "no request for " : "no request with the test token within ") + Duration.ofNanos(idle).toSeconds() + " s";
                    closeAll();
                }
            }
        }

        @Override
        public Outcome run() {
            String error = null;
            long strays = 0;
            Thread watchdog = new Thread(this::watch, "rr-udp-idle");
            watchdog.setDaemon(true);
            watchdog.start();
            try {
                ByteBuffer token = ByteBuffer.wrap(TokenGate.decode(spec.token));
                long token0 = token.getLong(0);
                long token1 = token.getLong(8);
                ByteBuffer in = ByteBuffer.allocateDirect((int) UdpStream.MAX_SIZE + 1);
                ByteBuffer out = ByteBuffer.allocateDirect(Math.max(spec.response, UDP_RESPONSE_HEADER));
                while (!cancelled) {
                    in.clear();
                    java.net.SocketAddress client = channel.receive(in);
                    if (in.position() < UDP_REQUEST_HEADER || in.getLong(0) != token0 || in.getLong(8) != token1) {
                        strays++;
                        continue;
                    }
                    lastRequest = System.nanoTime();
                    long seq = in.getLong(TokenGate.TOKEN_BYTES);
                    if (seq < 0) {
                        break;
                    }
                    if (first == 0) {
                        meter.start();
                        first = lastRequest;
                    }
                    out.clear();
                    out.putLong(0, seq);
                    channel.send(out, client);
                    meter.add(0, 1);
                }
            } catch (IOException | RuntimeException e) {
                error = lingered ? null : idleError != null ? idleError : describe(e);
            }
            return finish(error, Map.of("strays_dropped", strays));
        }
    }

    static void writeFully(SocketChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }

    static void readFully(SocketChannel ch, ByteBuffer b) throws IOException {
        if (!readFullyOrEof(ch, b)) {
            throw new EOFException("the other side closed the connection");
        }
    }

    /** Fills {@code b}; false on a clean end of stream before the first byte. */
    static boolean readFullyOrEof(SocketChannel ch, ByteBuffer b) throws IOException {
        boolean any = false;
        while (b.hasRemaining()) {
            if (ch.read(b) < 0) {
                if (!any) {
                    return false;
                }
                throw new EOFException("the other side closed the connection in the middle of a message");
            }
            any = true;
        }
        return true;
    }
}
