package benchsh.peer.workload;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import java.io.IOException;
import java.net.PortUnreachableException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * The receiving side of {@link UdpStream}. Full headers: numbered messages into a {@link
 * SequenceLedger}, and jitter. Small datagrams: admits the first source whose hello carries the token,
 * then counts {@code size}-byte datagrams from it only. Strays are counted and never keep the receiver
 * waiting.
 *
 * <p>It ends when it has seen an end marker and drained its socket, or, if every marker was lost, once it
 * has been idle for {@link UdpStream#LINGER} past the test time. Its own silence detection: no datagram
 * with the token within {@code timeout} is a TIMEOUT; no datagram for {@code timeout} after data came is a
 * STALLED, with {@code stalled_seconds}. Runs on one thread; {@link #cancel} may be called from any.
 */
final class UdpReceiver extends SideBase {
    private static final Duration IDLE_POLL = Duration.ofMillis(100);
    private final UdpStream.Spec spec;
    private final DatagramPort port;
    private final LongPredicate dropHook;
    private final long token0;
    private final long token1;
    private final long receiveBufferBytes;
    private final SequenceLedger ledger = new SequenceLedger();
    private final InterarrivalJitter jitter = new InterarrivalJitter();
    /** Small datagrams: data datagrams seen (the drop hook's index) and counted. */
    private long arrivals;
    private long received;
    /** Small datagrams: the admitted sender, once its hello came. */
    private SocketAddress sender;
    /** The sender's count from an end marker, -1 before one came. */
    private long sent = -1;
    private long first;
    private long strays;
    /** Seconds without a datagram when the receiver gave up after data had come, else -1. */
    private long stalledSeconds = -1;

    UdpReceiver(UdpStream.Spec spec, Link link, DatagramPort port, SideContext context, LongPredicate dropHook) {
        super(Meter.Unit.BYTES, 1, Duration.ZERO, spec.timing().interval(), UdpStream.NO_METER_STALL, context);
        this.spec = spec;
        this.port = track(port);
        this.dropHook = dropHook;
        ByteBuffer t = ByteBuffer.wrap(link.tokenBytes());
        this.token0 = t.getLong(0);
        this.token1 = t.getLong(8);
        this.receiveBufferBytes = port.receiveBufferBytes();
    }

    @Override
    public Map<String, Object> endpoint() {
        return port.endpoint();
    }

    @Override
    protected void work() throws IOException {
        ByteBuffer buf = ByteBuffer.allocateDirect((int) UdpStream.MAX_SIZE + 1);
        long lastArrival = System.nanoTime();
        while (!cancelled()) {
            buf.clear();
            SocketAddress source;
            try {
                // the one place this side receives a datagram; once the end marker came, only what is queued
                source = port.receive(buf, sent >= 0 ? Duration.ZERO : IDLE_POLL);
            } catch (PortUnreachableException e) {
                continue; // ICMP for a hello echo: the sender's socket is gone, its end markers may still be queued
            }
            long now = System.nanoTime();
            if (source != null && (spec.small() ? small(buf, source, now) : numbered(buf, now))) {
                lastArrival = now;
                continue;
            }
            if (source != null) {
                strays++;
            } else if (sent >= 0) {
                return; // end marker seen and the socket is drained
            }
            // silence or strays only: strays never keep the receiver waiting
            long idle = now - lastArrival;
            if (sent >= 0 && idle > UdpStream.LINGER.toNanos()) {
                return; // end marker seen long ago, only strays since
            }
            boolean pastTime = meter.started() && now - first > spec.timeNanos();
            if (pastTime && idle > UdpStream.LINGER.toNanos()) {
                return; // every end marker was lost; the shell reconciles from the sender's count
            }
            if (idle > spec.timing().timeoutNanos()) {
                silent(idle);
                return;
            }
        }
    }

    /** Gives up after {@code idle} ns without a datagram: STALLED once data came, else TIMEOUT. */
    private void silent(long idle) {
        long seconds = Duration.ofNanos(idle).toSeconds();
        String strayNote = strays > 0 ? " (" + strays + " strays dropped)" : "";
        if (meter.started()) {
            stalledSeconds = seconds;
            fail(ErrorKind.STALLED, "no datagram for " + seconds + " s" + strayNote);
        } else {
            fail(ErrorKind.TIMEOUT, "no datagram with the test token within " + seconds + " s" + strayNote);
        }
    }

    @Override
    protected Map<String, Object> extraMetrics() {
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("messages_received", spec.small() ? received : ledger.received());
        if (!spec.small()) {
            extra.put("messages_out_of_order", ledger.outOfOrder());
            extra.put("messages_duplicate", ledger.duplicates());
        }
        if (sent >= 0) {
            extra.put("sender_messages_sent", sent);
            extra.put("messages_lost", spec.small() ? Math.max(0, sent - received) : ledger.lost(sent));
        }
        if (!spec.small()) {
            extra.put("jitter_us", jitter.nanos() / 1e3);
        }
        extra.put("message_bytes", (long) spec.size());
        extra.put("recv_socket_bytes", receiveBufferBytes);
        extra.put("strays_dropped", strays);
        if (stalledSeconds >= 0) {
            extra.put("stalled_seconds", stalledSeconds);
        }
        return extra;
    }

    /** A datagram with a full header: data or an end marker. False if it is a stray. */
    private boolean numbered(ByteBuffer buf, long now) {
        int n = buf.position();
        if (!UdpHeader.has(buf, n, token0, token1)) {
            return false;
        }
        long seq = UdpHeader.sequence(buf);
        if (seq == UdpHeader.HELLO) {
            return false; // a small-datagram sender's greeting: not ours to answer, and not an end marker
        }
        if (seq < 0) {
            sent = ~seq;
            return true;
        }
        if (dropHook.test(seq)) {
            return true;
        }
        startMeter(now);
        if (ledger.add(seq)) {
            jitter.add(UdpHeader.sendTime(buf), now);
            meter.add(0, n);
        }
        return true;
    }

    /**
     * A datagram in small-datagram mode: a hello (admits and connects to its source, echoed), an end
     * marker (a full header from the admitted sender) or exactly {@code size} payload bytes from it.
     * False if it is a stray.
     */
    private boolean small(ByteBuffer buf, SocketAddress source, long now) throws IOException {
        int n = buf.position();
        if (n == UdpStream.HEADER_BYTES && UdpHeader.has(buf, n, token0, token1)) {
            long seq = UdpHeader.sequence(buf);
            if (seq == UdpHeader.HELLO && (sender == null || sender.equals(source))) {
                if (sender == null) {
                    port.connect(source); // from now on the kernel drops datagrams from anywhere else
                    sender = source;
                }
                echo(buf);
                return true;
            }
            if (source.equals(sender) && seq < 0) {
                sent = ~seq;
                return true;
            }
            return false;
        }
        if (!source.equals(sender) || n != spec.size()) {
            return false; // before the hello, or queued from elsewhere before connect()
        }
        if (dropHook.test(arrivals++)) {
            return true;
        }
        startMeter(now);
        received++;
        meter.add(0, n);
        return true;
    }

    private void echo(ByteBuffer hello) throws IOException {
        hello.flip();
        try {
            port.send(hello);
        } catch (ClosedChannelException e) {
            throw e;
        } catch (IOException e) {
            // best effort: the sender retries its hello
        }
    }

    private void startMeter(long now) {
        if (!meter.started()) {
            meter.start();
            first = now;
        }
    }
}
