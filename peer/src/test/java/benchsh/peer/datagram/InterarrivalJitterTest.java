package benchsh.peer.datagram;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class InterarrivalJitterTest {
    private static final long MS = 1_000_000L;

    @Test
    void constantTransitGivesNoJitter() {
        InterarrivalJitter j = new InterarrivalJitter();
        for (long i = 0; i < 100; i++) {
            j.add(i * 20 * MS, 1_000 * MS + i * 20 * MS);
        }
        assertEquals(0.0, j.nanos());
    }

    @Test
    void matchesTheRfc3550RecurrenceComputedByHand() {
        // S = 0, 20, 40, 60 ms; R = 100, 120, 150, 160 ms
        // D1 = 20-20 = 0 -> J = 0; D2 = 30-20 = 10 -> J = 10/16 = 0.625;
        // D3 = 10-20 = -10 -> J = 0.625 + (10 - 0.625)/16 = 1.2109375 (ms)
        InterarrivalJitter j = new InterarrivalJitter();
        long[] s = {0, 20, 40, 60};
        long[] r = {100, 120, 150, 160};
        double[] expected = {0, 0, 0.625, 1.2109375};
        for (int i = 0; i < s.length; i++) {
            j.add(s[i] * MS, r[i] * MS);
            assertEquals(expected[i] * MS, j.nanos(), 1e-6, "after packet " + i);
        }
    }

    @Test
    void clockOffsetBetweenHostsDoesNotMatter() {
        InterarrivalJitter a = new InterarrivalJitter();
        InterarrivalJitter b = new InterarrivalJitter();
        long[] s = {0, 20, 40, 60, 80};
        long[] r = {5, 27, 44, 71, 85};
        for (int i = 0; i < s.length; i++) {
            a.add(s[i] * MS, r[i] * MS);
            b.add(s[i] * MS + 123_456_789_000L, r[i] * MS - 987_654_321L);
        }
        // D = 2, -3, 7, -6 ms: J = 0.125, 0.3046875, 0.72314453125, 1.052948..., by hand below
        double j = 0;
        for (double d : new double[] {2, 3, 7, 6}) {
            j += (d - j) / 16;
        }
        assertEquals(j * MS, a.nanos(), 1e-6);
        assertEquals(a.nanos(), b.nanos(), 1e-6);
    }
}
