package benchsh.peer.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ClockExchange;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The clock offset the probes estimate, from exchanges whose timestamps the test makes: the reflector's clock skewed by
 * a known offset (and drifting), the way up and the way down each taking a random time, longer up than down. The
 * estimate recovers the skew within its stated uncertainty all through the test, and that uncertainty is half the
 * fastest round trip, not the spread of the delays.
 */
class ClockOffsetTest {
    private static final long US = 1_000L;
    private static final long S = 1_000_000_000L;

    /** The reflector's clock at the prober's {@code t}: {@code skew} ahead at 0, drifting by {@code ppm}. */
    private static long reflector(long t, long skew, double ppm) {
        return t + skew + Math.round(t * ppm * 1e-6);
    }

    /** Logs probes every 10 ms for {@code seconds}, each way 40..400 µs up and 20..100 µs down, the reflector holding each 5..15 µs. */
    private static ProbeLog probes(long start, int seconds, long skew, double ppm, Random random) {
        int n = seconds * 100;
        ProbeLog log = new ProbeLog(n);
        for (int i = 0; i < n; i++) {
            long t1 = start + i * 10_000 * US;
            long arrived = t1 + (40 + random.nextInt(360)) * US;
            long left = arrived + (5 + random.nextInt(10)) * US;
            long t4 = left + (20 + random.nextInt(80)) * US;
            long seq = log.sent(t1);
            assertTrue(log.answered(seq, t1, reflector(arrived, skew, ppm), reflector(left, skew, ppm), t4));
        }
        return log;
    }

    @Test
    void aSkewedClockIsRecoveredWithinTheStatedUncertainty() {
        long start = 0;
        long skew = 2_500_000 * US; // 2.5 s ahead
        double ppm = 30; // and running 30 ppm fast: 0.6 ms more over 20 s
        ProbeLog log = probes(start, 20, skew, ppm, new Random(34));
        ClockOffset clock = ClockOffset.of(log.fastest(start, 0, 2 * S), log.fastest(start, 18 * S, 20 * S));
        assertTrue(clock.uncertaintyNanos() < 100 * US, "half the fastest round trip, not the delays' spread: " + clock);
        for (long t = start; t < start + 20 * S; t += S) {
            double truth = reflector(t, skew, ppm) - t;
            assertTrue(Math.abs(clock.at(t) - truth) <= clock.uncertaintyNanos(), "at " + (t - start) / S + " s the offset " + clock.at(t)
                    + " is within " + clock.uncertaintyNanos() + " of " + truth);
        }
        assertEquals(reflector(clock.atNanos(), skew, ppm) - clock.atNanos(), clock.offsetNanos(), clock.uncertaintyNanos());
        assertTrue(clock.endOffsetNanos() - clock.offsetNanos() > 300 * US, "the drift over the test shows: " + clock);
    }

    @Test
    void oneWayDelaysComeOutWithTheSkewTakenOut() {
        long start = 50 * S;
        long skew = -7 * S; // behind, by far more than any delay
        ProbeLog log = probes(start, 4, skew, 0, new Random(1));
        ClockOffset clock = ClockOffset.of(log.fastest(start, 0, S), log.fastest(start, 3 * S, 4 * S));
        LatencyProbe.Probes p = log.probes(start, 0, 4 * S, clock);
        double slack = clock.uncertaintyNanos() / 1e3;
        assertEquals(220, p.upDelayP50Us(), 20 + slack, "up: 40..400 µs, median near 220: " + p);
        assertEquals(60, p.downDelayP50Us(), 10 + slack, "down: 20..100 µs, median near 60: " + p);
        assertEquals(0, p.probesLost());
        assertEquals(400, p.probesSent());
    }

    @Test
    void anEndStillLoadedIsNoGuideToTheDrift() {
        long skew = 4 * S;
        ProbeLog idle = probes(0, 2, skew, 0, new Random(3));
        ClockExchange start = idle.fastest(0, 0, 2 * S);
        // the last idle phase still behind a queue the load left: its fastest probe waited 70 ms up and 1 ms down
        ClockExchange loaded = new ClockExchange(20 * S, 20 * S + 70 * 1000 * US + skew, 20 * S + 70 * 1000 * US + skew, 20 * S + 71 * 1000 * US);
        ClockOffset clock = ClockOffset.of(start, loaded);
        assertEquals(0, clock.driftPerNano(), "the faster exchange alone, a constant");
        assertEquals(skew, clock.at(20 * S), clock.uncertaintyNanos());
        assertTrue(clock.uncertaintyNanos() < 3_000 * US, "its half round trip and 100 ppm of drift over 20 s, not 35 ms: " + clock);
    }

    @Test
    void withOneExchangeTheOffsetIsAConstantAndWithNoneItIsUnknown() {
        ProbeLog log = probes(0, 1, 3 * S, 0, new Random(2));
        ClockOffset one = ClockOffset.of(log.fastest(0, 0, S), null);
        assertEquals(one.at(0), one.at(10 * S));
        assertEquals(3 * S, one.offsetNanos(), one.uncertaintyNanos());
        assertTrue(Double.isNaN(ClockOffset.of(null, null).at(0)));
        LatencyProbe.Probes p = log.probes(0, 0, S, ClockOffset.UNKNOWN);
        assertTrue(Double.isNaN(p.upDelayP50Us()) && !Double.isNaN(p.latencyP50Us()), "round trips need no clock, one-way delays do: " + p);
    }
}
