package benchsh.peer.datagram;

import benchsh.peer.io.IoPath;
import benchsh.peer.workload.Timing;
import java.time.Duration;

/**
 * {@link UdpStream.Spec}s for tests, by name: {@code udp().size(1472).time(Duration.ofSeconds(1)).rate(20_000_000L).build()}.
 * Unless set: 1000-byte datagrams for 10 s, no warm-up, unpaced, the system's buffers, {@link #TIMING}, one datagram
 * per call on the GSO path (where the JVM has it). Not thread-safe.
 */
public final class UdpSpecBuilder {
    /** Samples every second; gives up after 10 s without data. */
    public static final Timing TIMING = new Timing(1_000_000_000L, 10_000_000_000L);

    private int size = 1000;
    private long timeNanos = 10_000_000_000L;
    private long omitNanos;
    private long rate;
    private int window;
    private Timing timing = TIMING;
    private int batch = 1;
    private IoPath io = IoPath.GSO;

    private UdpSpecBuilder() {
    }

    public static UdpSpecBuilder udp() {
        return new UdpSpecBuilder();
    }

    /** Bytes per datagram. */
    public UdpSpecBuilder size(int bytes) {
        this.size = bytes;
        return this;
    }

    /** How long the sender sends (and the receiver expects datagrams) after the warm-up. */
    public UdpSpecBuilder time(Duration d) {
        this.timeNanos = d.toNanos();
        return this;
    }

    /** The warm-up left out of the rates. */
    public UdpSpecBuilder omit(Duration d) {
        this.omitNanos = d.toNanos();
        return this;
    }

    /** Bits/s the sender is paced to. */
    public UdpSpecBuilder rate(long bitsPerSecond) {
        this.rate = bitsPerSecond;
        return this;
    }

    /** SO_SNDBUF and SO_RCVBUF in bytes. */
    public UdpSpecBuilder window(int bytes) {
        this.window = bytes;
        return this;
    }

    public UdpSpecBuilder timing(Timing t) {
        this.timing = t;
        return this;
    }

    /** Datagrams per system call, on path {@code io}. */
    public UdpSpecBuilder batch(int datagrams, IoPath path) {
        this.batch = datagrams;
        this.io = path;
        return this;
    }

    public UdpStream.Spec build() {
        return new UdpStream.Spec(size, timeNanos, omitNanos, rate, window, timing, batch, io);
    }
}
