package benchsh.shell.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DifferenceTest {
    static final List<Double> A = List.of(100.0, 101.0, 99.0, 100.5, 99.5);

    @Test
    void aSetTenPercentSlowerHasTheRatioInsideItsIntervalAndBelowOne() {
        Difference d = Difference.of(A, A.stream().map(v -> v * 0.9).toList(), 0.95);
        assertEquals(Difference.Method.WELCH, d.method());
        assertEquals(0.9, d.ratio(), 1e-12);
        assertTrue(d.low() < 0.9 && d.high() > 0.9 && d.high() < 1, d.toString());
        assertEquals(Difference.Verdict.LOWER, d.verdict(0.01));
    }

    @Test
    void theSameRunsAreTheSame() {
        Difference d = Difference.of(A, List.of(100.2, 99.7, 100.4, 99.9, 101.1), 0.95);
        assertTrue(d.low() < 1 && d.high() > 1, d.toString());
        assertEquals(Difference.Verdict.SAME, d.verdict(0.01));
    }

    @Test
    void aSignificantChangeWithinTheNoiseThresholdIsNoDifference() {
        Difference d = Difference.of(List.of(100.0, 100.01, 99.99), List.of(100.5, 100.51, 100.49), 0.95);
        assertTrue(d.low() > 1, "significant: " + d);
        assertEquals(Difference.Verdict.SAME, d.verdict(0.01));
        assertEquals(Difference.Verdict.HIGHER, d.verdict(0.001));
    }

    @Test
    void aWiderIntervalAtAHigherConfidence() {
        List<Double> b = List.of(96.0, 99.0, 94.0, 97.0, 95.0);
        Difference at95 = Difference.of(A, b, 0.95);
        Difference at99 = Difference.of(A, b, 0.99);
        assertTrue(at99.low() < at95.low() && at99.high() > at95.high(), at95 + " vs " + at99);
    }

    @Test
    void skewedRunsAreBootstrappedOnTheirMedians() {
        List<Double> withOutlier = List.of(100.0, 100.5, 99.5, 100.2, 40.0);
        Difference d = Difference.of(withOutlier, List.of(90.0, 90.4, 89.6, 90.1, 89.9), 0.95);
        assertEquals(Difference.Method.BOOTSTRAP, d.method());
        assertEquals(90.0 / 100.0, d.ratio(), 1e-12);
        assertTrue(d.low() <= d.ratio() && d.ratio() <= d.high(), d.toString());
        assertEquals(d, Difference.of(withOutlier, List.of(90.0, 90.4, 89.6, 90.1, 89.9), 0.95), "the same runs give the same interval");
    }

    @Test
    void zerosAreComparedOnTheValues() {
        Difference d = Difference.of(List.of(0.0, 2.0, 1.0), List.of(10.0, 12.0, 11.0), 0.95);
        assertEquals(Difference.Method.WELCH_LINEAR, d.method());
        assertEquals(11.0, d.ratio(), 1e-12);
        assertEquals(Difference.Verdict.HIGHER, d.verdict(0.01));
    }

    @Test
    void oneRunASideCannotTell() {
        Difference d = Difference.of(List.of(100.0), List.of(50.0, 51.0), 0.95);
        assertEquals(Difference.Method.NONE, d.method());
        assertEquals(Difference.Verdict.UNKNOWN, d.verdict(0.01));
    }
}
