package benchsh.peer.rr;

import benchsh.peer.datagram.UdpStream;
import benchsh.peer.net.Endpoints;
import benchsh.peer.net.TokenGate;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.Range;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideBase;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Timing;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * UDP_RR (netperf): the client sends a request datagram and waits for the response datagram, one
 * transaction at a time, on blocking channels (one system call per datagram, as sockperf does). Requests
 * carry the token and a sequence number, so they are at least {@link #REQUEST_HEADER} bytes; responses carry
 * the sequence number (at least {@link #RESPONSE_HEADER} bytes). A request whose response is not back within
 * {@link #RESPONSE_TIMEOUT} is sent again ({@code udp_retransmits}); its latency includes the wait, and late
 * duplicates are skipped by sequence. The client ends with {@link #END_REQUESTS} end requests (sequence -1).
 * The client's figures are {@link RrClient}'s plus {@code udp_retransmits}.
 *
 * <p>The server answers requests carrying the token; anything else is a stray, dropped and counted in {@code
 * strays_dropped} and never taken for activity. It watches for silence itself: no request with the token
 * within the timeout is TIMEOUT ("no request with the test token within N s"); none for the timeout after the
 * first is STALLED ("no request for N s", with {@code stalled_seconds}); idle for {@link #LINGER} past the
 * test's time is a clean end (every end request was lost). On the client, no answer for the timeout is
 * STALLED (the meter).
 */
public final class UdpRr extends RrWorkload<UdpRr.ServerSpec, UdpRr.ClientSpec> {
    public static final String NAME = "udp_rr";
    /** The largest request or response: the largest UDP payload over IPv4. */
    public static final long MAX_MESSAGE = UdpStream.MAX_SIZE;
    static final Duration RESPONSE_TIMEOUT = Duration.ofMillis(500);
    static final Duration LINGER = Duration.ofSeconds(1);
    static final int REQUEST_HEADER = TokenGate.TOKEN_BYTES + 8;
    static final int RESPONSE_HEADER = 8;
    static final int END_REQUESTS = 3;

    /**
     * The listening side's spec.
     *
     * @param response  bytes per response
     * @param timeNanos how long the client asks after the warm-up (the server lingers past it)
     * @param omitNanos the warm-up left out of the transaction count
     */
    public record ServerSpec(@Range(min = 1, max = MAX_MESSAGE) int response, @Range(min = 1, max = Timing.MAX_NANOS) long timeNanos,
                             @Range(min = 0, max = Timing.MAX_NANOS) long omitNanos, Timing timing) {
    }

    /** The connecting side's spec; the fields mean what they do in {@link TcpRr.ClientSpec}, with UDP's caps. */
    public record ClientSpec(@Range(min = 1, max = MAX_MESSAGE) int request, @Range(min = 1, max = MAX_MESSAGE) int response,
                             @Range(min = 1, max = Timing.MAX_NANOS) long timeNanos, @Range(min = 0, max = Timing.MAX_NANOS) long omitNanos,
                             Timing timing, boolean histogram) {
    }

    public UdpRr() {
        super(NAME, ServerSpec.class, ClientSpec.class);
    }

    @Override
    protected Side server(ServerSpec spec, Link link, SideContext context) throws IOException {
        DatagramChannel channel = DatagramChannel.open();
        try {
            channel.bind(new InetSocketAddress(link.address(), link.port()));
        } catch (IOException e) {
            channel.close();
            throw new IOException("cannot listen on udp " + link.address() + ":" + link.port() + ": " + e.getMessage(), e);
        }
        return new Server(spec, link, channel, context);
    }

    @Override
    protected Side client(ClientSpec spec, Link link, SideContext context) {
        return new Client(spec, link, context);
    }

    /** Answers each request with the token; a watchdog notices silence and the lingering end. */
    private static final class Server extends SideBase {
        private static final long WATCH_NANOS = 100_000_000L;
        private final ServerSpec spec;
        private final byte[] token;
        private final DatagramChannel channel;
        private volatile long lastRequest = System.nanoTime();
        private volatile long first;
        private volatile boolean lingered;
        private volatile long stalledSeconds = -1;
        private long strays;

        Server(ServerSpec spec, Link link, DatagramChannel channel, SideContext context) {
            // the side watches for silence itself: strays must not count as activity
            super(Meter.Unit.TRANSACTIONS, 1, Duration.ofNanos(spec.omitNanos()), spec.timing().interval(), Duration.ofNanos(Timing.MAX_NANOS),
                    context);
            this.spec = spec;
            this.token = link.tokenBytes();
            this.channel = track(channel);
        }

        @Override
        public Map<String, Object> endpoint() {
            return Endpoints.endpoint(channel);
        }

        @Override
        protected void work() throws IOException {
            Thread watchdog = new Thread(this::watch, "udp-rr-idle");
            watchdog.setDaemon(true);
            watchdog.start();
            ByteBuffer expected = ByteBuffer.wrap(token);
            long token0 = expected.getLong(0);
            long token1 = expected.getLong(8);
            ByteBuffer in = ByteBuffer.allocateDirect((int) MAX_MESSAGE + 1);
            ByteBuffer out = ByteBuffer.allocateDirect(Math.max(spec.response(), RESPONSE_HEADER));
            try {
                while (!cancelled()) {
                    in.clear();
                    SocketAddress client = channel.receive(in);
                    if (in.position() < REQUEST_HEADER || in.getLong(0) != token0 || in.getLong(8) != token1) {
                        strays++;
                        continue;
                    }
                    lastRequest = System.nanoTime();
                    long seq = in.getLong(TokenGate.TOKEN_BYTES);
                    if (seq < 0) {
                        return;
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
            } catch (IOException e) {
                if (!lingered) {
                    throw e;
                }
            }
        }

        /** Ends the side when the client went quiet: cleanly after the test's time, else as a failure. */
        private void watch() {
            while (channel.isOpen()) {
                LockSupport.parkNanos(WATCH_NANOS);
                long now = System.nanoTime();
                long idle = now - lastRequest;
                if (first != 0 && now - first > spec.omitNanos() + spec.timeNanos() && idle > LINGER.toNanos()) {
                    lingered = true;
                    closeAll();
                } else if (idle > spec.timing().timeoutNanos()) {
                    long seconds = Duration.ofNanos(idle).toSeconds();
                    if (first == 0) {
                        fail(ErrorKind.TIMEOUT, "no request with the test token within " + seconds + " s");
                    } else {
                        stalledSeconds = seconds;
                        fail(ErrorKind.STALLED, "no request for " + seconds + " s");
                    }
                }
            }
        }

        @Override
        protected Map<String, Object> extraMetrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("strays_dropped", strays);
            if (stalledSeconds >= 0) {
                m.put("stalled_seconds", stalledSeconds);
            }
            return m;
        }
    }

    /**
     * Blocking round trips on a connected channel. A watchdog re-sends a request whose response is overdue by
     * {@link #RESPONSE_TIMEOUT}, so a lost datagram costs a retransmission, not the test.
     */
    private static final class Client extends RrClient {
        private final ClientSpec spec;
        private final Link link;
        private final ByteBuffer out;
        private final ByteBuffer in;
        private final AtomicLong inFlightSince = new AtomicLong();
        private final AtomicLong retransmits = new AtomicLong();
        private DatagramChannel channel;
        private long seq;

        Client(ClientSpec spec, Link link, SideContext context) {
            super(spec.timeNanos(), spec.omitNanos(), spec.timing(), spec.histogram(), context);
            this.spec = spec;
            this.link = link;
            this.out = ByteBuffer.allocateDirect(Math.max(spec.request(), REQUEST_HEADER));
            out.put(link.tokenBytes());
            this.in = ByteBuffer.allocateDirect(Math.max(spec.response(), RESPONSE_HEADER) + 1);
        }

        @Override
        protected void open() throws IOException {
            channel = track(DatagramChannel.open());
            channel.connect(new InetSocketAddress(link.address(), link.port()));
            Thread watchdog = new Thread(this::retransmit, "udp-rr-retransmit");
            watchdog.setDaemon(true);
            watchdog.start();
        }

        private void retransmit() {
            while (channel.isOpen()) {
                LockSupport.parkNanos(RESPONSE_TIMEOUT.toNanos() / 10);
                long since = inFlightSince.get();
                if (since != 0 && System.nanoTime() - since > RESPONSE_TIMEOUT.toNanos() && inFlightSince.compareAndSet(since, System.nanoTime())) {
                    try {
                        channel.write(out.duplicate().clear());
                        retransmits.incrementAndGet();
                    } catch (IOException e) {
                        return; // closed: the side is ending
                    }
                }
            }
        }

        @Override
        protected boolean transaction() throws IOException {
            long s = seq++;
            out.putLong(TokenGate.TOKEN_BYTES, s);
            out.clear();
            channel.write(out);
            inFlightSince.set(System.nanoTime());
            try {
                while (true) {
                    in.clear();
                    channel.read(in);
                    if (in.position() >= RESPONSE_HEADER && in.getLong(0) == s) {
                        return true;
                    }
                }
            } finally {
                inFlightSince.set(0);
            }
        }

        @Override
        protected void end() {
            out.putLong(TokenGate.TOKEN_BYTES, -1L);
            for (int i = 0; i < END_REQUESTS; i++) {
                try {
                    channel.write(out.clear());
                } catch (IOException e) {
                    return; // the server got an earlier one and closed its port
                }
            }
        }

        @Override
        protected Map<String, Object> extraMetrics() {
            Map<String, Object> m = new LinkedHashMap<>(super.extraMetrics());
            m.put("udp_retransmits", retransmits.get());
            return m;
        }
    }
}
