package benchsh.peer.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The probes' figures from their timestamps: percentiles by nearest rank, the 95 % trimmed mean, losses, spans of the
 * test by send time, and answers that are not a probe's (repeated, unknown, another send time) left out.
 */
class ProbeLogTest {
    private static final long MS = 1_000_000L;

    /** 100 probes 1 ms apart, probe i answered after i+1 ms (the reflector's clock the prober's), every tenth lost. */
    private static ProbeLog hundred() {
        ProbeLog log = new ProbeLog(100);
        for (int i = 0; i < 100; i++) {
            long t1 = i * MS;
            long seq = log.sent(t1);
            if (i % 10 != 9) {
                long mid = t1 + (i + 1) * MS / 2;
                log.answered(seq, t1, mid, mid, t1 + (i + 1) * MS);
            }
        }
        return log;
    }

    @Test
    void percentilesTrimmedMeanAndLosses() {
        LatencyProbe.Probes p = hundred().probes(0, 0, 100 * MS, ClockOffset.UNKNOWN);
        assertEquals(100, p.probesSent());
        assertEquals(10, p.probesLost());
        // answered: round trips 1..100 ms but for 10, 20, ..., 100: 90 values
        assertEquals(50, p.latencyP50Us() / 1e3, 1.0);
        assertEquals(99, p.latencyMaxUs() / 1e3);
        assertEquals(95, p.latencyP99Us() / 1e3, 4.0);
        // the fastest 86 of the 90 (95 %, by nearest rank): 1..9, 11..19, ..., 81..89, 91..95 ms
        assertEquals(4110.0 / 86, p.latencyTrimmedMeanUs() / 1e3, 1e-9, "the slowest 5 % left out: " + p);
    }

    @Test
    void aSpanHoldsTheProbesSentInIt() {
        ProbeLog log = hundred();
        LatencyProbe.Probes p = log.probes(0, 20 * MS, 30 * MS, ClockOffset.UNKNOWN);
        assertEquals(10, p.probesSent());
        assertEquals(25, p.latencyP50Us() / 1e3, "21..29 ms answered, 29 lost");
        LatencyProbe.Probes none = log.probes(0, 500 * MS, 600 * MS, ClockOffset.UNKNOWN);
        assertEquals(0, none.probesSent());
        assertTrue(Double.isNaN(none.latencyP50Us()), "no probe, no figure: " + none);
        LatencyProbe.Sample s = log.sample(0, 0, 10 * MS, ClockOffset.UNKNOWN);
        assertEquals(10, s.probes());
        assertEquals(1, s.probesLost());
        assertEquals(9, s.latencyMaxUs() / 1e3);
    }

    @Test
    void answersThatAreNoProbesAreLeftOut() {
        ProbeLog log = new ProbeLog(4);
        long seq = log.sent(5 * MS);
        assertFalse(log.answered(seq, 4 * MS, 0, 0, 6 * MS), "another send time");
        assertFalse(log.answered(3, 5 * MS, 0, 0, 6 * MS), "never sent");
        assertTrue(log.answered(seq, 5 * MS, 5 * MS, 5 * MS, 6 * MS));
        assertFalse(log.answered(seq, 5 * MS, 5 * MS, 5 * MS, 7 * MS), "answered before");
        assertEquals(1, log.answeredCount());
        log.sent(6 * MS);
        log.sent(7 * MS);
        log.sent(8 * MS);
        assertEquals(-1, log.sent(9 * MS), "full");
        assertEquals(1000, log.achievedIntervalUs());
    }
}
