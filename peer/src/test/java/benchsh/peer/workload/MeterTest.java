package benchsh.peer.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.facts.CpuSnapshot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
        java.util.concurrent.atomic.AtomicBoolean stalled = new java.util.concurrent.atomic.AtomicBoolean();
        Meter m = new Meter(1, Duration.ZERO, Duration.ofSeconds(1), Duration.ofMillis(100), new RecordingContext(), () -> stalled.set(true));
        m.start();
        m.add(0, 1000);
        assertEquals(0, m.recentRate(0), "no rate in the first two seconds: they fill the buffers");
        assertEquals(1000, m.count(0));
        m.quietUntil(System.nanoTime() + Duration.ofSeconds(30).toNanos());
        Thread.sleep(600); // six of the meter's polls past its 100 ms stall timeout
        Outcome o = m.finish(null, null, Map.of());
        assertNull(o.error(), "a drain's silence is no stall");
        assertFalse(stalled.get());
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
        Outcome o = m.finish(null, null, Map.of());
        assertNull(o.error());
        assertEquals(List.of(1_000_000L, 2_000_000L, 3_000_000L, 4_000_000L), o.metrics().get("stream_bytes_total"));
        assertEquals(10_000_000L, o.metrics().get("bytes_total"));
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
        assertEquals(2_000_000L, m.finish(null, null, Map.of()).metrics().get("bytes_total"));
    }

    @Test
    void intervalSamplesSeeOwnedCountsAsTheyAreMadeAndFollowEachOther() throws Exception {
        RecordingContext context = new RecordingContext();
        Meter m = meter(1, Duration.ofMillis(50), context);
        m.start();
        long deadline = System.nanoTime() + 600_000_000L;
        while (System.nanoTime() < deadline) {
            m.addOwned(0, 1000);
            Thread.sleep(2);
        }
        m.stop();
        Outcome o = m.finish(null, null, Map.of());
        List<Map<String, Object>> samples;
        synchronized (context) {
            samples = new ArrayList<>(context.samples);
        }
        assertTrue(samples.size() >= 3, "samples every 50 ms over 600 ms: " + samples);
        long sum = 0;
        for (int i = 0; i < samples.size(); i++) {
            long bytes = ((Number) samples.get(i).get("bytes")).longValue();
            assertEquals(0, bytes % 1000, "whole counts only");
            sum += bytes;
            if (i > 0) {
                assertEquals((Double) samples.get(i - 1).get("end_s"), (Double) samples.get(i).get("start_s"), 1e-9);
            }
        }
        long total = ((Number) o.metrics().get("bytes")).longValue();
        assertTrue(sum > 0 && sum <= total, "the samples saw the counts as they were made: " + sum + " of " + total);
    }

    @Test
    void aWarmUpAndIntervalSamplesLeaveTheSpansCpuFiguresAndCountsWhole() throws Exception {
        RecordingContext context = new RecordingContext();
        Meter m = new Meter(1, Duration.ofMillis(100), Duration.ofMillis(30), Duration.ofSeconds(30), context, () -> { });
        m.start();
        long deadline = System.nanoTime() + 400_000_000L;
        long counted = 0;
        while (System.nanoTime() < deadline) {
            m.addOwned(0, 1000);
            counted += 1000;
            Thread.sleep(1);
        }
        m.stop();
        Map<String, Object> metrics = m.finish(null, null, Map.of()).metrics();
        assertEquals(counted, metrics.get("bytes_total"));
        long measured = ((Number) metrics.get("bytes")).longValue();
        assertTrue(measured > 0 && measured < counted, "the warm-up's counts are left out: " + measured + " of " + counted);
        assertTrue(((Number) metrics.get("omitted_seconds")).doubleValue() >= 0.1, metrics.toString());
        double cpu = ((Number) metrics.get("cpu_pct")).doubleValue();
        assertTrue(cpu >= 0 && cpu <= 100, "host CPU over the span: " + cpu);
        assertEquals((long) CpuSnapshot.now().cpus(), metrics.get("cpu_count"), "the CPUs cpu_pct is a share of");
        assertTrue(((Number) metrics.get("process_cpu_seconds")).doubleValue() >= 0, metrics.toString());
        synchronized (context) {
            assertTrue(context.samples.size() >= 2, "samples every 30 ms after the warm-up: " + context.samples);
        }
    }
}
