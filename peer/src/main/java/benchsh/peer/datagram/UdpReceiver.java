package benchsh.peer.datagram;

import benchsh.peer.io.BatchedDatagramSocket;
import benchsh.peer.io.DatagramBatch;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.SideBase;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Timing;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * The receiving side of {@link UdpStream}. Receives batches and handles each datagram on its own. Full
 * headers: numbered messages of exactly {@code size} bytes into a {@link SequenceLedger}, and jitter. Small
 * datagrams: admits the first source whose hello carries the token, then counts {@code size}-byte datagrams
 * from it only. Strays (no token, wrong size, another source) are counted and never keep the receiver
 * waiting. One clock read and one meter update per batch: every datagram of a batch arrived by that time.
 * An empty socket is asked again for the busy wait of the spec's {@link Timing} before the receiver sleeps: a
 * sender on the same machine (loopback, veth) delivers each datagram within its own send call, and waking a
 * sleeping receiver is part of that call.
 *
 * <p>It ends when it has seen an end marker and drained its socket, or, if every marker was lost, once it
 * has been idle for {@link UdpStream#LINGER} past warm-up and test time. Its own silence detection: no datagram
 * with the token within {@code timeout} is a TIMEOUT; no datagram for {@code timeout} after data came is a
 * STALLED, with {@code stalled_seconds}. Runs on one thread; {@link #cancel} may be called from any.
 */
final class UdpReceiver extends SideBase {
    private static final Duration IDLE_POLL = Duration.ofMillis(100);
    private final UdpStream.Spec spec;
    private final BatchedDatagramSocket socket;
    private final LongPredicate dropHook;
    private final byte[] token;
    private final long token0;
    private final long token1;
    private final long receiveBufferBytes;
    private final SequenceLedger ledger = new SequenceLedger();
    private final InterarrivalJitter jitter = new InterarrivalJitter();
    private final DatagramBatch control = UdpHeader.control();
    private final DatagramBatch in;
    /** Small datagrams: data datagrams seen (the drop hook's index) and counted. */
    private long arrivals;
    private long received;
    /** Small datagrams: the admitted sender, once its hello came. */
    private InetSocketAddress sender;
    /** The sender's count from an end marker, -1 before one came. */
    private long sent = -1;
    private long first;
    private long strays;
    /** Bytes counted in the batch at hand, added to the meter once per batch. */
    private long batchBytes;
    /** Seconds without a datagram when the receiver gave up after data had come, else -1. */
    private long stalledSeconds = -1;

    UdpReceiver(UdpStream.Spec spec, Link link, BatchedDatagramSocket socket, SideContext context, LongPredicate dropHook) {
        super(Meter.Unit.BYTES, 1, Duration.ofNanos(spec.omitNanos()), spec.timing().interval(), UdpStream.NO_METER_STALL, context);
        this.spec = spec;
        this.socket = track(socket);
        this.dropHook = dropHook;
        this.token = link.tokenBytes();
        ByteBuffer t = ByteBuffer.wrap(token);
        this.token0 = t.getLong(0);
        this.token1 = t.getLong(8);
        this.receiveBufferBytes = bufferBytes(socket::receiveBufferBytes);
        int slotBytes = Math.max(spec.size(), UdpStream.HEADER_BYTES) + 1; // one byte more: a longer datagram shows as too long
        this.in = new DatagramBatch(Math.min(spec.batch(), Math.max(1, UdpStream.MAX_BATCH_BYTES / slotBytes)), slotBytes);
    }

    /** A socket option read for the result: 0 if the socket cannot tell. */
    interface BufferSize {
        int bytes() throws IOException;
    }

    static long bufferBytes(BufferSize option) {
        try {
            return option.bytes();
        } catch (IOException e) {
            return 0;
        }
    }

    @Override
    public Map<String, Object> endpoint() {
        try {
            return Map.of("port", (long) socket.localAddress().getPort());
        } catch (IOException e) {
            return Map.of(); // closed
        }
    }

    @Override
    protected void work() throws IOException {
        long lastArrival = System.nanoTime();
        while (!cancelled()) {
            // the one place this side receives; once the end marker came, only what is queued
            int n = receive();
            long now = System.nanoTime();
            if (n > 0 && handle(n, now)) {
                lastArrival = now;
                continue;
            }
            if (n == 0 && sent >= 0) {
                return; // end marker seen and the socket is drained
            }
            // silence or strays only: strays never keep the receiver waiting
            long idle = now - lastArrival;
            if (sent >= 0 && idle > UdpStream.LINGER.toNanos()) {
                return; // end marker seen long ago, only strays since
            }
            boolean pastTime = meter.started() && now - first > spec.sendNanos();
            if (pastTime && idle > UdpStream.LINGER.toNanos()) {
                return; // every end marker was lost; the shell reconciles from the sender's count
            }
            if (idle > spec.timing().timeoutNanos()) {
                silent(idle);
                return;
            }
        }
    }

    /**
     * The next batch: what is queued, else whatever comes within the busy wait of asking without sleeping, else
     * within {@link #IDLE_POLL} asleep. Once the end marker came, only what is queued.
     */
    private int receive() throws IOException {
        int n = socket.receive(in, Duration.ZERO);
        if (n > 0 || sent >= 0) {
            return n;
        }
        long busyUntil = System.nanoTime() + spec.timing().busyWaitNanos();
        while (System.nanoTime() < busyUntil && !cancelled()) {
            if ((n = socket.receive(in, Duration.ZERO)) > 0) {
                return n;
            }
        }
        return socket.receive(in, IDLE_POLL);
    }

    /** Handles the {@code n} datagrams received at {@code now}; true if any was the test's. */
    private boolean handle(int n, long now) throws IOException {
        boolean any = false;
        batchBytes = 0;
        for (int i = 0; i < n; i++) {
            ByteBuffer d = in.slot(i);
            int length = in.length(i);
            if (spec.small() ? small(d, length, in.source(i), now) : numbered(d, length, now)) {
                any = true;
            } else {
                strays++;
            }
        }
        if (batchBytes > 0) {
            meter.addOwned(0, batchBytes); // this thread alone counts for the receiver
        }
        return any;
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
        extra.put("recv_batch", (long) in.slots());
        extra.put("recv_io", socket.io().label());
        if (!socket.fallback().isEmpty()) {
            extra.put("recv_io_note", socket.fallback());
        }
        return extra;
    }

    /** A datagram with a full header: an end marker (any length), or data of exactly {@code size} bytes. False if it is a stray. */
    private boolean numbered(ByteBuffer d, int length, long now) {
        if (!UdpHeader.has(d, length, token0, token1)) {
            return false;
        }
        long seq = UdpHeader.sequence(d);
        if (seq == UdpHeader.HELLO) {
            return false; // a small-datagram sender's greeting: not ours to answer, and not an end marker
        }
        if (seq < 0) {
            sent = ~seq;
            return true;
        }
        if (length != spec.size()) {
            return false;
        }
        if (dropHook.test(seq)) {
            return true;
        }
        startMeter(now);
        if (ledger.add(seq)) {
            jitter.add(UdpHeader.sendTime(d), now);
            batchBytes += length;
        }
        return true;
    }

    /**
     * A datagram in small-datagram mode: a hello (admits and connects to its source, echoed), an end
     * marker (a full header from the admitted sender) or exactly {@code size} payload bytes from it.
     * False if it is a stray.
     */
    private boolean small(ByteBuffer d, int length, InetSocketAddress source, long now) throws IOException {
        if (length == UdpStream.HEADER_BYTES && UdpHeader.has(d, length, token0, token1)) {
            long seq = UdpHeader.sequence(d);
            if (seq == UdpHeader.HELLO && (sender == null || sender.equals(source))) {
                if (sender == null) {
                    socket.connect(source); // from now on the kernel drops datagrams from anywhere else
                    sender = source;
                }
                UdpHeader.send(socket, control, token, UdpHeader.HELLO); // best effort: a refused echo, the sender retries its hello
                return true;
            }
            if (source.equals(sender) && seq < 0) {
                sent = ~seq;
                return true;
            }
            return false;
        }
        if (!source.equals(sender) || length != spec.size()) {
            return false; // before the hello, or queued from elsewhere before connect()
        }
        if (dropHook.test(arrivals++)) {
            return true;
        }
        startMeter(now);
        received++;
        batchBytes += length;
        return true;
    }

    private void startMeter(long now) {
        if (!meter.started()) {
            meter.start();
            first = now;
        }
    }
}
