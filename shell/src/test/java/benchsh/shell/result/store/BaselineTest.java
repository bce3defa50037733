package benchsh.shell.result.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The baseline rule: median ± max(tolerance × median, the 99 % prediction half-width of one more run). */
class BaselineTest {

    private static Baseline baseline(String test, double... bps) {
        List<StoredResult> runs = new ArrayList<>();
        for (double v : bps) {
            runs.add(new StoredResult(runs.size() + 1, "s", StoreFixtures.result(test, "a", "b", "nightly", 4096, v, 0, Instant.now()), "ci", "ci"));
        }
        return new Baseline("nightly", "throughput_bps", runs);
    }

    @Test
    void theSpreadOfTheRunsWidensATightTolerance() {
        // median 100, s = sqrt(2.5), t(0.995, 4) = 4.604: half-width 4.604 * 1.581 * sqrt(1 + 1/5) = 7.97
        Baseline b = baseline("tcp", 100, 102, 98, 101, 99);
        Baseline.Verdict v = b.check(107, 0.05);
        assertTrue(v.passed(), v.toString());
        assertEquals(100, v.median());
        assertEquals(7.97, v.spread(), 0.01);
        assertEquals(v.spread(), v.allowed());
        assertTrue(b.check(92.5, 0.05).passed(), "both directions");
        assertFalse(b.check(109, 0.05).passed());
        assertFalse(b.check(91, 0.05).passed());
        assertEquals("outside", b.check(91, 0.05).reason());
    }

    @Test
    void aToleranceWiderThanTheSpreadDecides() {
        Baseline b = baseline("tcp", 100, 102, 98, 101, 99);
        Baseline.Verdict v = b.check(109, 0.10);
        assertTrue(v.passed(), v.toString());
        assertEquals(10, v.allowed(), 1e-9);
        Baseline same = baseline("tcp", 100, 100, 100);
        assertTrue(same.check(105, 0.05).passed(), "no spread: the tolerance alone");
        assertFalse(same.check(105.1, 0.05).passed());
    }

    @Test
    void tooFewRunsFailWithTheReason() {
        Baseline.Verdict v = baseline("tcp", 100, 101).check(100, 0.05);
        assertFalse(v.passed(), "two runs tell no spread: never a pass");
        assertEquals("too few baseline runs: 2 stored with label 'nightly' have throughput_bps, the gate needs at least 3", v.reason());
        Baseline.Verdict none = baseline("tcp").check(100, 0.05);
        assertFalse(none.passed());
        assertEquals(0, none.runs());
    }

    @Test
    void aValueThatIsNotANumberFails() {
        Baseline.Verdict v = baseline("tcp", 100, 101, 99).check(Double.NaN, 0.05);
        assertFalse(v.passed());
        assertEquals("the result has no throughput_bps", v.reason());
    }

    @Test
    void aResultIsComparedWithTheRunsOfItsOwnTest() {
        Baseline mixed = baseline("tcp", 100, 101, 99);
        List<StoredResult> runs = new ArrayList<>(mixed.runs());
        runs.add(new StoredResult(9, "s", StoreFixtures.result("udp", "a", "b", "nightly", 4096, 5, 0, Instant.now()), "ci", "ci"));
        Baseline b = new Baseline("nightly", "throughput_bps", runs);
        assertEquals(4, b.values().size());
        assertEquals(List.of(100.0, 101.0, 99.0), b.of("tcp").values());
        assertEquals(1, b.of("udp").runs().size());
    }
}
