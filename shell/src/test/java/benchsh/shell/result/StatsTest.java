package benchsh.shell.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatsTest {

    @Test
    void studentTQuantilesMatchTheTables() {
        assertEquals(12.706, Stats.tQuantile(0.975, 1), 1e-3);
        assertEquals(4.303, Stats.tQuantile(0.975, 2), 1e-3);
        assertEquals(9.925, Stats.tQuantile(0.995, 2), 1e-3);
        assertEquals(2.756, Stats.tQuantile(0.995, 29), 1e-3);
        assertEquals(1.984, Stats.tQuantile(0.975, 100), 1e-3);
    }

    @Test
    void summarizesRuns() {
        Stats s = Stats.of(List.of(83.3, 82.9, 83.0));
        assertEquals(3, s.n());
        assertEquals(83.0, s.median(), 1e-9);
        assertEquals(83.0666, s.mean(), 1e-3);
        assertEquals(82.9, s.min(), 1e-9);
        assertEquals(83.3, s.max(), 1e-9);
        assertEquals(0.2082, s.stddev(), 1e-3);
        // t(0.995, 2) * s / sqrt(3)
        assertEquals(9.925 * 0.2082 / Math.sqrt(3), s.ciHalfWidth(0.99), 1e-2);
    }

    @Test
    void convergesLikeNetperfConfidenceMode() {
        assertTrue(Stats.of(List.of(100.0, 100.1, 99.9, 100.0)).converged(0.99, 0.05));
        assertFalse(Stats.of(List.of(100.0, 150.0, 60.0)).converged(0.99, 0.05));
        assertFalse(Stats.of(List.of(100.0)).converged(0.99, 0.05));
    }
}
