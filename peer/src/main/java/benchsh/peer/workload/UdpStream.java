package benchsh.peer.workload;

import benchsh.peer.net.TokenGate;
import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.ProtocolException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongPredicate;

/**
 * UDP stream (netperf UDP_STREAM, iperf3 -u): the connecting side sends datagrams of {@code size} bytes
 * for {@code time}, optionally paced to {@code rate} bits/s (payload bits, as iperf3 counts them); the
 * listening side receives. Every datagram of {@link #HEADER_BYTES} or more starts with the {@link
 * UdpHeader} (test token, sequence number, send time); datagrams without the token are dropped as strays.
 *
 * <p>Small datagrams ({@code size} under the header, netperf UDP_STREAM -m 1, 64-byte frames): the sender
 * first greets the receiver with token-bearing hellos from its data socket; the receiver admits the first
 * source that presents the token, {@code connect()}s to it (the kernel then drops datagrams from anywhere
 * else) and echoes the hello. Data datagrams then carry {@code size} payload bytes only and are counted;
 * without sequence numbers and send times, out-of-order, duplicates and jitter are not measured (their
 * metrics are absent) and a duplicated datagram counts as received.
 *
 * <p>End of test: the sender follows its data with {@link #END_MARKERS} end markers whose sequence
 * field is {@code ~sent} (negative), so the receiver knows how many were sent and reports
 * {@code messages_lost = sent - received}. If every marker is lost, the receiver stops once it has
 * been idle for {@link #LINGER} past the test time and the shell reconciles from the sender's count.
 */
public final class UdpStream extends LegacyWorkload {
    /** The largest UDP payload over IPv4: 65535 - 20 (IP) - 8 (UDP). */
    public static final long MAX_SIZE = 65_507;
    /** Token, sequence number, send time. */
    public static final int HEADER_BYTES = UdpHeader.BYTES;
    public static final long MAX_NANOS = Duration.ofHours(24).toNanos();
    static final int END_MARKERS = 5;
    static final Duration LINGER = Duration.ofSeconds(1);

    private final LongPredicate dropHook;

    public UdpStream() {
        this(seq -> false);
    }

    /**
     * For tests: the receiver discards datagrams whose sequence number (small datagrams: index in arrival
     * order) matches, as if the network lost them.
     */
    UdpStream(LongPredicate dropHook) {
        this.dropHook = dropHook;
    }

    @Override
    public String name() {
        return "udp";
    }

    /** The typed spec of one side. {@code rate} 0 means unpaced. */
    record Spec(String role, int size, long timeNanos, long rate, int window, long intervalNanos, long timeoutNanos,
                byte[] token, String address, int port) {

        static Spec parse(String role, Fields f) throws ProtocolException {
            if (!role.equals("listen") && !role.equals("connect")) {
                throw new ProtocolException("udp has no role '" + role + "' (listen receives, connect sends)");
            }
            Spec s = new Spec(role,
                    (int) f.integer("size", 1, MAX_SIZE, 1472),
                    f.integer("time_ns", 1, MAX_NANOS, 10_000_000_000L),
                    f.integer("rate", 0, 1_000_000_000_000L, 0),
                    (int) f.integer("window", 0, 1L << 30, 0),
                    f.integer("interval_ns", 10_000_000L, MAX_NANOS, 1_000_000_000L),
                    f.integer("timeout_ns", 100_000_000L, MAX_NANOS, 10_000_000_000L),
                    token(f),
                    f.string("address"),
                    (int) f.integer("port", 0, 65535, 0));
            f.end();
            return s;
        }

        /** Whether datagrams are too small for the header: the small-datagram mode. */
        boolean small() {
            return size < HEADER_BYTES;
        }

        static byte[] token(Fields f) throws ProtocolException {
            try {
                return TokenGate.decode(f.string("token"));
            } catch (IllegalArgumentException e) {
                throw new ProtocolException("token: " + e.getMessage());
            }
        }
    }

    @Override
    protected Side open(String role, Fields spec, SideContext context) throws IOException {
        Spec s = Spec.parse(role, spec);
        DatagramChannel ch = DatagramChannel.open();
        try {
            if (s.role.equals("listen")) {
                if (s.window > 0) {
                    ch.setOption(StandardSocketOptions.SO_RCVBUF, s.window);
                }
                ch.bind(new InetSocketAddress(s.address, s.port));
                return new UdpReceiver(s, ch, context, dropHook);
            }
            if (s.window > 0) {
                ch.setOption(StandardSocketOptions.SO_SNDBUF, s.window);
            }
            ch.connect(new InetSocketAddress(s.address, s.port));
            return new Sender(s, ch, context);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw new IOException("udp " + role + " on " + s.address + ":" + s.port + ": " + e.getMessage(), e);
        }
    }

    abstract static class UdpSide implements Side {
        final Spec spec;
        final DatagramChannel channel;
        final Meter meter;
        volatile boolean cancelled;

        UdpSide(Spec spec, DatagramChannel channel, SideContext context) {
            this.spec = spec;
            this.channel = channel;
            // idle detection is the side's own (it knows when the sender is done), so the meter never stalls
            this.meter = new Meter(1, Duration.ZERO, Duration.ofNanos(spec.intervalNanos), Duration.ofNanos(MAX_NANOS), context, () -> { });
        }

        @Override
        public Map<String, Object> endpoint() {
            return Map.of();
        }

        @Override
        public void cancel() {
            cancelled = true;
            try {
                channel.close();
            } catch (IOException ignored) {
                // best effort
            }
        }

        /** Closes the channel; returns the error to report, "cancelled" if the side was. */
        String end(String error) {
            String reported = cancelled ? "cancelled" : error;
            cancel();
            return reported;
        }

        long socketBuffer(java.net.SocketOption<Integer> option) {
            try {
                return channel.getOption(option);
            } catch (IOException e) {
                return 0;
            }
        }
    }

    private static final class Sender extends UdpSide {
        Sender(Spec spec, DatagramChannel channel, SideContext context) {
            super(spec, channel, context);
        }

        @Override
        public Outcome run() {
            long sendBuffer = socketBuffer(StandardSocketOptions.SO_SNDBUF);
            ByteBuffer buf = ByteBuffer.allocateDirect(spec.size);
            if (!spec.small()) {
                buf.put(spec.token);
            }
            Pacer pacer = new Pacer(spec.rate);
            long sent = 0;
            long errors = 0;
            String error = null;
            try {
                if (spec.small()) {
                    UdpHeader.greet(channel, spec.token, () -> cancelled);
                }
                meter.start();
                long deadline = System.nanoTime() + spec.timeNanos;
                while (!cancelled && System.nanoTime() < deadline) {
                    buf.clear();
                    if (!spec.small()) {
                        buf.putLong(TokenGate.TOKEN_BYTES, sent);
                        buf.putLong(TokenGate.TOKEN_BYTES + 8, System.nanoTime());
                    }
                    try {
                        channel.write(buf);
                        sent++;
                        meter.add(0, spec.size);
                    } catch (ClosedChannelException e) {
                        throw e;
                    } catch (IOException e) {
                        // ENOBUFS, ECONNREFUSED from an ICMP port unreachable: counted, as netperf does
                        errors++;
                        LockSupport.parkNanos(50_000);
                    }
                    pacer.sent(spec.size);
                }
                sendEndMarkers(sent);
            } catch (IOException e) {
                error = e.getMessage();
            }
            error = end(error);
            Map<String, Object> extra = new LinkedHashMap<>();
            extra.put("messages_sent", sent);
            extra.put("send_errors", errors);
            extra.put("message_bytes", (long) spec.size);
            extra.put("send_socket_bytes", sendBuffer);
            return meter.finish(error, extra);
        }

        /** End markers are always full headers, so a small-datagram receiver tells them from data by length and token. */
        private void sendEndMarkers(long sent) throws IOException {
            ByteBuffer buf = ByteBuffer.allocate(HEADER_BYTES);
            for (int i = 0; i < END_MARKERS && !cancelled; i++) {
                try {
                    channel.write(UdpHeader.fill(buf, spec.token, ~sent));
                } catch (ClosedChannelException e) {
                    throw e;
                } catch (IOException e) {
                    // the receiver may be gone already; the shell reconciles from messages_sent
                }
                LockSupport.parkNanos(1_000_000);
            }
        }
    }
}
