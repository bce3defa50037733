package benchsh.peer.datagram;

import benchsh.peer.facts.EgressLink;
import benchsh.peer.io.BatchedDatagramSocket;
import benchsh.peer.io.DatagramBatch;
import benchsh.peer.io.Sent;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.Endpoint;
import benchsh.peer.protocol.Link;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.Pacer;
import benchsh.peer.workload.SideBase;
import benchsh.peer.workload.SideContext;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * The sending side of {@link UdpStream}: greets the receiver first when datagrams are too small for the
 * header, sends {@code size}-byte datagrams for {@code omit} plus {@code time} in batches of {@link #batchFor} (paced by a
 * {@link Pacer} per batch when a rate is given), then the end markers. Each batch costs one clock read (its
 * send time in every header and the deadline check), one meter update and one pacer step, whatever its length.
 * A datagram the kernel refuses (ENOBUFS, ECONNREFUSED from an ICMP port unreachable) is counted in {@code
 * send_errors}, its sequence number goes to the next datagram, and the sender goes on, as netperf does. Runs on
 * one thread; {@link #cancel} may be called from any.
 */
final class UdpSender extends SideBase {
    /** A paced sender's batch holds at most this much of its rate, so it never bursts far ahead of it. */
    static final Duration PACED_BURST = Duration.ofMillis(1);
    private static final long REFUSED_PAUSE_NANOS = 50_000;
    private final UdpStream.Spec spec;
    private final byte[] token;
    private final BatchedDatagramSocket socket;
    private final long sendBufferBytes;
    private final int batch;
    private final String destination;
    private long sent;
    private long errors;

    UdpSender(UdpStream.Spec spec, Link link, BatchedDatagramSocket socket, SideContext context) {
        super(Meter.Unit.BYTES, 1, Duration.ofNanos(spec.omitNanos()), spec.timing().interval(), UdpStream.NO_METER_STALL, context);
        this.spec = spec;
        this.token = link.tokenBytes();
        this.socket = track(socket);
        this.sendBufferBytes = UdpReceiver.bufferBytes(socket::sendBufferBytes);
        this.batch = batchFor(spec);
        this.destination = link.address();
    }

    /**
     * Datagrams per send: {@code batch}, at most {@link UdpStream#MAX_BATCH_BYTES} of memory, and for a paced
     * sender at most {@link #PACED_BURST} of its rate (at least one datagram).
     */
    static int batchFor(UdpStream.Spec spec) {
        int b = Math.min(spec.batch(), Math.max(1, UdpStream.MAX_BATCH_BYTES / spec.size()));
        if (spec.rate() > 0) {
            double burstBytes = spec.rate() / 8.0 * PACED_BURST.toNanos() / 1e9;
            b = (int) Math.min(b, Math.max(1, (long) (burstBytes / spec.size())));
        }
        return b;
    }

    @Override
    public Endpoint endpoint() {
        return null;
    }

    @Override
    protected void work() throws IOException {
        DatagramBatch data = new DatagramBatch(batch, spec.size());
        if (!spec.small()) {
            for (int i = 0; i < batch; i++) {
                data.slot(i).put(token); // slots keep their bytes: only sequence and time change per send
            }
        }
        Pacer pacer = new Pacer(spec.rate());
        if (spec.small()) {
            UdpHeader.greet(socket, token, this::cancelled);
        }
        meter.start();
        long deadline = System.nanoTime() + spec.sendNanos();
        for (long now = System.nanoTime(); !cancelled() && now < deadline; now = System.nanoTime()) {
            if (!spec.small()) {
                stamp(data, now);
            }
            Sent out = socket.send(data.ready(batch)); // throws once the side was cancelled or failed
            sent += out.datagrams();
            meter.addOwned(0, (long) out.datagrams() * spec.size()); // this thread alone counts for the sender
            pacer.sent((long) (out.datagrams() + out.errors()) * spec.size());
            if (out.errors() > 0) {
                errors += out.errors();
                LockSupport.parkNanos(REFUSED_PAUSE_NANOS);
            }
        }
        sendEndMarkers();
    }

    /** Numbers the batch's slots from {@link #sent} (unsent ones are numbered again) and stamps them with {@code now}. */
    private void stamp(DatagramBatch data, long now) {
        for (int i = 0; i < batch; i++) {
            data.slot(i).putLong(UdpHeader.SEQUENCE_AT, sent + i).putLong(UdpHeader.SEND_TIME_AT, now);
        }
    }

    @Override
    protected UdpStream.SenderReport report() {
        return new UdpStream.SenderReport(meter.streamed(), sent, spec.size(), new UdpStream.Sent(errors, sendBufferBytes, batch, socket.io().label(),
                socket.fallback().isEmpty() ? null : socket.fallback()), egress());
    }

    /** The link toward the receiver, read after the data went (tc takes milliseconds); unknown for an address that does not resolve. */
    private EgressLink egress() {
        try {
            return EgressLink.toward(java.net.InetAddress.getByName(destination));
        } catch (java.net.UnknownHostException e) {
            return EgressLink.UNKNOWN;
        }
    }

    /**
     * End markers are always full headers, so a small-datagram receiver tells them from data by length and token.
     * They go 1, 2, 4, 8 ms apart, so a receiver still draining a full buffer of data (a batched, unpaced sender
     * leaves one) has time to make room for a later one.
     */
    private void sendEndMarkers() throws IOException {
        DatagramBatch marker = UdpHeader.control();
        for (int i = 0; i < UdpStream.END_MARKERS && !cancelled(); i++) {
            UdpHeader.send(socket, marker, token, ~sent); // a refused one: the receiver may be gone; the shell reconciles from messages_sent
            if (i + 1 < UdpStream.END_MARKERS) {
                LockSupport.parkNanos(1_000_000L << i);
            }
        }
    }
}
