package benchsh.peer.workload;

import benchsh.peer.net.Endpoints;
import benchsh.peer.net.TokenGate;
import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.ProtocolException;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
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
 *       responses the sequence number (at least 8 bytes). A response not back within
 *       {@link #UDP_RESPONSE_TIMEOUT} counts as a lost transaction; the client then sends the next
 *       request. The client ends with a few end requests (sequence -1).</li>
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
            DatagramSocket socket = new DatagramSocket(null);
            try {
                socket.bind(new InetSocketAddress(s.address, s.port));
            } catch (IOException e) {
                socket.close();
                throw new IOException("cannot listen on udp " + s.address + ":" + s.port + ": " + e.getMessage(), e);
            }
            return new UdpServer(s, socket, context);
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
            long[] lost = new long[1];
            String error = null;
            try {
                Transaction t = spec.udp() ? udp(lost) : spec.perConnection ? perConnection() : tcp();
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
                extra.put("transactions_lost", lost[0]);
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

        private Transaction udp(long[] lost) throws IOException {
            DatagramSocket socket = track(new DatagramSocket());
            socket.connect(new InetSocketAddress(spec.address, spec.port));
            socket.setSoTimeout((int) UDP_RESPONSE_TIMEOUT.toMillis());
            byte[] out = new byte[Math.max(spec.request, UDP_REQUEST_HEADER)];
            ByteBuffer outView = ByteBuffer.wrap(out);
            outView.put(token);
            byte[] in = new byte[Math.max(spec.response, UDP_RESPONSE_HEADER) + 1];
            ByteBuffer inView = ByteBuffer.wrap(in);
            DatagramPacket request = new DatagramPacket(out, out.length);
            DatagramPacket response = new DatagramPacket(in, in.length);
            long[] seq = new long[1];
            return new Transaction() {
                @Override
                public boolean run() throws IOException {
                    long s = seq[0]++;
                    outView.putLong(TokenGate.TOKEN_BYTES, s);
                    socket.send(request);
                    long giveUp = System.nanoTime() + UDP_RESPONSE_TIMEOUT.toNanos();
                    while (true) {
                        try {
                            response.setLength(in.length);
                            socket.receive(response);
                        } catch (SocketTimeoutException e) {
                            lost[0]++;
                            return false;
                        }
                        if (response.getLength() >= UDP_RESPONSE_HEADER && inView.getLong(0) == s) {
                            return true;
                        }
                        if (System.nanoTime() > giveUp) { // only late answers to earlier requests keep coming
                            lost[0]++;
                            return false;
                        }
                    }
                }

                @Override
                public void end() throws IOException {
                    outView.putLong(TokenGate.TOKEN_BYTES, -1L);
                    for (int i = 0; i < 3; i++) {
                        try {
                            socket.send(request);
                        } catch (IOException e) {
                            return; // the server got an earlier one and closed its port
                        }
                    }
                }
            };
        }
    }

    private static final class TcpServer extends RrSide {
        private final ServerSocketChannel server;
        private long strays;

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
            return finish(error, Map.of("strays_dropped", strays));
        }

        private void serveOne() throws IOException {
            TokenGate gate = new TokenGate(spec.token);
            SocketChannel ch;
            try {
                ch = track(gate.admit(server, 1, Duration.ofNanos(spec.timeoutNanos), () -> cancelled).get(0));
            } finally {
                strays = gate.strays();
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

        private void servePerConnection() throws IOException {
            byte[] token = TokenGate.decode(spec.token);
            byte[] head = new byte[TokenGate.TOKEN_BYTES + 1];
            byte[] request = new byte[spec.request];
            byte[] response = new byte[spec.response];
            server.socket().setSoTimeout(POLL_MS);
            long idleSince = System.nanoTime();
            while (!cancelled) {
                Socket s;
                try {
                    s = server.socket().accept();
                } catch (SocketTimeoutException e) {
                    if (!meter.started() && System.nanoTime() - idleSince > spec.timeoutNanos) {
                        throw new IOException("no connection with the test token within " + Duration.ofNanos(spec.timeoutNanos).toSeconds()
                                + " s" + (strays > 0 ? " (" + strays + " strays dropped)" : ""));
                    }
                    continue;
                }
                try (s) {
                    s.setTcpNoDelay(true);
                    s.setSoTimeout((int) TokenGate.TOKEN_TIMEOUT.toMillis());
                    var in = s.getInputStream();
                    if (in.readNBytes(head, 0, head.length) < head.length
                            || !java.security.MessageDigest.isEqual(Arrays.copyOf(head, TokenGate.TOKEN_BYTES), token)) {
                        strays++;
                        continue;
                    }
                    if (head[TokenGate.TOKEN_BYTES] == 1) {
                        return;
                    }
                    if (in.readNBytes(request, 0, request.length) < request.length) {
                        throw new EOFException("a client closed its connection in the middle of a request");
                    }
                    if (!meter.started()) {
                        meter.start();
                    }
                    s.getOutputStream().write(response);
                    meter.add(0, 1);
                } catch (SocketTimeoutException e) {
                    strays++;
                }
            }
        }
    }

    private static final class UdpServer extends RrSide {
        private final DatagramSocket socket;

        UdpServer(Spec spec, DatagramSocket socket, SideContext context) {
            super(spec, context, true);
            this.socket = track(socket);
        }

        @Override
        public Map<String, Object> endpoint() {
            return Map.of("port", (long) socket.getLocalPort());
        }

        @Override
        public Outcome run() {
            String error = null;
            long strays = 0;
            try {
                ByteBuffer token = ByteBuffer.wrap(TokenGate.decode(spec.token));
                byte[] in = new byte[(int) UdpStream.MAX_SIZE + 1];
                ByteBuffer inView = ByteBuffer.wrap(in);
                byte[] out = new byte[Math.max(spec.response, UDP_RESPONSE_HEADER)];
                ByteBuffer outView = ByteBuffer.wrap(out);
                DatagramPacket request = new DatagramPacket(in, in.length);
                socket.setSoTimeout(POLL_MS);
                long lastRequest = System.nanoTime();
                long first = 0;
                while (!cancelled) {
                    try {
                        request.setLength(in.length);
                        socket.receive(request);
                    } catch (SocketTimeoutException e) {
                        long idle = System.nanoTime() - lastRequest;
                        if (meter.started() && System.nanoTime() - first > spec.omitNanos + spec.timeNanos && idle > UdpStream.LINGER.toNanos()) {
                            return finish(null, Map.of("strays_dropped", strays)); // the end requests were lost
                        }
                        if (idle > spec.timeoutNanos) {
                            throw new IOException((meter.started() ? "no request for " : "no request with the test token within ")
                                    + Duration.ofNanos(idle).toSeconds() + " s");
                        }
                        continue;
                    }
                    if (request.getLength() < UDP_REQUEST_HEADER || !inView.slice(0, TokenGate.TOKEN_BYTES).equals(token)) {
                        strays++;
                        continue;
                    }
                    lastRequest = System.nanoTime();
                    long seq = inView.getLong(TokenGate.TOKEN_BYTES);
                    if (seq < 0) {
                        break;
                    }
                    if (!meter.started()) {
                        meter.start();
                        first = lastRequest;
                    }
                    outView.putLong(0, seq);
                    socket.send(new DatagramPacket(out, out.length, request.getSocketAddress()));
                    meter.add(0, 1);
                }
            } catch (IOException | RuntimeException e) {
                error = describe(e);
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
