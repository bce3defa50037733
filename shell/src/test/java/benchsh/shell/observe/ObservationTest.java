package benchsh.shell.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ObservationTest {
    private static final Instant WATCH_BEGAN = Instant.parse("2026-01-01T00:00:00Z");

    /** One observer sample per second, its CPU the second it ends at times ten. */
    private static Observation watched(int seconds, List<String> missing) {
        List<Map<String, Object>> samples = new ArrayList<>();
        for (int i = 0; i < seconds; i++) {
            samples.add(Map.of("start_s", (double) i, "end_s", i + 1.0, "cpu_dut_pct", (i + 1) * 10.0));
        }
        return new Observation(Map.of("cpu_dut_pct", 42.0), Map.of("dut", new Observation.Watched(WATCH_BEGAN, samples)), missing);
    }

    private static Map<String, Object> testSample(double start, double end) {
        return Map.of("start_s", start, "end_s", end, "throughput_bps", 1e6);
    }

    @Test
    void eachTestSampleTakesTheObserverSampleOfTheSameTime() {
        // the test started 0.2 s after the watch and left out a 1 s warm-up: its second 0-1 is the watch's 1.2-2.2
        Instant testStarted = WATCH_BEGAN.plusMillis(200);
        List<Map<String, Object>> merged = watched(6, List.of()).intoIntervals(
                List.of(testSample(0, 1), testSample(1, 2), testSample(2, 3)), testStarted, 1.0);
        assertEquals(List.of(20.0, 30.0, 40.0), merged.stream().map(s -> s.get("cpu_dut_pct")).toList());
        assertEquals(1e6, merged.get(0).get("throughput_bps"));
        assertEquals(0.0, merged.get(0).get("start_s"), "the test's own times stay");
    }

    @Test
    void aTestSampleWithNoObserverSampleNearbyGetsNone() {
        List<Map<String, Object>> merged = watched(1, List.of()).intoIntervals(List.of(testSample(5, 6)), WATCH_BEGAN, 0);
        assertFalse(merged.get(0).containsKey("cpu_dut_pct"));
    }

    @Test
    void aTestWithoutSamplesGetsTheObserversOwn() {
        assertEquals(3, watched(3, List.of()).intoIntervals(List.of(), WATCH_BEGAN, 0).size());
    }

    @Test
    void theTestsOwnMetricsWinAndMissingHostsAreNamed() {
        Map<String, Object> m = watched(1, List.of("h9: resolve: unknown host name", "h8: observe: refused"))
                .into(Map.of("cpu_dut_pct", 1.0, "bytes", 5L));
        assertEquals(1.0, m.get("cpu_dut_pct"));
        assertEquals(5L, m.get("bytes"));
        assertEquals("h9: resolve: unknown host name; h8: observe: refused", m.get("observe_missing"));
        assertTrue(!watched(1, List.of()).into(Map.of()).containsKey("observe_missing"));
    }
}
