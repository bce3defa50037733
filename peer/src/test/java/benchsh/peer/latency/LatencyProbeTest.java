package benchsh.peer.latency;

import static benchsh.peer.latency.LatencySpecBuilder.latency;
import static benchsh.peer.workload.Sides.doubleOf;
import static benchsh.peer.workload.Sides.longOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.Pacer;
import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.Sides;
import benchsh.peer.workload.Timing;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Both sides of the latency probes on loopback: every probe answered, one sample per interval, figures per window; the
 * offset between two clocks that are one reads zero within its uncertainty, and a reflector whose clock is skewed has the
 * skew measured and taken out of the one-way delays. A reflector nobody probes times out; a cancelled prober ends.
 */
@Timeout(60)
class LatencyProbeTest {
    private static final long S = 1_000_000_000L;

    /** The reflector's clock, {@code skew} ahead of this JVM's. */
    private static Pacer.Clock skewed(long skew) {
        return new Pacer.Clock() {
            @Override
            public long nanoTime() {
                return System.nanoTime() + skew;
            }

            @Override
            public void parkNanos(long nanos) {
                Pacer.Clock.SYSTEM.parkNanos(nanos);
            }
        };
    }

    /** Runs a reflector with {@code clock} and a prober with the JVM's, on loopback; returns {reflector, prober}. */
    private static Outcome[] pair(LatencySpecBuilder spec, Pacer.Clock clock, RecordingContext probes) throws Exception {
        Side reflector = LatencyProbe.open("listen", spec.reflector(), Sides.listening(), new RecordingContext(), clock);
        Side prober = LatencyProbe.open("connect", spec.prober(), Sides.to(reflector), probes, Pacer.Clock.SYSTEM);
        CompletableFuture<Outcome> r = CompletableFuture.supplyAsync(reflector::run);
        Outcome p = prober.run();
        return new Outcome[] {r.get(30, TimeUnit.SECONDS), p};
    }

    @Test
    void everyProbeIsAnsweredAndOneClockReadsNoOffset() throws Exception {
        RecordingContext live = new RecordingContext();
        Outcome[] o = pair(latency().window(0, 200).window(200, 400).window(400, 600), Pacer.Clock.SYSTEM, live);
        assertNull(o[1].error(), o[1].error());
        assertNull(o[0].error(), o[0].error());
        long sent = longOf(o[1], "probes_sent");
        assertEquals(60, sent + longOf(o[1], "probes_skipped"), "every slot of 600 ms at 10 ms sent or skipped");
        assertEquals(0, longOf(o[1], "probes_lost"), Sides.metrics(o[1]).toString());
        assertEquals(sent, longOf(o[0], "probes_answered"));
        double offset = doubleOf(o[1], "clock_offset_us");
        double uncertainty = doubleOf(o[1], "clock_offset_uncertainty_us");
        assertTrue(Math.abs(offset) <= uncertainty, "one clock: offset " + offset + " µs within ±" + uncertainty);
        for (int w = 0; w < 3; w++) {
            assertTrue(longOf(o[1], "window_" + w + "_probes_sent") > 0, Sides.metrics(o[1]).toString());
            assertTrue(doubleOf(o[1], "window_" + w + "_latency_p50_us") > 0);
            assertTrue(doubleOf(o[1], "window_" + w + "_up_delay_p50_us") >= -uncertainty);
        }
        assertEquals(6, o[1].intervals().size(), "one sample per 100 ms: " + o[1].intervals());
        LatencyProbe.Sample first = (LatencyProbe.Sample) o[1].intervals().get(0).figures();
        assertTrue(first.probes() > 0 && first.probes() <= 10, "up to ten probes in the first 100 ms: " + first);
        assertTrue(live.samples.stream().allMatch(s -> s.figures() instanceof LatencyProbe.Sample), "live samples are the probes' too");
    }

    @Test
    void aSkewedReflectorClockIsMeasuredAndTakenOutOfTheOneWayDelays() throws Exception {
        long skew = 2_500_000_000L + 123_456L;
        Outcome[] o = pair(latency().window(0, 200).window(400, 600), skewed(skew), new RecordingContext());
        assertNull(o[1].error(), o[1].error());
        double uncertainty = doubleOf(o[1], "clock_offset_uncertainty_us");
        assertEquals(skew / 1e3, doubleOf(o[1], "clock_offset_us"), uncertainty, Sides.metrics(o[1]).toString());
        assertEquals(skew / 1e3, doubleOf(o[1], "clock_offset_end_us"), uncertainty);
        for (String way : new String[] {"up", "down"}) {
            double delay = doubleOf(o[1], "window_0_" + way + "_delay_p50_us");
            assertTrue(delay >= -uncertainty && delay < 50_000, way + ": " + delay + " µs, the 2.5 s skew taken out");
        }
    }

    @Test
    void aReflectorNobodyProbesTimesOut() throws Exception {
        Timing quick = new Timing(100_000_000L, 300_000_000L);
        Side reflector = LatencyProbe.open("listen", latency().timing(quick).reflector(), Sides.listening(), new RecordingContext(), Pacer.Clock.SYSTEM);
        Outcome o = reflector.run();
        assertEquals(ErrorKind.TIMEOUT, o.kind(), o.error());
        assertTrue(o.error().contains("no probe with the test token"), o.error());
    }

    @Test
    void aProberWithNoAnswersStallsAndACancelledOneEnds() throws Exception {
        try (DatagramChannel silent = DatagramChannel.open()) {
            silent.bind(new InetSocketAddress(Sides.LOOPBACK, 0));
            Link link = new Link(Sides.TOKEN, Sides.LOOPBACK, ((InetSocketAddress) silent.getLocalAddress()).getPort());
            Timing quick = new Timing(100_000_000L, 300_000_000L);
            Outcome stalled = new LatencyProbe().open("connect", latency().time(Duration.ofSeconds(20)).timing(quick).prober(), link, new RecordingContext())
                    .run();
            assertEquals(ErrorKind.STALLED, stalled.kind(), stalled.error());
            assertTrue(longOf(stalled, "probes_sent") > 0 && longOf(stalled, "probes_lost") == longOf(stalled, "probes_sent"), "kept: " + Sides.metrics(stalled));

            Side prober = new LatencyProbe().open("connect", latency().time(Duration.ofSeconds(20)).prober(), link, new RecordingContext());
            CompletableFuture<Outcome> running = CompletableFuture.supplyAsync(prober::run);
            Thread.sleep(200);
            prober.cancel();
            assertEquals(ErrorKind.CANCELLED, running.get(10, TimeUnit.SECONDS).kind());
        }
    }
}
