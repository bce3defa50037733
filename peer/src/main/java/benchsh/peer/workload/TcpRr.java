package benchsh.peer.workload;

import benchsh.peer.net.BlockingIo;
import benchsh.peer.net.Endpoints;
import benchsh.peer.net.TokenGate;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.Range;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Map;

/**
 * TCP_RR (netperf): over one connection (token first, TCP_NODELAY) the client sends a request of {@code
 * request} bytes and waits for the response of {@code response} bytes, one transaction at a time, for the
 * warm-up {@code omit} plus {@code time}; the server answers each request until the client closes its
 * half. The client's figures are {@link RrClient}'s; the server counts transactions and {@code
 * strays_dropped} (connections without the token, see {@link TokenGate}).
 *
 * <p>Errors: no connection with the token within the timeout is TIMEOUT on the server ("only 0 of 1
 * connections … within N s"), as is a connect that does not complete on the client; no transaction for
 * the timeout once running is STALLED (the meter); a reset or an early close is IO.
 */
public final class TcpRr extends RrWorkload<TcpRr.ServerSpec, TcpRr.ClientSpec> {
    public static final String NAME = "tcp_rr";
    /** The largest request or response, bytes. */
    public static final long MAX_MESSAGE = 1L << 20;

    /**
     * The listening side's spec.
     *
     * @param request   bytes per request
     * @param response  bytes per response
     * @param omitNanos the warm-up left out of the transaction count
     */
    public record ServerSpec(@Range(min = 1, max = MAX_MESSAGE) int request, @Range(min = 1, max = MAX_MESSAGE) int response,
                             @Range(min = 0, max = Timing.MAX_NANOS) long omitNanos, Timing timing) {
    }

    /**
     * The connecting side's spec.
     *
     * @param request   bytes per request
     * @param response  bytes per response
     * @param timeNanos how long to ask after the warm-up
     * @param omitNanos the warm-up, left out of the figures
     * @param histogram also report the latency buckets
     */
    public record ClientSpec(@Range(min = 1, max = MAX_MESSAGE) int request, @Range(min = 1, max = MAX_MESSAGE) int response,
                             @Range(min = 1, max = Timing.MAX_NANOS) long timeNanos, @Range(min = 0, max = Timing.MAX_NANOS) long omitNanos,
                             Timing timing, boolean histogram) {
    }

    public TcpRr() {
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

    /** Admits the client's one connection and answers each request until the client closes. */
    private static final class Server extends SideBase {
        private final ServerSpec spec;
        private final ServerSocketChannel server;
        private final TokenGate gate;

        Server(ServerSpec spec, Link link, ServerSocketChannel server, SideContext context) {
            super(Meter.Unit.TRANSACTIONS, 1, java.time.Duration.ofNanos(spec.omitNanos()), spec.timing().interval(), spec.timing().timeout(),
                    context);
            this.spec = spec;
            this.server = track(server);
            this.gate = new TokenGate(link.token());
        }

        @Override
        public Map<String, Object> endpoint() {
            return Endpoints.endpoint(server);
        }

        @Override
        protected void work() throws IOException {
            SocketChannel ch;
            try {
                ch = track(gate.admit(server, 1, spec.timing().timeout(), this::cancelled).get(0));
            } finally {
                server.close();
            }
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            ByteBuffer request = ByteBuffer.allocateDirect(spec.request());
            ByteBuffer response = ByteBuffer.allocateDirect(spec.response());
            meter.start();
            while (!cancelled()) {
                request.clear();
                if (!BlockingIo.readFullyOrEof(ch, request)) {
                    return;
                }
                response.clear();
                BlockingIo.writeFully(ch, response);
                meter.add(0, 1);
            }
        }

        @Override
        protected Map<String, Object> extraMetrics() {
            return Map.of("strays_dropped", gate.strays());
        }
    }

    /** Asks one transaction at a time over one connection. */
    private static final class Client extends RrClient {
        private final ClientSpec spec;
        private final Link link;
        private final ByteBuffer request;
        private final ByteBuffer response;
        private SocketChannel channel;

        Client(ClientSpec spec, Link link, SideContext context) {
            super(spec.timeNanos(), spec.omitNanos(), spec.timing(), spec.histogram(), context);
            this.spec = spec;
            this.link = link;
            this.request = ByteBuffer.allocateDirect(spec.request());
            this.response = ByteBuffer.allocateDirect(spec.response());
        }

        @Override
        protected void open() throws IOException {
            channel = track(Endpoints.connect(link.address(), link.port(), spec.timing().timeout(), link.tokenBytes(), 0, 0, true));
        }

        @Override
        protected boolean transaction() throws IOException {
            request.clear();
            BlockingIo.writeFully(channel, request);
            response.clear();
            BlockingIo.readFully(channel, response);
            return true;
        }

        @Override
        protected void end() throws IOException {
            channel.shutdownOutput();
        }
    }
}
