package benchsh.peer.workload;

import benchsh.peer.net.BlockingIo;
import benchsh.peer.net.Endpoints;
import benchsh.peer.net.TokenGate;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.Range;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
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
 * request within it, or a client's connect that does not complete; no transaction for the timeout once
 * running is STALLED (the meter); a refused connect or an early close is IO.
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

    /** Admits a connection per transaction until the client's end opcode. */
    private static final class Server extends SideBase {
        private final ServerSpec spec;
        private final ServerSocketChannel server;
        private final TokenGate gate;
        private final byte[] request;
        private final byte[] response;

        Server(ServerSpec spec, Link link, ServerSocketChannel server, SideContext context) {
            super(Meter.Unit.TRANSACTIONS, 1, Duration.ofNanos(spec.omitNanos()), spec.timing().interval(), spec.timing().timeout(), context);
            this.spec = spec;
            this.server = track(server);
            this.gate = new TokenGate(link.token());
            this.request = new byte[spec.request()];
            this.response = new byte[spec.response()];
        }

        @Override
        public Map<String, Object> endpoint() {
            return Endpoints.endpoint(server);
        }

        @Override
        protected void work() throws IOException {
            long openedAt = System.nanoTime();
            Duration timeout = spec.timing().timeout();
            try {
                while (!cancelled()) {
                    SocketChannel ch = gate.next(server, POLL, this::cancelled);
                    if (ch == null) {
                        if (!meter.started() && System.nanoTime() - openedAt > timeout.toNanos()) {
                            throw new SocketTimeoutException("no connection with the test token within " + timeout.toSeconds() + " s"
                                    + (gate.strays() > 0 ? " (" + gate.strays() + " strays dropped)" : ""));
                        }
                        continue;
                    }
                    track(ch);
                    boolean end = serve(ch);
                    untrackClosed();
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
         * and request right behind the token, so the rest has the side's timeout.
         */
        private boolean serve(SocketChannel channel) throws IOException {
            try (SocketChannel ch = channel) {
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                ch.socket().setSoTimeout((int) Math.min(Integer.MAX_VALUE, spec.timing().timeout().toMillis()));
                InputStream in = ch.socket().getInputStream();
                int opcode = in.read();
                if (opcode == END) {
                    return true;
                }
                if (opcode != TRANSACTION || in.readNBytes(request, 0, request.length) < request.length) {
                    throw new EOFException("a connection with the test token ended before its whole request (opcode " + opcode + ")");
                }
                if (!meter.started()) {
                    meter.start();
                }
                ch.socket().getOutputStream().write(response);
                meter.add(0, 1);
                return false;
            } catch (SocketTimeoutException e) {
                throw new SocketTimeoutException("a connection with the test token sent no whole request within "
                        + spec.timing().timeout().toSeconds() + " s");
            }
        }

        @Override
        protected Map<String, Object> extraMetrics() {
            return Map.of("strays_dropped", gate.strays());
        }
    }

    /** Connects, asks, waits for the server's close, closes: once per transaction. */
    private static final class Client extends RrClient {
        private final ClientSpec spec;
        private final Link link;
        private final ByteBuffer request;
        private final ByteBuffer response;

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
            // every transaction connects anew
        }

        @Override
        protected boolean transaction() throws IOException {
            try (SocketChannel ch = track(connect())) {
                request.clear();
                BlockingIo.writeFully(ch, request);
                response.clear();
                BlockingIo.readFully(ch, response);
                response.clear();
                ch.read(response); // the server closes first: wait for its FIN
            }
            untrackClosed();
            return true;
        }

        @Override
        protected void end() throws IOException {
            try (SocketChannel ch = track(connect())) {
                ByteBuffer end = ByteBuffer.allocate(TokenGate.TOKEN_BYTES + 1);
                end.put(link.tokenBytes()).put(END).flip();
                BlockingIo.writeFully(ch, end);
            }
        }

        /** A connection to the server within the timeout; the token goes with the request, in one write. */
        private SocketChannel connect() throws IOException {
            SocketChannel ch = SocketChannel.open();
            try {
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                ch.socket().connect(new InetSocketAddress(link.address(), link.port()), (int) spec.timing().timeout().toMillis());
                return ch;
            } catch (IOException e) {
                ch.close();
                String what = "cannot connect to " + link.address() + ":" + link.port() + ": " + e.getMessage();
                throw e instanceof SocketTimeoutException ? new SocketTimeoutException(what) : new IOException(what, e);
            }
        }
    }
}
