package benchsh.peer.stream;

import benchsh.peer.io.TcpInfoSampler;
import benchsh.peer.io.TcpReport;
import benchsh.peer.io.TcpSummary;
import benchsh.peer.workload.Interval;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.SampleExtension;
import java.nio.channels.SocketChannel;
import java.util.List;

/**
 * What TCP did on a tcp side's connections: on a sending side, a {@link TcpInfoSampler} read at the start of the
 * measured span and at each interval's end (hooked into the meter, {@link SampleExtension}: on its thread, so that
 * finding the connections' descriptors never delays the data), and once more when the streams are done, before the
 * connections close. A receiving side reads nothing (it sends only acknowledgements): its samples carry no TCP
 * figures. Thread-safe.
 */
final class TcpWatch implements SampleExtension {
    private final List<SocketChannel> connections;
    private final boolean sends;
    private TcpInfoSampler sampler;
    private volatile TcpSummary summary;

    private TcpWatch(List<SocketChannel> connections, boolean sends) {
        this.connections = List.copyOf(connections);
        this.sends = sends;
    }

    /**
     * Readies the native calls of a side that {@code sends}, when it is made: linking them takes a while the first time
     * in a process, which must not fall inside either side's measured span (nor delay the sender's first byte).
     */
    static void prepare(boolean sends) {
        if (sends) {
            TcpInfoSampler.unavailable();
        }
    }

    /** Watches {@code connections} if this side {@code sends}, through the samples of {@code meter} (which has not started). */
    static TcpWatch of(List<SocketChannel> connections, boolean sends, Meter meter) {
        TcpWatch watch = new TcpWatch(connections, sends);
        meter.extend(watch);
        return watch;
    }

    @Override
    public void begin() {
        TcpInfoSampler s = sampler();
        if (s != null) {
            s.mark();
        }
    }

    @Override
    public Record sample(Record counted) {
        TcpInfoSampler s = sampler();
        return new TcpSample((Interval.Bytes) counted, s == null ? null : s.interval());
    }

    /** The streams are done: the last reading, while the connections are still open. */
    void finish() {
        TcpInfoSampler s = sampler();
        if (s != null) {
            summary = s.summary();
        }
    }

    /**
     * The side's report of its connections: on a sending side the whole test's figures, as of {@link #finish}, else (a
     * side that ended early) of the last readings, or why there are none; the type of service read back, {@code ipTos}.
     */
    TcpReport report(String ipTos) {
        TcpInfoSampler s = sampler();
        return new TcpReport(summary != null || s == null ? summary : s.summary(), sends ? sampler.absent() : null, ipTos);
    }

    /** The sampler of a sending side, made at its first use (by then the connections may have closed: it reads nothing); null on a receiving side. */
    private synchronized TcpInfoSampler sampler() {
        if (sampler == null && sends) {
            sampler = TcpInfoSampler.of(connections);
        }
        return sampler;
    }
}
