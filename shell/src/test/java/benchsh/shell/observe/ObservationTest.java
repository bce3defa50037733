package benchsh.shell.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.metric.Flat;
import benchsh.peer.observe.Load;
import benchsh.peer.workload.Interval;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ObservationTest {
    private static final Instant WATCH_BEGAN = Instant.parse("2026-01-01T00:00:00Z");

    /** What a host did: all CPUs {@code busy} percent busy. */
    static ObservedHost busy(double busy) {
        return ObservedHost.sample(new Load(1.0, Map.of(Load.ALL, new Load.CpuShares(busy, busy, 0, 0, 100 - busy)), Map.of(), null, null));
    }

    /** One observer sample per second, its CPU the second it ends at times ten. */
    private static Observation watched(int seconds, List<String> missing) {
        List<Interval<ObservedHost>> samples = new ArrayList<>();
        for (int i = 0; i < seconds; i++) {
            samples.add(new Interval<>(i, i + 1.0, busy((i + 1) * 10.0)));
        }
        return new Observation(Map.of("dut", busy(42)), Map.of("dut", new Observation.Watched(WATCH_BEGAN, samples)), missing);
    }

    private static Interval<?> testSample(double start, double end) {
        return new Interval<>(start, end, new Interval.Bytes(125_000, 1e6));
    }

    private static List<Map<String, Object>> flat(List<Observation.Sample> samples) {
        return samples.stream().map(Flat::of).toList();
    }

    @Test
    void eachTestSampleTakesTheObserverSampleOfTheSameTime() {
        // the test started 0.2 s after the watch and left out a 1 s warm-up: its second 0-1 is the watch's 1.2-2.2
        Instant testStarted = WATCH_BEGAN.plusMillis(200);
        List<Map<String, Object>> merged = flat(watched(6, List.of()).intoIntervals(
                List.of(testSample(0, 1), testSample(1, 2), testSample(2, 3)), testStarted, 1.0));
        assertEquals(List.of(20.0, 30.0, 40.0), merged.stream().map(s -> s.get("cpu_dut_pct")).toList());
        assertEquals(1e6, merged.get(0).get("throughput_bps"));
        assertEquals(0.0, merged.get(0).get("start_s"), "the test's own times stay");
        assertEquals(List.of("start_s", "end_s", "bytes", "throughput_bps", "cpu_dut_pct"), List.copyOf(merged.get(0).keySet()).subList(0, 5));
    }

    @Test
    void aTestSampleWithNoObserverSampleNearbyGetsNone() {
        List<Map<String, Object>> merged = flat(watched(1, List.of()).intoIntervals(List.of(testSample(5, 6)), WATCH_BEGAN, 0));
        assertFalse(merged.get(0).containsKey("cpu_dut_pct"));
    }

    @Test
    void aTestWithoutSamplesGetsTheObserversOwn() {
        List<Map<String, Object>> own = flat(watched(3, List.of()).intoIntervals(List.of(), WATCH_BEGAN, 0));
        assertEquals(3, own.size());
        assertEquals(Map.of("start_s", 0.0, "end_s", 1.0, "cpu_dut_pct", 10.0, "cpu_dut_user_pct", 10.0, "cpu_dut_sys_pct", 0.0,
                "cpu_dut_softirq_pct", 0.0, "cpu_dut_idle_pct", 90.0), own.get(0));
    }

    @Test
    void missingHostsAreNamedAndEveryHostUnderItsName() {
        Map<String, Object> m = Flat.of(watched(1, List.of("h9: resolve: unknown host name", "h8: observe: refused")).observed());
        assertEquals(42.0, m.get("cpu_dut_pct"));
        assertEquals("h9: resolve: unknown host name; h8: observe: refused", m.get("observe_missing"));
        assertTrue(!Flat.of(watched(1, List.of()).observed()).containsKey("observe_missing"));
        Map<String, ObservedHost> two = new LinkedHashMap<>();
        two.put("local", busy(5));
        two.put("Router-1.lab", busy(7));
        Map<String, Object> named = Flat.of(new Observation(two, Map.of(), List.of()).observed());
        assertEquals(5.0, named.get("cpu_host_local_pct"), "observing local never overwrites cpu_local_pct");
        assertEquals(7.0, named.get("cpu_router_1_lab_pct"));
    }
}
