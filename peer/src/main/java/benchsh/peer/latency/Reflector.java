package benchsh.peer.latency;

import benchsh.peer.net.Endpoints;
import benchsh.peer.net.ReadyWait;
import benchsh.peer.protocol.Endpoint;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.Pacer;
import benchsh.peer.workload.SideBase;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Timing;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.time.Duration;

/**
 * The answering side of the latency probes: on the link's address, each datagram that carries the test's token is a
 * probe ({@link Prober#PROBE_BYTES}: token, sequence number, the prober's clock), answered at once with the sequence
 * number, the prober's clock echoed and this side's clock as the probe arrived and as the answer left ({@link
 * Prober#ANSWER_BYTES}); anything else is a stray, dropped and counted. A probe with sequence number -1 is the prober's
 * end. The side watches for silence on its own thread, between reads: no probe with the token within the timeout is
 * TIMEOUT, none for the timeout after the first is STALLED, and quiet for {@link #LINGER} past the test's time is a clean
 * end (the prober's end was lost). Thread-safety as {@link SideBase}.
 */
final class Reflector extends SideBase {
    static final Duration LINGER = Duration.ofSeconds(1);
    /** How long one wait for a datagram lasts before the silence is looked at. */
    private static final long WATCH_NANOS = 100_000_000L;

    private final LatencyProbe.ReflectorSpec spec;
    private final byte[] token;
    private final DatagramChannel channel;
    private final Pacer.Clock clock;
    private long answered;
    private long strays;

    private Reflector(LatencyProbe.ReflectorSpec spec, Link link, DatagramChannel channel, SideContext context, Pacer.Clock clock) {
        // the side watches for silence itself: strays must not count as activity
        super(Meter.Unit.TRANSACTIONS, 1, Duration.ZERO, spec.timing().interval(), Duration.ofNanos(Timing.MAX_NANOS), context);
        this.spec = spec;
        this.token = link.tokenBytes();
        this.channel = track(channel);
        this.clock = clock;
    }

    /** Binds the link's address (its port, or any free one) for UDP. */
    static Reflector bind(LatencyProbe.ReflectorSpec spec, Link link, SideContext context, Pacer.Clock clock) throws IOException {
        DatagramChannel channel = DatagramChannel.open();
        try {
            channel.bind(new InetSocketAddress(link.address(), link.port()));
            channel.configureBlocking(false);
        } catch (IOException e) {
            channel.close();
            throw new IOException("cannot listen on udp " + link.address() + ":" + link.port() + ": " + e.getMessage(), e);
        }
        return new Reflector(spec, link, channel, context, clock);
    }

    @Override
    public Endpoint endpoint() {
        return Endpoints.endpoint(channel);
    }

    @Override
    protected void work() throws IOException {
        ByteBuffer in = ByteBuffer.allocate(Prober.PROBE_BYTES + 1);
        ByteBuffer out = ByteBuffer.allocate(Prober.ANSWER_BYTES);
        ByteBuffer expected = ByteBuffer.wrap(token);
        long first = 0;
        long last = System.nanoTime();
        try (ReadyWait ready = new ReadyWait(this::cancelled)) {
            while (!cancelled()) {
                in.clear();
                SocketAddress from = channel.receive(in);
                if (from == null) {
                    long now = System.nanoTime();
                    if (ended(first, last, now)) {
                        return;
                    }
                    ready.await(channel, SelectionKey.OP_READ, now + WATCH_NANOS);
                    continue;
                }
                long arrived = clock.nanoTime();
                if (in.position() != Prober.PROBE_BYTES || in.getLong(0) != expected.getLong(0) || in.getLong(8) != expected.getLong(8)) {
                    strays++;
                    continue;
                }
                long seq = in.getLong(16);
                if (seq < 0) {
                    return;
                }
                last = System.nanoTime();
                first = first == 0 ? last : first;
                out.clear();
                out.putLong(seq).putLong(in.getLong(24)).putLong(arrived).putLong(clock.nanoTime()).flip();
                channel.send(out, from);
                answered++;
            }
        }
    }

    /**
     * Whether the side is done by its silence rules at {@code now}: past the test's time and quiet for {@link #LINGER} (a
     * clean end), or quiet for the timeout (a failure, recorded).
     */
    private boolean ended(long first, long last, long now) {
        long quiet = now - last;
        if (first != 0 && now - first > spec.timeNanos() && quiet > LINGER.toNanos()) {
            return true;
        }
        if (quiet > spec.timing().timeoutNanos()) {
            long seconds = Duration.ofNanos(quiet).toSeconds();
            if (first == 0) {
                fail(ErrorKind.TIMEOUT, "no probe with the test token within " + seconds + " s");
            } else {
                meter.stalled(seconds);
                fail(ErrorKind.STALLED, "no probe for " + seconds + " s");
            }
            return true;
        }
        return false;
    }

    @Override
    protected LatencyProbe.ReflectorReport report() {
        return new LatencyProbe.ReflectorReport(answered, strays);
    }
}
