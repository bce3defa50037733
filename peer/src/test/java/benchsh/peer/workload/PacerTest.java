package benchsh.peer.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The pacer's schedule on a clock the test moves (no real time): a paced sender waits until its bytes are due and
 * never runs ahead of its rate; a wait that oversleeps is made up on the next; a sender that fell far behind starts
 * a new schedule instead of bursting to catch up.
 */
class PacerTest {
    /** 8 Mbit/s: one byte per microsecond. */
    private static final long RATE = 8_000_000L;
    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock();

    @Test
    void anUnpacedSenderNeverWaits() {
        Pacer p = new Pacer(0, clock);
        for (int i = 0; i < 100; i++) {
            p.sent(1 << 20);
        }
        assertFalse(p.paced());
        assertEquals(0, clock.waits);
    }

    @Test
    void aPacedSenderWaitsUntilItsBytesAreDue() {
        Pacer p = new Pacer(RATE, clock);
        assertTrue(p.paced());
        p.sent(1000);
        assertEquals(MS, clock.elapsed(), "1000 bytes at one per microsecond are due after 1 ms");
        for (int i = 0; i < 9; i++) {
            p.sent(1000);
        }
        assertEquals(10 * MS, clock.elapsed(), "10,000 bytes: 10 ms, never less");
    }

    @Test
    void aWaitThatOversleepsIsMadeUpOnTheNext() {
        clock.overshoot = MS / 4;
        Pacer p = new Pacer(RATE, clock);
        for (int i = 0; i < 10; i++) {
            p.sent(1000);
        }
        assertEquals(10 * MS + MS / 4, clock.elapsed(), "the schedule is absolute: one overshoot in all, not one per wait");
    }

    @Test
    void aSenderSlightlyBehindCatchesUpWithoutWaiting() {
        Pacer p = descheduledAfterAWrite(5 * MS); // less than the burst allowed
        assertEquals(0, waitsDuring(() -> {
            for (int i = 0; i < 5; i++) {
                p.sent(1000);
            }
        }), "the 5 ms it lost are sent at once");
        p.sent(1000);
        assertEquals(7 * MS, clock.elapsed(), "and then it is on schedule again");
    }

    @Test
    void aSenderFarBehindStartsANewScheduleInsteadOfBursting() {
        Pacer p = descheduledAfterAWrite(50 * MS); // more than the burst allowed
        assertEquals(0, waitsDuring(() -> p.sent(1000)), "the write after the gap goes at once");
        long restarted = clock.now;
        p.sent(1000);
        assertEquals(restarted + MS, clock.now, "the next waits its full 1 ms: no credit for the 50 ms lost");
    }

    /** A pacer that sent 1000 bytes on schedule and was then descheduled for {@code gapNanos}. */
    private Pacer descheduledAfterAWrite(long gapNanos) {
        Pacer p = new Pacer(RATE, clock);
        p.sent(1000);
        clock.now += gapNanos;
        return p;
    }

    /** How many times the pacer waited while {@code sends} ran. */
    private int waitsDuring(Runnable sends) {
        int before = clock.waits;
        sends.run();
        return clock.waits - before;
    }
}
