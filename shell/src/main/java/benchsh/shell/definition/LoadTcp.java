package benchsh.shell.definition;

import benchsh.peer.io.TcpInternals;
import benchsh.peer.latency.Distribution;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.stream.TcpSample;
import benchsh.peer.workload.Interval;
import benchsh.shell.run.Merged;
import java.util.ArrayList;
import java.util.List;

/**
 * What TCP did on a phase's load: from the senders' TCP_INFO in tcp's interval samples ({@link TcpSample}, where the
 * peer reads it: Java 22+), over the phase's measured span counted from the streams' own start, each direction's
 * retransmitted segments and smoothed round trip, and the responsiveness those round trips make: the draft's stand-in
 * for its self probes (a request on the load-generating connections), "the TCP stack estimated round-trip time". Absent
 * where no sample carries TCP's figures. Stateless.
 */
final class LoadTcp {
    private LoadTcp() {
    }

    /** A phase's TCP figures; a direction the phase does not load has none. */
    public record Figures(@Metric(unit = Unit.COUNT, means = "download: segments its senders retransmitted (TCP_INFO)") @OrNull Long retransmitsDown,
                          @Metric(unit = Unit.COUNT, means = "upload: segments its senders retransmitted") @OrNull Long retransmitsUp,
                          @Metric(unit = Unit.MICROSECONDS, means = "download: its connections' smoothed round trip (TCP's own), median of the"
                                  + " intervals") double srttDownUs,
                          @Metric(unit = Unit.MICROSECONDS, means = "upload: likewise") double srttUpUs,
                          @Metric(unit = Unit.ROUND_TRIPS_PER_MINUTE, means = "60 / the trimmed mean (fastest 95 %) of the load's smoothed round"
                                  + " trips in seconds: the draft's responsiveness on the load-generating connections") double loadedResponsivenessRpm) {
    }

    /** The phase's TCP figures from its loads' samples (in the order of {@code loads}, the parts after the probes), or null. */
    static Figures of(List<BufferbloatMetrics.Load> loads, List<Merged> parts, Phases.Phase phase, double omit, double seconds) {
        List<TcpInternals> down = samples(loads, parts, phase, true, omit, seconds);
        List<TcpInternals> up = samples(loads, parts, phase, false, omit, seconds);
        if (down.isEmpty() && up.isEmpty()) {
            return null;
        }
        List<TcpInternals> both = new ArrayList<>(down);
        both.addAll(up);
        return new Figures(retransmits(down), retransmits(up), srtt(down).percentileUs(0.5), srtt(up).percentileUs(0.5), 60e6 / srtt(both).trimmedMeanUs());
    }

    /** TCP's figures of one direction's samples whose middle lies in [omit, omit + seconds) of its streams' own time. */
    private static List<TcpInternals> samples(List<BufferbloatMetrics.Load> loads, List<Merged> parts, Phases.Phase phase, boolean down, double omit,
                                              double seconds) {
        List<TcpInternals> out = new ArrayList<>();
        for (int i = 0; i < loads.size(); i++) {
            if (loads.get(i).phase().equals(phase) && loads.get(i).down() == down) {
                for (Interval<?> s : parts.get(i + 1).intervals()) {
                    double mid = (s.startS() + s.endS()) / 2;
                    if (s.figures() instanceof TcpSample t && t.tcp() != null && mid >= omit && mid < omit + seconds) {
                        out.add(t.tcp());
                    }
                }
            }
        }
        return out;
    }

    private static Long retransmits(List<TcpInternals> samples) {
        return samples.isEmpty() ? null : samples.stream().mapToLong(TcpInternals::retransmits).sum();
    }

    private static Distribution srtt(List<TcpInternals> samples) {
        long[] nanos = samples.stream().mapToLong(t -> Math.round(t.srttUs() * 1e3)).toArray();
        return new Distribution(nanos, nanos.length);
    }
}
