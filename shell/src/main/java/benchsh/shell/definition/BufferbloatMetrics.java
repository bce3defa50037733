package benchsh.shell.definition;

import benchsh.peer.latency.LatencyProbe;
import benchsh.peer.metric.Each;
import benchsh.peer.metric.Headline;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Prefix;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.workload.Interval;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Sides;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures of a latency-under-load test ({@link BufferbloatDefinition}), from its parts: the probes' (their figures per
 * phase, their samples) and each loaded phase's streams (the receiver's samples). Per phase: throughput each way over
 * its measured span (the bytes of the receiver's samples in it), the probes' round trips, losses and one-way delays, the
 * latency added over the idle phase, and the responsiveness; overall the responsiveness under working conditions (both
 * directions loaded), the largest added latency, each direction's throughput, and the clocks. The samples are one
 * timeline: the probes' intervals, with the streams' bytes spread over them. Stateless.
 */
public final class BufferbloatMetrics {
    private BufferbloatMetrics() {
    }

    /**
     * A latency-under-load test's figures: the responsiveness and the latency load adds, each direction's throughput, the
     * clock offset the probes measured between the two hosts, the probes' schedule as kept, and every phase's figures
     * under its name ({@code idle_latency_p50_us}, {@code both_responsiveness_rpm}).
     */
    @Headline("responsiveness_rpm")
    public record Figures(@Metric(unit = Unit.ROUND_TRIPS_PER_MINUTE, means = "responsiveness under working conditions: 60 / the trimmed mean"
                                  + " (fastest 95 %) of the probes' round trips in seconds while both directions were loaded"
                                  + " (draft-ietf-ippm-responsiveness's aggregation, over the UDP probes)") double responsivenessRpm,
                          @Metric(unit = Unit.MICROSECONDS, means = "the most a load added to the median round trip: the largest of the loaded"
                                  + " phases' median less the idle phase's") double addedLatencyP50Us,
                          @Metric(unit = Unit.BITS_PER_SECOND, means = "download (to → from): the throughput of the phase that loads it alone"
                                  + " (crusader), else of both at once (rrul)") double throughputDownBps,
                          @Metric(unit = Unit.BITS_PER_SECOND, means = "upload (from → to), likewise") double throughputUpBps,
                          @Metric(unit = Unit.MICROSECONDS, means = "the to host's clock less the from host's at the start, as the probes"
                                  + " measured it (NTP's four timestamps, the fastest probe of the first idle phase)") double clockOffsetUs,
                          @Metric(unit = Unit.MICROSECONDS, means = "the same at the end (the last idle phase): the clocks' drift is the"
                                  + " difference") double clockOffsetEndUs,
                          @Metric(unit = Unit.MICROSECONDS, means = "how far the true offset may lie from the estimate (half the fastest probe's"
                                  + " round trip): the error bar of every one-way delay") double clockOffsetUncertaintyUs,
                          @Metric(unit = Unit.COUNT, means = "probes sent") long probesSent,
                          @Metric(unit = Unit.COUNT, means = "probes with no answer") long probesLost,
                          @Metric(unit = Unit.COUNT, means = "slots of the probe schedule skipped, the prober being more than one interval"
                                  + " late (a schedule the host's timers cannot keep)") long probesSkipped,
                          @Metric(unit = Unit.MICROSECONDS, means = "the mean interval between the probes as they went out")
                          double probeIntervalAchievedUs,
                          @Metric(unit = Unit.COUNT, means = "connections or datagrams without the test's token, dropped") @OrNull Long straysDropped,
                          @Each("phase") @Prefix(value = "{phase}_", means = "a phase") Map<String, Phase> phases) {
    }

    /**
     * One phase's figures, over its measured span (after its warm-up): throughput each way (absent for a direction it
     * does not load), the probes' figures as the prober reported them (round trips, their trimmed mean, probes sent and
     * lost, each way's one-way delay ± the clock offset's uncertainty), the latency added over the idle phase, the
     * responsiveness, the share of probes lost, and what TCP did on the load ({@link LoadTcp}, where the peers read it).
     */
    public record Phase(@Metric(unit = Unit.SECONDS, means = "its measured span, after its warm-up") double seconds,
                        @Metric(unit = Unit.BITS_PER_SECOND, means = "download (to → from), bytes the from host received in it") double throughputDownBps,
                        @Metric(unit = Unit.BITS_PER_SECOND, means = "upload (from → to), bytes the to host received in it") double throughputUpBps,
                        @OrNull LatencyProbe.Probes probes,
                        @Metric(unit = Unit.MICROSECONDS, means = "its median round trip less the idle phase's") double addedLatencyP50Us,
                        @Metric(unit = Unit.ROUND_TRIPS_PER_MINUTE, means = "60 / its trimmed mean round trip in seconds") double responsivenessRpm,
                        @Metric(unit = Unit.PERCENT, means = "probes with no answer, of those sent") double probeLossPct,
                        @OrNull LoadTcp.Figures tcp) {
    }

    /** One interval of the test's timeline: its phase, each direction's throughput and the probes'. */
    public record Timeline(@Metric(unit = Unit.TEXT, means = "the phase the interval lies in") String phase,
                           @Metric(unit = Unit.BITS_PER_SECOND, means = "both directions together") double throughputBps,
                           @Metric(unit = Unit.BITS_PER_SECOND, means = "download (to → from)") double throughputDownBps,
                           @Metric(unit = Unit.BITS_PER_SECOND, means = "upload (from → to)") double throughputUpBps,
                           @Metric(unit = Unit.MICROSECONDS, means = "the probes' round trip, median") double latencyP50Us,
                           @Metric(unit = Unit.MICROSECONDS, means = "the probes' round trip, the slowest") double latencyMaxUs,
                           @Metric(unit = Unit.MICROSECONDS, means = "one-way delay up, median") double upDelayP50Us,
                           @Metric(unit = Unit.MICROSECONDS, means = "one-way delay down, median") double downDelayP50Us,
                           @Metric(unit = Unit.COUNT, means = "probes sent in the interval") long probes,
                           @Metric(unit = Unit.COUNT, means = "of them, not answered") long probesLost) {
    }

    /** The probe part's figures: both sides' reports (either null when its side did not report). */
    record Probed(LatencyProbe.ProberReport prober, LatencyProbe.ReflectorReport reflector) {
    }

    /** A part that loads the link: in which phase, and which way. */
    record Load(Phases.Phase phase, boolean down) {
    }

    /** The probe part's figures and the prober's samples. */
    static Merged probed(Sides sides) {
        return Merged.of(new Probed(sides.report("connect", LatencyProbe.ProberReport.class), sides.report("listen", LatencyProbe.ReflectorReport.class)),
                sides.intervals("connect"));
    }

    /**
     * The test's figures and timeline, from its parts: the probe part first, then the loads, in the order of {@code
     * loads}.
     *
     * @param intervalSeconds the timeline's step, the probes' interval
     */
    static Merged combine(Phases phases, List<Load> loads, double intervalSeconds, List<Merged> parts) {
        Probed probed = parts.get(0).figures() instanceof Probed p ? p : new Probed(null, null);
        LatencyProbe.ProberReport prober = probed.prober();
        Map<String, Phase> figures = new LinkedHashMap<>();
        LatencyProbe.Probes idle = window(prober, 0);
        for (int i = 0; i < phases.all().size(); i++) {
            Phases.Phase ph = phases.all().get(i);
            LatencyProbe.Window span = ph.measured(phases.omit());
            double from = span.fromNanos() / 1e9;
            double to = span.toNanos() / 1e9;
            double omit = phases.omit().toNanos() / 1e9;
            figures.put(ph.name(), phase(to - from, throughput(loads, parts, ph, true, omit, to - from), throughput(loads, parts, ph, false, omit, to - from),
                    window(prober, i), i == 0 ? null : idle, LoadTcp.of(loads, parts, ph, omit, to - from)));
        }
        List<Long> strays = new ArrayList<>();
        strays.add(probed.reflector() == null ? null : probed.reflector().straysDropped());
        parts.stream().skip(1).map(m -> m.figures() instanceof TcpFigures.Figures f ? f.stream().straysDropped() : null).forEach(strays::add);
        Phase both = figures.get("both");
        Figures f = new Figures(both == null ? Double.NaN : both.responsivenessRpm(),
                phases.all().stream().filter(Phases.Phase::loaded).mapToDouble(p -> figures.get(p.name()).addedLatencyP50Us())
                        .filter(d -> !Double.isNaN(d)).max().orElse(Double.NaN),
                alone(phases, figures, true), alone(phases, figures, false),
                prober == null ? Double.NaN : prober.clockOffsetUs(), prober == null ? Double.NaN : prober.clockOffsetEndUs(),
                prober == null ? Double.NaN : prober.clockOffsetUncertaintyUs(), prober == null ? 0 : prober.probesSent(),
                prober == null ? 0 : prober.probesLost(), prober == null ? 0 : prober.probesSkipped(),
                prober == null ? Double.NaN : prober.probeIntervalAchievedUs(), StreamMetrics.strays(strays), figures);
        return Merged.of(f, timeline(phases, loads, intervalSeconds, parts));
    }

    private static LatencyProbe.Probes window(LatencyProbe.ProberReport prober, int index) {
        return prober == null ? null : prober.windows().get(Integer.toString(index));
    }

    private static Phase phase(double seconds, double down, double up, LatencyProbe.Probes p, LatencyProbe.Probes idle, LoadTcp.Figures tcp) {
        if (p == null) {
            return new Phase(seconds, down, up, null, Double.NaN, Double.NaN, Double.NaN, tcp);
        }
        return new Phase(seconds, down, up, p, idle == null ? Double.NaN : p.latencyP50Us() - idle.latencyP50Us(), 60e6 / p.latencyTrimmedMeanUs(),
                p.probesSent() == 0 ? Double.NaN : 100.0 * p.probesLost() / p.probesSent(), tcp);
    }

    /** A direction's throughput: of the first phase that loads it alone, else of the first that loads it. */
    private static double alone(Phases phases, Map<String, Phase> figures, boolean down) {
        Phases.Phase pick = phases.all().stream().filter(p -> down ? p.down() && !p.up() : p.up() && !p.down()).findFirst()
                .orElse(phases.all().stream().filter(p -> down ? p.down() : p.up()).findFirst().orElse(null));
        Phase f = pick == null ? null : figures.get(pick.name());
        return f == null ? Double.NaN : down ? f.throughputDownBps() : f.throughputUpBps();
    }

    /**
     * Bits/s one direction of a phase moved in the {@code seconds} after its warm-up of {@code omit}, counted from its
     * streams' own start (which a connection slow to open, a SYN lost to a full queue, may put after the phase's): NaN
     * for a direction the phase does not load.
     */
    private static double throughput(List<Load> loads, List<Merged> parts, Phases.Phase phase, boolean down, double omit, double seconds) {
        if (down ? !phase.down() : !phase.up()) {
            return Double.NaN;
        }
        double bytes = 0;
        for (int i = 0; i < loads.size(); i++) {
            if (loads.get(i).phase().equals(phase) && loads.get(i).down() == down) {
                bytes += bytesIn(parts.get(i + 1).intervals(), 0, omit, omit + seconds);
            }
        }
        return bytes * 8 / seconds;
    }

    /**
     * The bytes of a stream's samples (seconds from its own start, which is {@code offset} seconds into the test) that fall
     * in [from, to) of the test, a sample's bytes taken as spread evenly over it.
     */
    static double bytesIn(List<Interval<?>> samples, double offset, double from, double to) {
        double bytes = 0;
        for (Interval<?> s : samples) {
            if (s.figures() instanceof Interval.Moved b && s.seconds() > 0) {
                double overlap = Math.min(to, offset + s.endS()) - Math.max(from, offset + s.startS());
                bytes += overlap > 0 ? b.bytes() * overlap / s.seconds() : 0;
            }
        }
        return bytes;
    }

    /** The timeline: one sample per probe interval over the whole test, with the streams' throughput spread over it. */
    private static List<Interval<?>> timeline(Phases phases, List<Load> loads, double step, List<Merged> parts) {
        Map<Long, LatencyProbe.Sample> probes = new LinkedHashMap<>();
        for (Interval<?> i : parts.get(0).intervals()) {
            if (i.figures() instanceof LatencyProbe.Sample s) {
                probes.put(Math.round(i.startS() / step), s);
            }
        }
        double total = phases.total().toNanos() / 1e9;
        List<Interval<?>> out = new ArrayList<>();
        for (long k = 0; k * step < total - 1e-9; k++) {
            double from = k * step;
            double to = Math.min(total, from + step);
            double down = 0;
            double up = 0;
            for (int i = 0; i < loads.size(); i++) {
                double bits = 8 * bytesIn(parts.get(i + 1).intervals(), loads.get(i).phase().start().toNanos() / 1e9, from, to) / (to - from);
                down += loads.get(i).down() ? bits : 0;
                up += loads.get(i).down() ? 0 : bits;
            }
            LatencyProbe.Sample s = probes.get(k);
            String phase = phases.all().stream().filter(p -> (from + to) / 2 * 1e9 < p.end().toNanos()).findFirst()
                    .map(Phases.Phase::name).orElse(phases.all().get(phases.all().size() - 1).name());
            out.add(new Interval<>(from, to, new Timeline(phase, down + up, down, up, s == null ? Double.NaN : s.latencyP50Us(),
                    s == null ? Double.NaN : s.latencyMaxUs(), s == null ? Double.NaN : s.upDelayP50Us(), s == null ? Double.NaN : s.downDelayP50Us(),
                    s == null ? 0 : s.probes(), s == null ? 0 : s.probesLost())));
        }
        return out;
    }
}
