package benchsh.peer.workload;

import benchsh.peer.net.BlockingIo;
import benchsh.peer.net.Endpoints;
import benchsh.peer.net.TokenGate;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.Range;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Map;

/**
 * TCP_CRR (netperf): a new connection per transaction. Each carries the token, an opcode byte ({@link
 * #TRANSACTION} or {@link #END}) and the request of {@code request} bytes; the server answers with {@code
 * response} bytes and closes first, so TIME_WAIT stays on the server and the client does not run out of
 * ports; the client waits for that close before it closes. At the end the client sends one connection with
 * the end opcode. The client's figures are {@link RrClient}'s.
 *
 * <p>The server's listener is open for the whole test and every connection is admitted through one {@link
 * TokenGate}, so strays arriving at any time wait beside the client's connections with their own token
 * deadline and are evicted oldest first when too many wait; they never hold up an admitted one. Strays,
 * including those still waiting at the end, are counted in {@code strays_dropped}.
 *
 * <p>Errors: no connection with the token within the timeout before the first transaction is TIMEOUT
 * ("no connection with the test token within N s"), as is an admitted connection that sends no whole
 * request within it; no transaction for the timeout once running is STALLED (the meter), also when a
 * client's connect does not complete (the meter closes it); a refused connect or an early close is IO.
 */
public final class TcpCrr extends RrWorkload<TcpCrr.ServerSpec, TcpCrr.ClientSpec> {
    public static final String NAME = "tcp_crr";
    static final byte TRANSACTION = 0;
    static final byte END = 1;
    private static final Duration POLL = Duration.ofMillis(100);

    /** The listening side's spec; the fields mean what they do in {@link TcpRr.ServerSpec}. */
    public record ServerSpec(@Range(min = 1, max = TcpRr.MAX_MESSAGE) int request, @Range(min = 1, max = TcpRr.MAX_MESSAGE) int response,
                             @Range(min = 0, max = Timing.MAX_NANOS) long omitNanos, Timing timing) {
    }

    /** The connecting side's spec; the fields mean what they do in {@link TcpRr.ClientSpec}. */
    public record ClientSpec(@Range(min = 1, max = TcpRr.MAX_MESSAGE) int request, @Range(min = 1, max = TcpRr.MAX_MESSAGE) int response,
                             @Range(min = 1, max = Timing.MAX_NANOS) long timeNanos, @Range(min = 0, max = Timing.MAX_NANOS) long omitNanos,
                             Timing timing, boolean histogram) {
    }

    public TcpCrr() {
        super(NAME, ServerSpec.class, ClientSpec.class);
    }

    @Override
    protected Side server(ServerSpec spec, Link link, SideContext context) throws IOException {
        return new Server(spec, link, Endpoints.listen(link.address(), link.port(), 0), context);
    }

    @Override
    protected Side client(ClientSpec spec, Link link, SideContext context) {
        return new Client(spec, link, context);
    }

    /**
     * Bytes a write may have and still leave as one segment on any path (the minimum MSS is 536 bytes): such a
     * write on a fresh connection, with nothing unacknowledged, is never held by Nagle's algorithm, so it
     * needs no TCP_NODELAY (one setsockopt(2) per connection fewer, as the C loop does).
     */
    static final int ONE_SEGMENT = 512;

    /** Admits a connection per transaction until the client's end opcode; reads and writes it non-blocking. */
    private static final class Server extends SideBase {
        private final ServerSpec spec;
        private final ServerSocketChannel server;
        private final TokenGate gate;
        private final ByteBuffer request;
        private final ByteBuffer response;
        private final ReadyWait ready = new ReadyWait(this::cancelled);
        private final long timeoutNanos;

        Server(ServerSpec spec, Link link, ServerSocketChannel server, SideContext context) {
            super(Meter.Unit.TRANSACTIONS, 1, Duration.ofNanos(spec.omitNanos()), spec.timing().interval(), spec.timing().timeout(), context);
            this.spec = spec;
            this.server = track(server);
            this.gate = new TokenGate(link.token());
            this.request = ByteBuffer.allocateDirect(1 + spec.request());
            this.response = ByteBuffer.allocateDirect(spec.response());
            this.timeoutNanos = spec.timing().timeout().toNanos();
        }

        @Override
        public Map<String, Object> endpoint() {
            return Endpoints.endpoint(server);
        }

        @Override
        protected void work() throws IOException {
            long openedAt = System.nanoTime();
            try (ready) {
                while (!cancelled()) {
                    SocketChannel ch = gate.nextNonBlocking(server, POLL, this::cancelled);
                    if (ch == null) {
                        if (!meter.started() && System.nanoTime() - openedAt > timeoutNanos) {
                            throw new SocketTimeoutException("no connection with the test token within " + seconds() + " s"
                                    + (gate.strays() > 0 ? " (" + gate.strays() + " strays dropped)" : ""));
                        }
                        continue;
                    }
                    track(ch);
                    boolean end;
                    try {
                        end = serve(ch);
                    } finally {
                        untrack(ch);
                    }
                    if (end) {
                        return;
                    }
                }
            } finally {
                gate.close();
                server.close();
            }
        }

        /**
         * Answers one admitted connection; true when it was the client's end opcode. The client sends opcode
         * and request right behind the token, so they are mostly there already: one read, one write, close.
         * Reading the request and writing the response each have the side's timeout.
         */
        private boolean serve(SocketChannel channel) throws IOException {
            try (SocketChannel ch = channel) {
                if (spec.response() > ONE_SEGMENT) {
                    ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                }
                long deadline = System.nanoTime() + timeoutNanos;
                request.clear();
                boolean whole = readAtLeast(ch, 1, deadline);
                int opcode = whole ? request.get(0) : -1;
                if (opcode == END) {
                    return true;
                }
                if (opcode != TRANSACTION || !readAtLeast(ch, request.capacity(), deadline)) {
                    throw new EOFException("a connection with the test token ended before its whole request (opcode " + opcode + ")");
                }
                if (!meter.started()) {
                    meter.start();
                }
                response.clear();
                long writeDeadline = System.nanoTime() + timeoutNanos;
                while (response.hasRemaining()) {
                    if (ch.write(response) == 0) {
                        ready.await(ch, SelectionKey.OP_WRITE, writeDeadline, "a connection with the test token took no whole response within "
                                + seconds() + " s");
                    }
                }
                meter.add(0, 1);
                return false;
            }
        }

        /** Reads until the request buffer holds {@code min} bytes; false at an end of stream before. */
        private boolean readAtLeast(SocketChannel ch, int min, long deadline) throws IOException {
            while (request.position() < min) {
                int n = ch.read(request);
                if (n < 0) {
                    return false;
                }
                if (n == 0) {
                    ready.await(ch, SelectionKey.OP_READ, deadline, "a connection with the test token sent no whole request within "
                            + seconds() + " s");
                }
            }
            return true;
        }

        private long seconds() {
            return spec.timing().timeout().toSeconds();
        }

        @Override
        protected Map<String, Object> extraMetrics() {
            return Map.of("strays_dropped", gate.strays());
        }
    }

    /**
     * Connects, asks, waits for the server's close, closes: once per transaction. The connect blocks without
     * its own timer (no fcntl(2) and poll(2) per connection for a timed connect): its deadline is the
     * meter's, which closes the channel, ending the connect, when no transaction completes for the timeout.
     */
    private static final class Client extends RrClient {
        private final ClientSpec spec;
        private final Link link;
        private final ByteBuffer request;
        private final ByteBuffer response;
        private InetSocketAddress server;

        Client(ClientSpec spec, Link link, SideContext context) {
            super(spec.timeNanos(), spec.omitNanos(), spec.timing(), spec.histogram(), context);
            this.spec = spec;
            this.link = link;
            this.request = ByteBuffer.allocateDirect(TokenGate.TOKEN_BYTES + 1 + spec.request());
            request.put(link.tokenBytes()).put(TRANSACTION);
            this.response = ByteBuffer.allocateDirect(spec.response());
        }

        @Override
        protected void open() {
            server = new InetSocketAddress(link.address(), link.port()); // resolved once, not per connection
        }

        @Override
        protected boolean transaction() throws IOException {
            SocketChannel ch = connect(request.capacity() > ONE_SEGMENT);
            try (ch) {
                request.clear();
                BlockingIo.writeFully(ch, request);
                response.clear();
                BlockingIo.readFully(ch, response);
                response.clear();
                ch.read(response); // the server closes first: wait for its FIN
            } finally {
                untrack(ch);
            }
            return true;
        }

        @Override
        protected void end() throws IOException {
            if (server == null) {
                open();
            }
            SocketChannel ch = connect(false);
            try (ch) {
                ByteBuffer end = ByteBuffer.allocate(TokenGate.TOKEN_BYTES + 1);
                end.put(link.tokenBytes()).put(END).flip();
                BlockingIo.writeFully(ch, end);
            } finally {
                untrack(ch);
            }
        }

        /** A connection to the server, tracked (so a stall or cancel ends a connect that hangs); the token goes with the request. */
        private SocketChannel connect(boolean noDelay) throws IOException {
            // an IPv4 socket for an IPv4 server: a dual-stack one costs a setsockopt(IPV6_V6ONLY) per connection
            SocketChannel ch = track(SocketChannel.open(server.getAddress() instanceof java.net.Inet6Address
                    ? StandardProtocolFamily.INET6 : StandardProtocolFamily.INET));
            try {
                if (noDelay) {
                    ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                }
                ch.connect(server);
                return ch;
            } catch (IOException | java.nio.channels.UnresolvedAddressException e) {
                ch.close();
                untrack(ch);
                throw new IOException("cannot connect to " + link.address() + ":" + link.port() + ": " + (e.getMessage() == null ? e : e.getMessage()), e);
            }
        }
    }
}
