package benchsh.peer.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The drain rule as numbers: what is in flight, the rate it is taken at, the bound, and what a drain that ran out says. */
class DrainTest {
    private static final long SECOND = 1_000_000_000L;
    private static final Duration IDLE = Duration.ofSeconds(10);
    private static final long A_MINUTE = 60 * SECOND;

    @Test
    void theBytesInFlightGetTwiceWhatTheyNeedAtTheRateTheyWereTakenAtPlusTheIdleTimeout() {
        // 6.2 MB written in 20 s into a 1.2 MB send buffer: at least 5 MB were taken, 250 kB/s (2 Mbit/s)
        Drain d = Drain.after(6_200_000, 20 * SECOND, 260_000, 1_200_000, IDLE, A_MINUTE);
        assertEquals(1_200_000, d.inFlightBytes());
        assertEquals(250_000, d.rate(), 1e-6);
        assertEquals(4.8, d.needNanos() / 1e9, 1e-6);
        assertEquals(2 * 4.8 + 10, d.boundNanos() / 1e9, 1e-6);
        assertFalse(d.cut());
        assertEquals("the receiver did not confirm the last 1.2 MB within 19.6 s (2.0 Mbit/s measured)", d.unconfirmed("the receiver"));
    }

    @Test
    void aLinkThatSlowedAtTheEndIsJudgedByItsLastSeconds() {
        Drain steady = Drain.after(6_200_000, 20 * SECOND, 300_000, 1_200_000, IDLE, A_MINUTE);
        assertEquals(250_000, steady.rate(), 1e-6, "a faster recent rate does not shorten the drain");
        Drain slowed = Drain.after(6_200_000, 20 * SECOND, 62_500, 1_200_000, IDLE, A_MINUTE);
        assertEquals(62_500, slowed.rate(), 1e-6);
        assertEquals(2 * 19.2 + 10, slowed.boundNanos() / 1e9, 1e-6);
        assertTrue(slowed.unconfirmed("the receiver").endsWith("(500 kbit/s measured)"), slowed.unconfirmed("the receiver"));
    }

    @Test
    void neverMoreIsInFlightThanWasWrittenAndWithoutARateTheDrainLastsToTheDeadline() {
        Drain d = Drain.after(300_000, 5 * SECOND, 60_000, 4_000_000, IDLE, 17 * SECOND);
        assertEquals(300_000, d.inFlightBytes());
        assertEquals(0, d.rate(), "all that was written may still be in the send buffer");
        assertEquals(17 * SECOND, d.boundNanos());
        assertTrue(d.cut());
        assertEquals("the receiver did not confirm the last 300 kB within 17.0 s, the test's deadline (no rate measured)",
                d.unconfirmed("the receiver"));
        Drain early = Drain.after(6_200_000, SECOND, 0, 1_200_000, IDLE, 17 * SECOND);
        assertEquals(0, early.rate(), "a rate of the first seconds, when the buffers fill at memory speed, is no rate");
        assertEquals(17 * SECOND, early.boundNanos());
    }

    @Test
    void theDeadlineCutsARuleThatWouldOutlastIt() {
        Drain d = Drain.after(6_200_000, 20 * SECOND, 260_000, 1_200_000, IDLE, 12 * SECOND);
        assertEquals(12 * SECOND, d.boundNanos());
        assertTrue(d.cut());
        assertEquals("the receiver did not confirm the last 1.2 MB within 12.0 s, the test's deadline (2.0 Mbit/s measured; they need 4.8 s)",
                d.unconfirmed("the receiver"));
        assertEquals(0, Drain.after(6_200_000, 20 * SECOND, 260_000, 1_200_000, IDLE, -SECOND).boundNanos(), "a deadline already past");
    }

    @Test
    void aFastLinkDrainsWithinTheIdleTimeout() {
        // 1.25 GB in 1 s through a 4 MB buffer: 3 ms in flight
        Drain d = Drain.after(1_250_000_000, SECOND, 1.3e9, 4_000_000, IDLE, A_MINUTE);
        assertEquals(10.0064, d.boundNanos() / 1e9, 1e-3);
    }
}
