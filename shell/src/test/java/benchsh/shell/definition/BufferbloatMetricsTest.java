package benchsh.shell.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.io.TcpInternals;
import benchsh.peer.latency.LatencyProbe;
import benchsh.peer.metric.Flat;
import benchsh.peer.stream.TcpSample;
import benchsh.peer.workload.Interval;
import benchsh.shell.run.Merged;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The figures of a latency-under-load test from its parts' (made up here): each phase's throughput from the bytes its
 * streams' samples put in its measured span, the latency it adds over the idle phase, its responsiveness as 60 / the
 * trimmed mean round trip; one timeline with the streams' bytes spread over the probes' intervals; what a part that
 * failed did not measure stays absent.
 */
class BufferbloatMetricsTest {
    /** RRUL's phases: idle 0-2 s, both 2-6 s, idle_end 6-8 s; a warm-up of 1 s. */
    private static final Phases PHASES = Phases.of(Phases.Mode.RRUL, Duration.ofSeconds(2), Duration.ofSeconds(4), Duration.ofSeconds(1));

    private static LatencyProbe.Probes probes(double p50Ms, double trimmedMs, long sent, long lost) {
        return new LatencyProbe.Probes(sent, lost, p50Ms * 1e3, p50Ms * 1.5e3, p50Ms * 2e3, p50Ms * 3e3, trimmedMs * 1e3, p50Ms * 700, p50Ms * 1.4e3,
                p50Ms * 300, p50Ms * 600);
    }

    private static Merged probePart() {
        Map<String, LatencyProbe.Probes> windows = new LinkedHashMap<>();
        windows.put("0", probes(1, 1, 100, 0));
        windows.put("1", probes(41, 50, 300, 6));
        windows.put("2", probes(2, 2, 100, 0));
        LatencyProbe.ProberReport prober = new LatencyProbe.ProberReport(800, 6, 0, 10_000, 3.0, 4.0, 25.0, windows);
        List<Interval<?>> samples = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            double rtt = i >= 4 && i < 12 ? 40_000 : 1_000;
            samples.add(new Interval<>(i * 0.5, i * 0.5 + 0.5, new LatencyProbe.Sample(50, 0, rtt, rtt * 2, rtt * 0.7, rtt * 0.3)));
        }
        return Merged.of(new BufferbloatMetrics.Probed(prober, new LatencyProbe.ReflectorReport(800, 2)), samples);
    }

    /** A stream of the both phase, 4 s from its own start, moving {@code bytesPerSecond} in 1 s samples. */
    private static Merged stream(double bytesPerSecond) {
        List<Interval<?>> samples = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            samples.add(new Interval<>(i, i + 1.0, new Interval.Bytes((long) bytesPerSecond, bytesPerSecond * 8)));
        }
        return Merged.of(null, samples);
    }

    private static List<BufferbloatMetrics.Load> loads() {
        Phases.Phase both = PHASES.all().get(1);
        return List.of(new BufferbloatMetrics.Load(both, true), new BufferbloatMetrics.Load(both, false));
    }

    @Test
    void eachPhaseHasItsThroughputAddedLatencyAndResponsiveness() {
        Merged m = BufferbloatMetrics.combine(PHASES, loads(), 0.5, List.of(probePart(), stream(10e6), stream(5e6)));
        BufferbloatMetrics.Figures f = m.figures(BufferbloatMetrics.Figures.class);
        BufferbloatMetrics.Phase both = f.phases().get("both");
        assertEquals(3, both.seconds(), 1e-9, "4 s less the warm-up");
        assertEquals(80e6, both.throughputDownBps(), 1, "10 MB/s down");
        assertEquals(40e6, both.throughputUpBps(), 1);
        assertEquals(40_000, both.addedLatencyP50Us(), 1e-6, "41 ms against the idle phase's 1 ms");
        assertEquals(60.0 / 0.050, both.responsivenessRpm(), 1e-6, "60 / a 50 ms trimmed mean");
        assertEquals(2.0, both.probeLossPct(), 1e-9);
        assertTrue(Double.isNaN(f.phases().get("idle").addedLatencyP50Us()) && Double.isNaN(f.phases().get("idle").throughputDownBps()),
                "the reference adds nothing; an idle phase moves nothing");
        assertEquals(both.responsivenessRpm(), f.responsivenessRpm());
        assertEquals(40_000, f.addedLatencyP50Us(), 1e-6, "the worst loaded phase; idle_end's 1 ms recovery is no load");
        assertEquals(80e6, f.throughputDownBps(), 1, "rrul: the both phase's");
        assertEquals(3.0, f.clockOffsetUs());
        assertEquals(25.0, f.clockOffsetUncertaintyUs());
        assertEquals(2L, f.straysDropped());
        Map<String, Object> flat = Flat.of(f);
        assertEquals(40_000.0, (Double) flat.get("both_added_latency_p50_us"), 1e-6);
        assertTrue(flat.containsKey("idle_latency_p50_us") && flat.containsKey("idle_end_up_delay_p50_us"), flat.toString());
    }

    @Test
    void theTimelineSpreadsTheStreamsOverTheProbesIntervals() {
        Merged m = BufferbloatMetrics.combine(PHASES, loads(), 0.5, List.of(probePart(), stream(10e6), stream(5e6)));
        assertEquals(16, m.intervals().size(), "8 s in steps of 0.5 s");
        BufferbloatMetrics.Timeline idle = (BufferbloatMetrics.Timeline) m.intervals().get(1).figures();
        BufferbloatMetrics.Timeline loaded = (BufferbloatMetrics.Timeline) m.intervals().get(6).figures();
        assertEquals("idle", idle.phase());
        assertEquals(0, idle.throughputBps());
        assertEquals("both", loaded.phase());
        assertEquals(80e6, loaded.throughputDownBps(), 1);
        assertEquals(120e6, loaded.throughputBps(), 1);
        assertEquals(40_000, loaded.latencyP50Us());
        assertEquals("idle_end", ((BufferbloatMetrics.Timeline) m.intervals().get(15).figures()).phase());
    }

    @Test
    void withoutTheProbesTheThroughputStaysAndTheLatencyIsAbsent() {
        Merged m = BufferbloatMetrics.combine(PHASES, loads(), 0.5, List.of(Merged.NOTHING, stream(10e6), stream(5e6)));
        BufferbloatMetrics.Figures f = m.figures(BufferbloatMetrics.Figures.class);
        assertEquals(80e6, f.throughputDownBps(), 1);
        assertTrue(Double.isNaN(f.responsivenessRpm()) && f.phases().get("both").probes() == null, f.toString());
        assertNull(f.straysDropped());
        assertEquals(16, m.intervals().size());
    }

    @Test
    void whatTcpDidOnTheLoadComesFromTheSendersSamples() {
        List<Interval<?>> withTcp = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            withTcp.add(new Interval<>(i, i + 1.0, new TcpSample(new Interval.Bytes(10_000_000L, 80e6),
                    new TcpInternals(i, 100_000, 40_000 + 1000 * i, 500, 80e6, 90e6, 90_000))));
        }
        Merged m = BufferbloatMetrics.combine(PHASES, loads(), 0.5, List.of(probePart(), Merged.of(null, withTcp), stream(5e6)));
        BufferbloatMetrics.Phase both = m.figures(BufferbloatMetrics.Figures.class).phases().get("both");
        assertEquals(80e6, both.throughputDownBps(), 1, "a sample with TCP's figures moved its bytes too");
        assertEquals(1 + 2 + 3, both.tcp().retransmitsDown(), "the samples after the 1-s warm-up");
        assertNull(both.tcp().retransmitsUp(), "the upload's samples carry no TCP figures (a peer on Java 17)");
        assertEquals(42_000, both.tcp().srttDownUs(), 1e-6);
        assertEquals(60e6 / 42_000, both.tcp().loadedResponsivenessRpm(), 1e-6);
        assertNull(m.figures(BufferbloatMetrics.Figures.class).phases().get("idle").tcp(), "no load, no TCP");
        assertEquals(6L, Flat.of(m.figures()).get("both_retransmits_down"));
    }

    @Test
    void aSampleCountsTheBytesOfTheSpanItOverlaps() {
        List<Interval<?>> samples = List.of(new Interval<>(0, 1, new Interval.Bytes(1000, 8000)), new Interval<>(1, 2, new Interval.Bytes(3000, 24000)));
        assertEquals(1000 / 2.0 + 3000 / 2.0, BufferbloatMetrics.bytesIn(samples, 10, 10.5, 11.5), 1e-9, "half of each, shifted 10 s");
        assertEquals(0, BufferbloatMetrics.bytesIn(samples, 10, 0, 10), 1e-9);
    }
}
