package benchsh.peer.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.workload.ManualClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The probe schedule on a clock the test moves: slots go out when due, one at a time; a sender whose timer wakes late
 * skips the slots it missed rather than bursting, and says how many.
 */
class ProbeScheduleTest {
    private static final long MS = 1_000_000L;

    private static List<Long> run(ProbeSchedule s, ManualClock clock) {
        List<Long> sent = new ArrayList<>();
        while (s.next(() -> false) >= 0) {
            sent.add(clock.now);
        }
        return sent;
    }

    @Test
    void aTimerThatKeepsTimeSendsEverySlotWhenDue() {
        ManualClock clock = new ManualClock();
        long start = clock.now;
        ProbeSchedule s = new ProbeSchedule(start, 10 * MS, 100, clock);
        List<Long> sent = run(s, clock);
        assertEquals(100, sent.size());
        for (int i = 0; i < sent.size(); i++) {
            assertEquals(start + i * 10 * MS, sent.get(i));
        }
        assertEquals(0, s.skipped());
        assertEquals(start + 1000 * MS, s.endNanos());
    }

    @Test
    void aTimerThatOversleepsSkipsTheSlotsItMissedInsteadOfBursting() {
        ManualClock clock = new ManualClock();
        clock.overshoot = 25 * MS; // each wait for a 10 ms slot lasts 25 ms longer
        long start = clock.now;
        ProbeSchedule s = new ProbeSchedule(start, 10 * MS, 100, clock);
        List<Long> sent = run(s, clock);
        assertTrue(sent.size() < 50, "far fewer probes than slots went out: " + sent.size());
        assertEquals(100 - sent.size(), s.skipped(), "every slot was sent or skipped");
        for (int i = 1; i < sent.size(); i++) {
            assertTrue(sent.get(i) - sent.get(i - 1) >= 10 * MS, "never two probes within one interval (no burst)");
        }
    }

    @Test
    void aStopEndsTheSchedule() {
        ManualClock clock = new ManualClock();
        ProbeSchedule s = new ProbeSchedule(clock.now, 10 * MS, 100, clock);
        assertEquals(0, s.next(() -> false));
        assertEquals(-1, s.next(() -> true));
    }
}
