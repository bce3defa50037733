package benchsh.peer.rr;

import benchsh.peer.workload.Meter;
import benchsh.peer.workload.SideBase;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Timing;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The asking side of every request/response workload ({@link TcpRr}, {@link TcpCrr}, {@link UdpRr}): the
 * transaction clock and its figures. After {@link #open} the clock starts; transactions run for the warm-up
 * {@code omit} plus {@code time}; every answered one is counted in the {@link Meter} (transactions and
 * transactions/s, the warm-up left out) and, if it started after the warm-up, its round trip goes into a
 * {@link LatencyHistogram}. The figures: {@code latency_count}, {@code latency_min_us}, {@code _mean_us},
 * {@code _p50_us}, {@code _p90_us}, {@code _p99_us}, {@code _p99_9_us}, {@code _max_us} (µs), and with
 * {@code histogram} the non-empty buckets as {@code latency_buckets_ns}, and the sockets' path if the client
 * says ({@link #sockets}). The meter declares a stall
 * (STALLED, "no data for N s") when no transaction completes for the timing's timeout.
 *
 * <p>The default {@link #work} asks one transaction at a time; a client that keeps several in flight
 * replaces it, using {@link #startClock}, {@link #running} and {@link #completed}. {@link #completed}
 * must be called from one thread at a time.
 */
abstract class RrClient extends SideBase {
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
    }

    /** Reaches the server, before the clock starts. */
    protected abstract void open() throws IOException;

    /** Asks one transaction and waits for its answer; false if it went unanswered. */
    protected abstract boolean transaction() throws IOException;

    /** Tells the server the test is over (also after a cancel, when it may fail). */
    protected abstract void end() throws IOException;

    @Override
    public Map<String, Object> endpoint() {
        return Map.of();
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

    @Override
    protected Map<String, Object> extraMetrics() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("latency_count", latency.count());
        m.put("latency_min_us", latency.min() / 1e3);
        m.put("latency_mean_us", latency.mean() / 1e3);
        m.put("latency_p50_us", latency.percentile(50) / 1e3);
        m.put("latency_p90_us", latency.percentile(90) / 1e3);
        m.put("latency_p99_us", latency.percentile(99) / 1e3);
        m.put("latency_p99_9_us", latency.percentile(99.9) / 1e3);
        m.put("latency_max_us", latency.max() / 1e3);
        if (histogram) {
            m.put("latency_buckets_ns", latency.buckets());
        }
        RrIo.Chosen<?> sockets = sockets();
        if (sockets != null) {
            sockets.report(m, "client");
        }
        return m;
    }
}
