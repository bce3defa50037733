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
 * measured span and at each interval's end (hooked into the meter, {@link SampleExtension}), and once more when the
 * streams are done, before the connections close. A receiving side reads nothing (it sends only acknowledgements): its
 * samples carry no TCP figures. Thread-safe.
 */
final class TcpWatch implements SampleExtension {
    private final TcpInfoSampler sampler;
    private volatile TcpSummary summary;

    private TcpWatch(TcpInfoSampler sampler) {
        this.sampler = sampler;
    }

    /** Watches {@code connections} if this side {@code sends}, through the samples of {@code meter} (which has not started). */
    static TcpWatch of(List<SocketChannel> connections, boolean sends, Meter meter) {
        TcpWatch watch = new TcpWatch(sends ? TcpInfoSampler.of(connections) : null);
        meter.extend(watch);
        return watch;
    }

    @Override
    public void begin() {
        if (reads()) {
            sampler.mark();
        }
    }

    @Override
    public Record sample(Record counted) {
        return new TcpSample((Interval.Bytes) counted, reads() ? sampler.interval() : null);
    }

    /** The streams are done: the last reading, while the connections are still open. */
    void finish() {
        if (reads()) {
            summary = sampler.summary();
        }
    }

    /**
     * The side's report of its connections: on a sending side the whole test's figures, as of {@link #finish}, else (a
     * side that ended early) of the last readings, or why there are none; the type of service read back, {@code ipTos}.
     */
    TcpReport report(String ipTos) {
        TcpSummary s = summary != null || !reads() ? summary : sampler.summary();
        return new TcpReport(s, sampler == null ? null : sampler.absent(), ipTos);
    }

    private boolean reads() {
        return sampler != null && sampler.absent() == null;
    }
}
