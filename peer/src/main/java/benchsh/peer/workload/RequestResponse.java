package benchsh.peer.workload;

import benchsh.peer.net.Endpoints;
import benchsh.peer.net.TokenGate;
import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.ProtocolException;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.LinkedHashMap;
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
 * The listening sides are {@link RrTcpServer} (admission through the token gate) and {@link RrUdpServer}.
 */
public final class RequestResponse extends LegacyWorkload {
    public static final long MAX_TCP_MESSAGE = 1L << 20;
    public static final long MAX_NANOS = Duration.ofHours(24).toNanos();
    static final Duration UDP_RESPONSE_TIMEOUT = Duration.ofMillis(500);
    static final int UDP_REQUEST_HEADER = TokenGate.TOKEN_BYTES + 8;
    static final int UDP_RESPONSE_HEADER = 8;

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
    protected Side open(String role, Fields spec, SideContext context) throws IOException {
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
            return new RrUdpServer(s, channel, context);
        }
        return new RrTcpServer(s, Endpoints.listen(s.address, s.port, 0), context);
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
                    untrackClosed();
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
