package benchsh.peer.rr;

import benchsh.peer.workload.Timing;
import java.time.Duration;

/**
 * The request/response workloads' specs ({@link TcpRr}, {@link TcpCrr}, {@link UdpRr}) for tests, by name:
 * {@code rr().request(64).response(1024).time(Duration.ofMillis(600)).histogram().tcpClient()}. Unless set: 1-byte
 * requests and responses for 1 s, no warm-up, {@link #TIMING}, no latency histogram, one transaction at a time.
 * Not thread-safe.
 */
public final class RrSpecBuilder {
    /** Samples every second; gives up after 10 s without an answer. */
    public static final Timing TIMING = new Timing(1_000_000_000L, 10_000_000_000L);

    private int request = 1;
    private int response = 1;
    private long timeNanos = 1_000_000_000L;
    private long omitNanos;
    private Timing timing = TIMING;
    private boolean histogram;
    private int burst;

    private RrSpecBuilder() {
    }

    public static RrSpecBuilder rr() {
        return new RrSpecBuilder();
    }

    /** Bytes per request. */
    public RrSpecBuilder request(int bytes) {
        this.request = bytes;
        return this;
    }

    /** Bytes per response. */
    public RrSpecBuilder response(int bytes) {
        this.response = bytes;
        return this;
    }

    /** How long the client asks (and a UDP server answers) after the warm-up. */
    public RrSpecBuilder time(Duration d) {
        this.timeNanos = d.toNanos();
        return this;
    }

    /** The warm-up left out of the figures. */
    public RrSpecBuilder omit(Duration d) {
        this.omitNanos = d.toNanos();
        return this;
    }

    public RrSpecBuilder timing(Timing t) {
        this.timing = t;
        return this;
    }

    /** The client reports its latency buckets. */
    public RrSpecBuilder histogram() {
        this.histogram = true;
        return this;
    }

    /** Transactions the TCP_RR client keeps in flight beyond the first (netperf's -b). */
    public RrSpecBuilder burst(int n) {
        this.burst = n;
        return this;
    }

    public TcpRr.ServerSpec tcpServer() {
        return new TcpRr.ServerSpec(request, response, omitNanos, timing);
    }

    public TcpRr.ClientSpec tcpClient() {
        return new TcpRr.ClientSpec(request, response, timeNanos, omitNanos, timing, histogram, burst);
    }

    public TcpCrr.ServerSpec crrServer() {
        return new TcpCrr.ServerSpec(request, response, omitNanos, timing);
    }

    public TcpCrr.ClientSpec crrClient() {
        return new TcpCrr.ClientSpec(request, response, timeNanos, omitNanos, timing, histogram);
    }

    public UdpRr.ServerSpec udpServer() {
        return new UdpRr.ServerSpec(response, timeNanos, omitNanos, timing);
    }

    public UdpRr.ClientSpec udpClient() {
        return new UdpRr.ClientSpec(request, response, timeNanos, omitNanos, timing, histogram);
    }
}
