package benchsh.peer.workload;

import benchsh.peer.net.BlockingIo;
import benchsh.peer.net.Endpoints;
import benchsh.peer.net.TokenGate;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.Range;
import java.io.EOFException;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
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
 * <p>With {@code burst} N (netperf's {@code -b}) the client keeps N+1 requests outstanding instead of one:
 * it queues a new request as soon as a response completes, on a non-blocking channel so that requests and
 * responses move at once and neither side's buffers can fill to a deadlock. Responses come back in request
 * order, so each transaction's latency runs from queueing its request to the last byte of its response
 * (queueing behind the others included); transactions/s counts completed ones. When the time is up no new
 * request is queued and the outstanding ones are awaited. The server needs nothing new.
 *
 * <p>Errors: no connection with the token within the timeout is TIMEOUT on the server ("only 0 of 1
 * connections … within N s"), as is a connect that does not complete on the client; no transaction for
 * the timeout once running is STALLED (the meter); a reset or an early close is IO.
 */
public final class TcpRr extends RrWorkload<TcpRr.ServerSpec, TcpRr.ClientSpec> {
    public static final String NAME = "tcp_rr";
    /** The largest request or response, bytes. */
    public static final long MAX_MESSAGE = 1L << 20;
    /** The most transactions a client keeps in flight beyond the first. */
    public static final int MAX_BURST = 1024;

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
     * @param burst     transactions kept in flight beyond the first (0: one at a time)
     */
    public record ClientSpec(@Range(min = 1, max = MAX_MESSAGE) int request, @Range(min = 1, max = MAX_MESSAGE) int response,
                             @Range(min = 1, max = Timing.MAX_NANOS) long timeNanos, @Range(min = 0, max = Timing.MAX_NANOS) long omitNanos,
                             Timing timing, boolean histogram, @Range(min = 0, max = MAX_BURST) int burst) {
        /** A client asking one transaction at a time. */
        public ClientSpec(int request, int response, long timeNanos, long omitNanos, Timing timing, boolean histogram) {
            this(request, response, timeNanos, omitNanos, timing, histogram, 0);
        }
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

    /** Asks one transaction at a time over one connection, or with a burst keeps several in flight. */
    private static final class Client extends RrClient {
        private static final int IO_BUFFER = 64 * 1024;
        private static final long POLL_MILLIS = 100;
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

        @Override
        protected void work() throws IOException, InterruptedException {
            if (spec.burst() == 0) {
                super.work();
                return;
            }
            open();
            channel.configureBlocking(false);
            try (Selector selector = Selector.open()) { // not tracked: only this thread closes it, so select never sees it closed
                SelectionKey key = channel.register(selector, SelectionKey.OP_READ);
                startClock();
                inFlight(key);
            } catch (CancelledKeyException e) {
                throw new AsynchronousCloseException(); // the channel was closed under us: a cancel or a stall
            }
            end();
        }

        /**
         * Keeps {@code burst + 1} transactions in flight until the time is up, then awaits the outstanding ones.
         * Requests are counted in bytes still to write, responses in bytes received: the n-th whole response
         * answers the n-th request.
         */
        private void inFlight(SelectionKey key) throws IOException {
            int window = spec.burst() + 1;
            long[] askedAt = new long[window];
            int oldest = 0;
            int outstanding = 0;
            long unsent = 0;
            long received = 0;
            ByteBuffer out = ByteBuffer.allocateDirect((int) Math.min(IO_BUFFER, (long) window * spec.request()));
            ByteBuffer in = ByteBuffer.allocateDirect((int) Math.min(IO_BUFFER, (long) window * spec.response()));
            while (!cancelled()) {
                long now = System.nanoTime();
                boolean asking = running(now);
                if (!asking && outstanding == 0) {
                    return;
                }
                for (; asking && outstanding < window; outstanding++) {
                    askedAt[(oldest + outstanding) % window] = now;
                    unsent += spec.request();
                }
                int wrote = 0;
                if (unsent > 0) {
                    out.clear().limit((int) Math.min(out.capacity(), unsent));
                    wrote = channel.write(out);
                    unsent -= wrote;
                }
                in.clear();
                int read = channel.read(in);
                if (read < 0) {
                    throw new EOFException("the server closed the connection with " + outstanding + " transactions in flight");
                }
                long answeredAt = System.nanoTime();
                for (received += read; received >= spec.response(); received -= spec.response()) {
                    if (outstanding == 0) {
                        throw new IOException("the server sent a response to a request that was never asked");
                    }
                    completed(askedAt[oldest], answeredAt);
                    oldest = (oldest + 1) % window;
                    outstanding--;
                }
                if (wrote == 0 && read == 0) {
                    key.interestOps(SelectionKey.OP_READ | (unsent > 0 ? SelectionKey.OP_WRITE : 0));
                    key.selector().select(POLL_MILLIS);
                    key.selector().selectedKeys().clear();
                }
            }
        }
    }
}
