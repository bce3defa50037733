package benchsh.peer.rr;

import benchsh.peer.io.RrConnection;
import benchsh.peer.protocol.Endpoint;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.SideBase;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Timing;
import java.io.IOException;
import java.time.Duration;

/**
 * The asking side of every request/response workload ({@link TcpRr}, {@link TcpCrr}, {@link UdpRr}): the
 * transaction clock and its figures. After {@link #open} the clock starts; transactions run for the warm-up
 * {@code omit} plus {@code time}; every answered one is counted in the {@link Meter} (transactions and
 * transactions/s, the warm-up left out) and, if it started after the warm-up, its round trip goes into a
 * {@link LatencyHistogram}. Its report is a {@link RrReport.Client}: the meter's figures, the latencies, with {@code
 * histogram} the buckets, and the sockets' path if the client says ({@link #sockets}). The meter declares a stall
 * (STALLED, "no data for N s") when no transaction completes for the timing's timeout.
 *
 * <p>Its TCP connects ({@link #connect}) follow the timeout rule of {@link benchsh.peer.workload.LinkedSide}: a connect
 * waits at most the timing's timeout, and never past the side's deadline.
 *
 * <p>The default {@link #work} asks one transaction at a time; a client that keeps several in flight
 * replaces it, using {@link #startClock}, {@link #running} and {@link #completed}. {@link #completed}
 * must be called from one thread at a time.
 */
abstract class RrClient extends SideBase {
    /** How late the meter may see a stall: its sampling step, and more on a loaded machine. */
    private static final long STALL_SLACK_NANOS = 1_000_000_000L;
    private final SideContext context;
    private final Duration timeout;
    private final long timeNanos;
    private final long omitNanos;
    private final boolean histogram;
    private final LatencyHistogram latency = new LatencyHistogram();
    private long measureFrom;
    private long deadline;

    /**
     * @param timeNanos how long to ask after the warm-up
     * @param omitNanos the warm-up, counted by the meter apart and kept out of the latencies
     * @param histogram also report the latency buckets
     */
    RrClient(long timeNanos, long omitNanos, Timing timing, boolean histogram, SideContext context) {
        super(Meter.Unit.TRANSACTIONS, 1, Duration.ofNanos(omitNanos), timing.interval(), timing.timeout(), context);
        this.timeNanos = timeNanos;
        this.omitNanos = omitNanos;
        this.histogram = histogram;
        this.context = context;
        this.timeout = timing.timeout();
    }

    /** Reaches the server, before the clock starts. */
    protected abstract void open() throws IOException;

    /** Asks one transaction and waits for its answer; false if it went unanswered. */
    protected abstract boolean transaction() throws IOException;

    /** Tells the server the test is over (also after a cancel, when it may fail). */
    protected abstract void end() throws IOException;

    @Override
    public Endpoint endpoint() {
        return null;
    }

    @Override
    protected void work() throws IOException, InterruptedException {
        open();
        startClock();
        long now = System.nanoTime();
        while (running(now)) {
            boolean answered = transaction();
            long end = System.nanoTime();
            if (answered) {
                completed(now, end);
            }
            now = end;
        }
        end();
    }

    /**
     * Connects {@code connection} to the server within the timing's timeout, and never past the side's deadline. Before
     * the clock starts the connect has a timer of its own. Once the clock runs, the meter's stall (no transaction for
     * the timeout) closes a connect that hangs, so the connect takes a timer of its own only when the side's deadline
     * would come first: a TCP_CRR transaction's connect costs no system call for a timer (a timed one costs two
     * setsockopt(2) on the native sockets, more on NIO).
     *
     * @throws java.net.SocketTimeoutException when the connect's own timer ran out
     */
    protected final void connect(RrConnection connection) throws IOException {
        if (meter.started() && context.deadlineNanos() - System.nanoTime() > timeout.toNanos() + STALL_SLACK_NANOS) {
            connection.connect();
        } else {
            connection.connect(context.waitAtMost(timeout));
        }
    }

    /** Starts the meter and the test's time: transactions from now on count. */
    protected final void startClock() {
        meter.start();
        measureFrom = System.nanoTime() + omitNanos;
        deadline = measureFrom + timeNanos;
    }

    /** Whether to ask another transaction at {@code nowNanos} (System.nanoTime): not cancelled and within the test's time. */
    protected final boolean running(long nowNanos) {
        return !cancelled() && nowNanos - deadline < 0;
    }

    /** Counts one answered transaction, asked at {@code askedNanos} and answered at {@code answeredNanos}. */
    protected final void completed(long askedNanos, long answeredNanos) {
        meter.add(0, 1);
        if (askedNanos - measureFrom >= 0) {
            latency.record(answeredNanos - askedNanos);
        }
    }

    /** The sockets chosen for the connections, reported as {@code client_io} (and {@code client_io_note}); null if none. */
    protected RrIo.Chosen<?> sockets() {
        return null;
    }

    /** Requests sent again after no response (UDP); null for a client that never sends one again. */
    protected Long retransmits() {
        return null;
    }

    @Override
    protected RrReport.Client report() {
        RrIo.Chosen<?> sockets = sockets();
        RrReport.Latency l = new RrReport.Latency(latency.min() / 1e3, latency.mean() / 1e3, latency.percentile(50) / 1e3, latency.percentile(90) / 1e3,
                latency.percentile(99) / 1e3, latency.percentile(99.9) / 1e3, latency.max() / 1e3, histogram ? latency.buckets() : null);
        return new RrReport.Client(meter.transacted(), latency.count(), l, sockets == null ? null : new RrReport.ClientSockets(sockets.io(), sockets.note()),
                retransmits());
    }
}
