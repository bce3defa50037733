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
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;

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
 * <p>Sockets: each side uses the native ones on Java 22+ ({@link benchsh.peer.io.RrSockets}: blocking read(2)
 * and send(2), the C loop's calls, without NIO's locks and bookkeeping per call) and NIO elsewhere, each choosing
 * for itself ({@link RrIo}); a burst client stays on NIO. The result says which ran ({@code client_io}, {@code
 * server_io}: native or nio, and on nio why in {@code *_io_note}).
 *
 * <p>Errors: no connection with the token within the timeout is TIMEOUT on the server ("only 0 of 1
 * connections … within N s"), as is a connect that does not complete on the client within the timeout or by the
 * side's deadline ({@link RrClient#connect}); no transaction for
 * the timeout once running is STALLED (the meter); a reset or an early close is IO.
 */
public final class TcpRr extends RrWorkload<TcpRr.ServerSpec, TcpRr.ClientSpec> {
    public static final String NAME = "tcp_rr";
    /** The largest request or response, bytes. */
    public static final long MAX_MESSAGE = 1L << 20;
    /** The most transactions a client keeps in flight beyond the first. */
    public static final int MAX_BURST = 1024;
    /** Why a burst client reports {@code client_io} nio on Java 22+ too. */
    static final String BURST_ON_NIO = "a burst keeps requests and responses moving at once on a non-blocking NIO channel";

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
        return new Server(spec, link, context);
    }

    @Override
    protected Side client(ClientSpec spec, Link link, SideContext context) {
        return new Client(spec, link, context);
    }

    /**
     * Admits the client's one connection and answers each request until the client closes: a blocking read of the
     * request and a blocking write of the response per transaction.
     */
    private static final class Server extends RrServer {
        private static final Duration POLL = Duration.ofMillis(100);
        private final ServerSpec spec;

        Server(ServerSpec spec, Link link, SideContext context) throws IOException {
            super(link, 0, spec.omitNanos(), spec.timing(), context);
            this.spec = spec;
        }

        @Override
        protected void work() throws IOException {
            RrConnection c;
            try (ready) {
                c = track(admit());
            } finally {
                listener.close();
            }
            c.blocking();
            c.noDelay();
            ByteBuffer request = ByteBuffer.allocateDirect(spec.request());
            ByteBuffer response = ByteBuffer.allocateDirect(spec.response());
            meter.start();
            while (!cancelled()) {
                request.clear();
                if (!RrIo.readFullyOrEof(c, request)) {
                    return;
                }
                response.clear();
                c.write(response, Long.MAX_VALUE);
                meter.add(0, 1);
            }
        }

        /** The one connection with the token, waited for in slices up to the timeout. */
        private RrConnection admit() throws IOException {
            ByteBuffer nothingAfter = ByteBuffer.allocateDirect(0);
            long end = System.nanoTime() + spec.timing().timeout().toNanos();
            for (long left; (left = end - System.nanoTime()) > 0; ) {
                RrConnection c = listener.next(nothingAfter, Duration.ofNanos(Math.min(left, POLL.toNanos())), this::cancelled);
                if (c != null) {
                    return c;
                }
            }
            throw TokenGate.tooFew(0, 1, spec.timing().timeout(), listener.strays());
        }
    }

    /**
     * Asks one transaction at a time over one connection (a blocking write and read each), or with a burst keeps
     * several in flight (NIO, non-blocking).
     */
    private static final class Client extends RrClient {
        private static final int IO_BUFFER = 64 * 1024;
        private static final long POLL_MILLIS = 100;
        private final ClientSpec spec;
        private final Link link;
        private final ByteBuffer request;
        private final ByteBuffer response;
        private RrIo.Chosen<RrConnector> chosen;
        private RrConnection connection;

        Client(ClientSpec spec, Link link, SideContext context) {
            super(spec.timeNanos(), spec.omitNanos(), spec.timing(), spec.histogram(), context);
            this.spec = spec;
            this.link = link;
            this.request = ByteBuffer.allocateDirect(spec.request());
            this.response = ByteBuffer.allocateDirect(spec.response());
        }

        /** Connects within the timeout (and by the side's deadline), TCP_NODELAY, and presents the token. */
        @Override
        protected void open() throws IOException {
            InetSocketAddress server = new InetSocketAddress(link.address(), link.port());
            chosen = spec.burst() == 0 ? RrIo.connector(server) : RrIo.nioConnector(server, BURST_ON_NIO);
            try {
                connection = track(chosen.sockets().open());
                connection.noDelay();
                connect(connection);
                ByteBuffer token = ByteBuffer.allocateDirect(TokenGate.TOKEN_BYTES).put(link.tokenBytes()).flip();
                connection.write(token, Long.MAX_VALUE);
            } catch (IOException e) {
                throw Endpoints.cannotConnect(link.address(), link.port(), e);
            }
        }

        @Override
        protected boolean transaction() throws IOException {
            request.clear();
            connection.write(request, Long.MAX_VALUE);
            response.clear();
            RrIo.readFully(connection, response);
            return true;
        }

        @Override
        protected void end() throws IOException {
            connection.shutdownOutput();
        }

        @Override
        protected RrIo.Chosen<?> sockets() {
            return chosen;
        }

        @Override
        protected void work() throws IOException, InterruptedException {
            if (spec.burst() == 0) {
                super.work();
                return;
            }
            open();
            SocketChannel channel = ((NioRrConnection) connection).channel();
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
            SocketChannel channel = (SocketChannel) key.channel();
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
