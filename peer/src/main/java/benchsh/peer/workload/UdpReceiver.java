package benchsh.peer.workload;

import benchsh.peer.net.Endpoints;
import java.io.IOException;
import java.net.PortUnreachableException;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * The receiving side of {@link UdpStream}. Full headers: numbered messages into a {@link
 * SequenceLedger}, and jitter. Small datagrams: admits the first source whose hello carries the token,
 * then counts {@code size}-byte datagrams from it only. Strays are counted and never keep the receiver
 * waiting. Runs on one thread; {@link #cancel} may be called from any.
 */
final class UdpReceiver extends UdpStream.UdpSide {
    private static final long IDLE_POLL_MS = 100;
    private final LongPredicate dropHook;
    private final long token0;
    private final long token1;
    private final SequenceLedger ledger = new SequenceLedger();
    private final InterarrivalJitter jitter = new InterarrivalJitter();
    /** Small datagrams: data datagrams seen (the drop hook's index) and counted. */
    private long arrivals;
    private long received;
    /** Small datagrams: the admitted sender, once its hello came. */
    private SocketAddress sender;
    private long sent = -1;
    private long first;

    UdpReceiver(UdpStream.Spec spec, DatagramChannel channel, SideContext context, LongPredicate dropHook) {
        super(spec, channel, context);
        this.dropHook = dropHook;
        ByteBuffer t = ByteBuffer.wrap(spec.token());
        this.token0 = t.getLong(0);
        this.token1 = t.getLong(8);
    }

    @Override
    public Map<String, Object> endpoint() {
        return Endpoints.endpoint(channel);
    }

    @Override
    public Outcome run() {
        long receiveBuffer = socketBuffer(StandardSocketOptions.SO_RCVBUF);
        ByteBuffer buf = ByteBuffer.allocateDirect((int) UdpStream.MAX_SIZE + 1);
        long strays = 0;
        long lastArrival = System.nanoTime();
        String error = null;
        try (Selector selector = Selector.open()) {
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_READ);
            while (!cancelled) {
                buf.clear();
                SocketAddress source;
                try {
                    source = channel.receive(buf);
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
                    break; // end marker seen and the socket is drained
                } else {
                    selector.select(IDLE_POLL_MS);
                    selector.selectedKeys().clear();
                    now = System.nanoTime();
                }
                // silence or strays only: strays never keep the receiver waiting
                long idle = now - lastArrival;
                if (sent >= 0 && idle > UdpStream.LINGER.toNanos()) {
                    break; // end marker seen long ago, only strays since
                }
                boolean pastTime = meter.started() && now - first > spec.timeNanos();
                if (pastTime && idle > UdpStream.LINGER.toNanos()) {
                    break; // every end marker was lost; the shell reconciles from the sender's count
                }
                if (idle > spec.timeoutNanos()) {
                    error = (meter.started() ? "no datagram for " : "no datagram with the test token within ")
                            + Duration.ofNanos(idle).toSeconds() + " s" + (strays > 0 ? " (" + strays + " strays dropped)" : "");
                    break;
                }
            }
        } catch (IOException e) {
            error = e.getMessage();
        }
        error = end(error);
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
        extra.put("recv_socket_bytes", receiveBuffer);
        extra.put("strays_dropped", strays);
        return meter.finish(error, extra);
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
                    channel.connect(source); // from now on the kernel drops datagrams from anywhere else
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
            channel.write(hello);
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
