package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.protocol.ClockExchange;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The shell's estimate of a peer's clock from exchanges the test makes up: a peer whose clock is skewed has the skew
 * recovered within the stated uncertainty, whatever the delays each way; a fresher exchange beats an older, faster one
 * once the clocks may have drifted further than it is slower; stamps that are no exchange teach nothing.
 */
class PeerClockTest {
    private static final long MS = 1_000_000L;

    /** An exchange sent at {@code t1} (the shell's clock), {@code up} and {@code down} ns each way, the peer's clock {@code skew} ahead. */
    private static ClockExchange exchange(long t1, long up, long down, long skew) {
        return new ClockExchange(t1, t1 + up + skew, t1 + up + skew + 20_000, t1 + up + 20_000 + down);
    }

    @Test
    void aSkewedPeerClockIsRecoveredWithinTheStatedUncertainty() {
        PeerClock clock = new PeerClock();
        Random random = new Random(6);
        long skew = -123_456_789_000L;
        long now = System.nanoTime();
        for (int i = 0; i < 10; i++) {
            clock.add(exchange(now - (10 - i) * MS, (200 + random.nextInt(5000)) * 1000L, (100 + random.nextInt(300)) * 1000L, skew));
        }
        PeerClock.Estimate e = clock.estimate().orElseThrow();
        assertEquals(skew, e.offsetNanos(), e.uncertaintyNanos(), e.toString());
        assertEquals(now + Math.round(e.offsetNanos()), clock.toPeer(now));
    }

    @Test
    void theClockMayHaveDriftedSinceAnOldExchange() {
        PeerClock clock = new PeerClock();
        long now = System.nanoTime();
        clock.add(exchange(now - 3_600_000 * MS, 100_000, 100_000, 0)); // an hour ago, 0.2 ms round trip: ± 360 ms of drift since
        clock.add(exchange(now - 10 * MS, 2 * MS, 2 * MS, 0)); // now, 4 ms
        PeerClock.Estimate e = clock.estimate().orElseThrow();
        assertEquals(4 * MS, e.roundTripNanos(), "the fresh one bounds the offset better now");
        assertTrue(e.uncertaintyNanos() >= 2 * MS, e.toString());
    }

    @Test
    void beforeAnyExchangeThereIsNoEstimateAndNonsenseIsIgnored() {
        PeerClock clock = new PeerClock();
        assertTrue(clock.estimate().isEmpty());
        assertEquals(42, clock.toPeer(42));
        clock.add(new ClockExchange(100, 0, 500, 90)); // the answer held longer than the round trip: no exchange
        assertTrue(clock.estimate().isEmpty());
    }
}
