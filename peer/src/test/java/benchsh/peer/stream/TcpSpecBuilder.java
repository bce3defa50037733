package benchsh.peer.stream;

import benchsh.peer.io.TcpOptions;
import benchsh.peer.workload.Timing;
import java.time.Duration;

/**
 * {@link TcpStream.Spec}s for tests, by name: {@code tcp().send().size(1024).time(Duration.ofMillis(600)).build()}.
 * Unless set: a receiver of 128 KiB messages on one stream, {@link #TIMING}, no warm-up, the system's window, Nagle
 * on, unpaced, no zero-copy, the kernel's TCP options; a sender needs a time or a byte count. Not thread-safe.
 */
public final class TcpSpecBuilder {
    /** Samples every second; gives up after 10 s without data. */
    public static final Timing TIMING = new Timing(1_000_000_000L, 10_000_000_000L);

    private boolean send;
    private int size = 128 << 10;
    private long timeNanos;
    private long bytes;
    private int streams = 1;
    private long omitNanos;
    private Timing timing = TIMING;
    private int window;
    private boolean noDelay;
    private long rate;
    private boolean zeroCopy;
    private TcpOptions options = TcpOptions.NONE;

    private TcpSpecBuilder() {
    }

    /** A receiver, until {@link #send()}. */
    public static TcpSpecBuilder tcp() {
        return new TcpSpecBuilder();
    }

    public TcpSpecBuilder send() {
        this.send = true;
        return this;
    }

    /** Bytes per write (a sender) or the message size a receiver reads at least. */
    public TcpSpecBuilder size(int bytes) {
        this.size = bytes;
        return this;
    }

    /** A sender sends for this long after the warm-up. */
    public TcpSpecBuilder time(Duration d) {
        this.timeNanos = d.toNanos();
        return this;
    }

    /** A sender sends this many bytes in all. */
    public TcpSpecBuilder bytes(long n) {
        this.bytes = n;
        return this;
    }

    public TcpSpecBuilder streams(int n) {
        this.streams = n;
        return this;
    }

    /** The warm-up left out of the figures. */
    public TcpSpecBuilder omit(Duration d) {
        this.omitNanos = d.toNanos();
        return this;
    }

    public TcpSpecBuilder timing(Timing t) {
        this.timing = t;
        return this;
    }

    /** SO_SNDBUF and SO_RCVBUF in bytes. */
    public TcpSpecBuilder window(int bytes) {
        this.window = bytes;
        return this;
    }

    public TcpSpecBuilder noDelay() {
        this.noDelay = true;
        return this;
    }

    /** Bits/s for all streams together. */
    public TcpSpecBuilder rate(long bitsPerSecond) {
        this.rate = bitsPerSecond;
        return this;
    }

    public TcpSpecBuilder zeroCopy() {
        this.zeroCopy = true;
        return this;
    }

    /** The congestion control (TCP_CONGESTION), the MSS (TCP_MAXSEG) and the type of service; null leaves each as it is. */
    public TcpSpecBuilder options(String congestionControl, Integer mss, Integer tos) {
        this.options = new TcpOptions(congestionControl, mss, tos);
        return this;
    }

    public TcpStream.Spec build() {
        return new TcpStream.Spec(send, size, timeNanos, bytes, streams, omitNanos, timing, window, noDelay, rate, zeroCopy, options);
    }
}
