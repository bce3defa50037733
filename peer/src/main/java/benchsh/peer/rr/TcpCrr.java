package benchsh.peer.rr;

import benchsh.peer.io.RrConnection;
import benchsh.peer.io.RrConnector;
import benchsh.peer.net.Endpoints;
import benchsh.peer.net.TokenGate;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.Range;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Timing;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;

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
 * <p>Sockets: each side uses the native ones on Java 22+ ({@link benchsh.peer.io.RrSockets}: the C loop's
 * system calls per transaction) and NIO elsewhere, each choosing for itself ({@link RrIo}); the result says
 * which ran ({@code client_io}, {@code server_io}: native or nio, and on nio why in {@code *_io_note}).
 *
 * <p>Errors: no connection with the token within the timeout before the first transaction is TIMEOUT
 * ("no connection with the test token within N s"), as is an admitted connection that sends no whole
 * request within it; no transaction for the timeout once running is STALLED (the meter), also when a
 * client's connect does not complete (the meter closes it), unless the side's deadline comes first: then the connect's
 * own timer ends it as TIMEOUT ({@link RrClient#connect}); a refused connect or an early close is IO.
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
        return new Server(spec, link, context);
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

    /**
     * Admits a connection per transaction until the client's end opcode. On the native path the listener's
     * first read of a connection takes its token, opcode and request at once; a request not all there yet is
     * waited for with the side's timeout, as is the response's write.
     */
    private static final class Server extends RrServer {
        private final ServerSpec spec;
        private final ByteBuffer request;
        private final ByteBuffer response;
        private final long timeoutNanos;

        Server(ServerSpec spec, Link link, SideContext context) throws IOException {
            super(link, 1 + spec.request(), spec.omitNanos(), spec.timing(), context);
            this.spec = spec;
            this.request = ByteBuffer.allocateDirect(1 + spec.request());
            this.response = ByteBuffer.allocateDirect(spec.response());
            this.timeoutNanos = spec.timing().timeout().toNanos();
        }

        @Override
        protected void work() throws IOException {
            long openedAt = System.nanoTime();
            try (ready) {
                while (!cancelled()) {
                    request.clear();
                    RrConnection c = listener.next(request, POLL, this::cancelled);
                    if (c == null) {
                        if (!meter.started() && System.nanoTime() - openedAt > timeoutNanos) {
                            long strays = listener.strays();
                            throw new SocketTimeoutException("no connection with the test token within " + seconds() + " s"
                                    + (strays > 0 ? " (" + strays + " strays dropped)" : ""));
                        }
                        continue;
                    }
                    track(c);
                    boolean end;
                    try {
                        end = serve(c);
                    } finally {
                        c.close();
                        untrack(c);
                    }
                    if (end) {
                        return;
                    }
                }
            } finally {
                listener.close();
            }
        }

        /**
         * Answers one admitted connection; true when it was the client's end opcode. The client sends opcode
         * and request right behind the token, so they are mostly there already: one write, then the close.
         * Reading the request and writing the response each have the side's timeout.
         */
        private boolean serve(RrConnection c) throws IOException {
            if (spec.response() > ONE_SEGMENT) {
                c.noDelay();
            }
            long deadline = System.nanoTime() + timeoutNanos;
            boolean whole = readAtLeast(c, 1, deadline);
            int opcode = whole ? request.get(0) : -1;
            if (opcode == END) {
                return true;
            }
            if (opcode != TRANSACTION || !readAtLeast(c, request.capacity(), deadline)) {
                throw new EOFException("a connection with the test token ended before its whole request (opcode " + opcode + ")");
            }
            if (!meter.started()) {
                meter.start();
            }
            response.clear();
            if (!c.write(response, System.nanoTime() + timeoutNanos)) {
                throw new SocketTimeoutException("a connection with the test token took no whole response within " + seconds() + " s");
            }
            meter.add(0, 1);
            return false;
        }

        /** Reads until the request buffer holds {@code min} bytes; false at an end of stream before. */
        private boolean readAtLeast(RrConnection c, int min, long deadline) throws IOException {
            while (request.position() < min) {
                int n = c.read(request, deadline);
                if (n < 0) {
                    return false;
                }
                if (n == 0) {
                    throw new SocketTimeoutException("a connection with the test token sent no whole request within " + seconds() + " s");
                }
            }
            return true;
        }

        private long seconds() {
            return spec.timing().timeout().toSeconds();
        }
    }

    /**
     * Connects, asks, waits for the server's close, closes: once per transaction. The connect blocks without
     * its own timer (no system call per connection for one) while the meter's stall, which closes the connection
     * when no transaction completes for the timeout, ends it before the side's deadline; nearer the deadline it
     * has a timer of its own ({@link RrClient#connect}).
     */
    private static final class Client extends RrClient {
        private final ClientSpec spec;
        private final Link link;
        private final ByteBuffer request;
        private final ByteBuffer response;
        private RrIo.Chosen<RrConnector> chosen;

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
            // the address resolved once, not per connection
            chosen = RrIo.connector(new InetSocketAddress(link.address(), link.port()));
        }

        @Override
        protected boolean transaction() throws IOException {
            RrConnection c = connect(request.capacity() > ONE_SEGMENT);
            try {
                request.clear();
                c.write(request, Long.MAX_VALUE);
                response.clear();
                RrIo.readFully(c, response);
                response.clear();
                c.read(response, Long.MAX_VALUE); // the server closes first: wait for its FIN
            } finally {
                c.close();
                untrack(c);
            }
            return true;
        }

        @Override
        protected void end() throws IOException {
            if (chosen == null) {
                open();
            }
            RrConnection c = connect(false);
            try {
                ByteBuffer end = ByteBuffer.allocateDirect(TokenGate.TOKEN_BYTES + 1);
                end.put(link.tokenBytes()).put(END).flip();
                c.write(end, Long.MAX_VALUE);
            } finally {
                c.close();
                untrack(c);
            }
        }

        /** A connection to the server, tracked (so a stall or cancel ends a connect that hangs); the token goes with the request. */
        private RrConnection connect(boolean noDelay) throws IOException {
            RrConnection c = null;
            try {
                c = track(chosen.sockets().open());
                if (noDelay) {
                    c.noDelay();
                }
                connect(c);
                return c;
            } catch (IOException e) {
                if (c != null) {
                    c.close();
                    untrack(c);
                }
                throw Endpoints.cannotConnect(link.address(), link.port(), e);
            }
        }

        @Override
        protected RrIo.Chosen<?> sockets() {
            return chosen;
        }
    }
}
