package benchsh.peer.workload;

import benchsh.peer.net.TokenGate;
import benchsh.peer.protocol.Link;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * The sending side of {@link UdpStream}: greets the receiver first when datagrams are too small for the
 * header, sends {@code size}-byte datagrams for {@code time} (paced by a {@link Pacer} when a rate is
 * given), then the end markers. A datagram the kernel refuses (ENOBUFS, ECONNREFUSED from an ICMP port
 * unreachable) is counted in {@code send_errors} and the sender goes on, as netperf does. Runs on one
 * thread; {@link #cancel} may be called from any.
 */
final class UdpSender extends SideBase {
    private final UdpStream.Spec spec;
    private final byte[] token;
    private final DatagramPort port;
    private final long sendBufferBytes;
    private long sent;
    private long errors;

    UdpSender(UdpStream.Spec spec, Link link, DatagramPort port, SideContext context) {
        super(Meter.Unit.BYTES, 1, Duration.ZERO, spec.timing().interval(), UdpStream.NO_METER_STALL, context);
        this.spec = spec;
        this.token = link.tokenBytes();
        this.port = track(port);
        this.sendBufferBytes = port.sendBufferBytes();
    }

    @Override
    public Map<String, Object> endpoint() {
        return Map.of();
    }

    @Override
    protected void work() throws IOException {
        ByteBuffer datagram = ByteBuffer.allocateDirect(spec.size());
        if (!spec.small()) {
            datagram.put(token);
        }
        Pacer pacer = new Pacer(spec.rate());
        if (spec.small()) {
            UdpHeader.greet(port, token, this::cancelled);
        }
        meter.start();
        long deadline = System.nanoTime() + spec.timeNanos();
        while (!cancelled() && System.nanoTime() < deadline) {
            datagram.clear();
            if (!spec.small()) {
                datagram.putLong(TokenGate.TOKEN_BYTES, sent);
                datagram.putLong(TokenGate.TOKEN_BYTES + 8, System.nanoTime());
            }
            if (send(datagram)) {
                sent++;
                meter.add(0, spec.size());
            } else {
                errors++;
                LockSupport.parkNanos(50_000);
            }
            pacer.sent(spec.size());
        }
        sendEndMarkers();
    }

    @Override
    protected Map<String, Object> extraMetrics() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("messages_sent", sent);
        m.put("send_errors", errors);
        m.put("message_bytes", (long) spec.size());
        m.put("send_socket_bytes", sendBufferBytes);
        return m;
    }

    /** End markers are always full headers, so a small-datagram receiver tells them from data by length and token. */
    private void sendEndMarkers() throws IOException {
        ByteBuffer marker = ByteBuffer.allocate(UdpStream.HEADER_BYTES);
        for (int i = 0; i < UdpStream.END_MARKERS && !cancelled(); i++) {
            send(UdpHeader.fill(marker, token, ~sent)); // a refused one: the receiver may be gone; the shell reconciles from messages_sent
            LockSupport.parkNanos(1_000_000);
        }
    }

    /**
     * The one place this side sends a datagram. False if the kernel refused it (the socket goes on).
     *
     * @throws ClosedChannelException once the side was cancelled or failed
     */
    private boolean send(ByteBuffer datagram) throws IOException {
        try {
            port.send(datagram);
            return true;
        } catch (ClosedChannelException e) {
            throw e;
        } catch (IOException e) {
            return false;
        }
    }
}
