package benchsh.peer.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.facts.CpuSnapshot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class MeterTest {
    private static Meter meter(int streams, Duration interval, RecordingContext context) {
        return new Meter(streams, Duration.ZERO, interval, Duration.ofSeconds(30), context, () -> { });
    }

    /** Runs {@code body} in {@code n} threads at once, given each its number, and waits for them all. */
    private static void inThreads(int n, java.util.function.IntConsumer body) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int number = i;
            Thread t = new Thread(() -> body.accept(number));
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
    }

    @Test
    void silenceItWasToldOfIsNoStallAndNoRateIsReportedInTheFirstSeconds() throws Exception {
        AtomicBoolean stalled = new AtomicBoolean();
        MovedClock clock = new MovedClock();
        Meter m = new Meter(Meter.Unit.BYTES, 1, Duration.ZERO, Duration.ofSeconds(1), Duration.ofMillis(100), new RecordingContext(),
                () -> stalled.set(true), clock);
        m.start();
        m.add(0, 1000);
        assertEquals(0, m.recentRate(0), "no rate in the first two seconds: they fill the buffers");
        assertEquals(1000, m.count(0));
        m.quietUntil(clock.nanoTime() + Duration.ofSeconds(30).toNanos());
        clock.move(Duration.ofMillis(600)); // six times its stall timeout without data
        clock.awaitTwoWaits();
        assertNull(m.stallError(), "a drain's silence is no stall");
        assertFalse(stalled.get());
        clock.move(Duration.ofSeconds(30)); // past the quiet
        clock.awaitTwoWaits();
        assertEquals("no data for 30 s", m.stallError(), "silence past the quiet is a stall");
        assertTrue(stalled.get());
    }

    @Test
    void ownedCountsOfConcurrentStreamsAddUpExactly() throws Exception {
        Meter m = meter(4, Duration.ofMillis(20), new RecordingContext());
        m.start();
        inThreads(4, stream -> {
            for (int i = 0; i < 1_000_000; i++) {
                m.addOwned(stream, stream + 1);
            }
        });
        Streamed f = m.streamed();
        assertNull(m.stallError());
        assertEquals(List.of(1_000_000L, 2_000_000L, 3_000_000L, 4_000_000L), f.streamBytesTotal());
        assertEquals(10_000_000L, f.bytesTotal());
        assertEquals(10_000_000L, m.total());
    }

    @Test
    void sharedCountsFromManyThreadsOnOneStreamAddUpExactly() throws Exception {
        Meter m = meter(1, Duration.ofMillis(20), new RecordingContext());
        m.start();
        inThreads(4, thread -> {
            for (int i = 0; i < 500_000; i++) {
                m.add(0, 1);
            }
        });
        assertEquals(2_000_000L, m.streamed().bytesTotal());
    }

    @Test
    void intervalSamplesSeeOwnedCountsAsTheyAreMadeAndFollowEachOther() throws Exception {
        RecordingContext context = new RecordingContext();
        MovedClock clock = new MovedClock();
        Meter m = new Meter(Meter.Unit.BYTES, 1, Duration.ZERO, Duration.ofMillis(50), Duration.ofSeconds(30), context, () -> { }, clock);
        m.start();
        for (int i = 1; i <= 4; i++) {
            m.addOwned(0, 1000L * i);
            clock.move(Duration.ofMillis(50));
            clock.awaitTwoWaits();
        }
        m.stop();
        List<Interval<?>> samples = samples(context);
        assertEquals(samples, m.intervals(), "the samples sent are the samples kept");
        assertEquals(List.of(new Interval<>(0.0, 0.05, new Interval.Bytes(1000, 160_000)), new Interval<>(0.05, 0.1, new Interval.Bytes(2000, 320_000)),
                new Interval<>(0.1, 0.15, new Interval.Bytes(3000, 480_000)), new Interval<>(0.15, 0.2, new Interval.Bytes(4000, 640_000))),
                rounded(samples), "each sample saw the counts made in it, back to back");
        assertEquals(10_000, m.streamed().bytes());
    }

    @Test
    void aWarmUpAndIntervalSamplesLeaveTheSpansCpuFiguresAndCountsWhole() throws Exception {
        RecordingContext context = new RecordingContext();
        MovedClock clock = new MovedClock();
        Meter m = new Meter(Meter.Unit.BYTES, 1, Duration.ofMillis(100), Duration.ofMillis(30), Duration.ofSeconds(30), context, () -> { }, clock);
        m.start();
        m.addOwned(0, 1000); // in the warm-up
        clock.move(Duration.ofMillis(100));
        clock.awaitTwoWaits();
        assertTrue(context.samples.isEmpty(), "no sample of the warm-up: " + context.samples);
        for (long bytes : new long[] {2000, 3000}) {
            m.addOwned(0, bytes);
            clock.move(Duration.ofMillis(30));
            clock.awaitTwoWaits();
        }
        m.addOwned(0, 500); // after the last sample, before the end
        m.stop();
        Streamed f = m.streamed();
        assertEquals(f, m.streamed(), "the span ends once: asked again, the same figures");
        assertEquals(6500, f.bytesTotal());
        assertEquals(5500, f.bytes(), "the warm-up's counts are left out");
        assertEquals(0.1, f.omittedSeconds(), 1e-9);
        assertEquals(0.06, f.seconds(), 1e-9);
        assertEquals(List.of(2000L, 3000L), samples(context).stream().map(i -> ((Interval.Bytes) i.figures()).bytes()).toList(),
                "samples after the warm-up only");
        double cpu = f.cpu().cpuPct();
        assertTrue(cpu >= 0 && cpu <= 100, "host CPU over the span: " + cpu);
        assertEquals(CpuSnapshot.now().cpus(), f.cpu().cpuCount(), "the CPUs cpu_pct is a share of");
        assertTrue(f.cpu().processCpuSeconds() >= 0, f.toString());
    }

    private static List<Interval<?>> samples(RecordingContext context) {
        synchronized (context) {
            return new ArrayList<>(context.samples);
        }
    }

    /** The samples with their times rounded to the microsecond (the clock moves in whole milliseconds). */
    private static List<Interval<?>> rounded(List<Interval<?>> samples) {
        return samples.stream().<Interval<?>>map(i -> new Interval<>(Math.round(i.startS() * 1e6) / 1e6, Math.round(i.endS() * 1e6) / 1e6,
                roundedRate((Interval.Bytes) i.figures()))).toList();
    }

    private static Interval.Bytes roundedRate(Interval.Bytes b) {
        return new Interval.Bytes(b.bytes(), Math.round(b.throughputBps()));
    }
}
