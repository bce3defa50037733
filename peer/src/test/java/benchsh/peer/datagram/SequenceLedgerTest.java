package benchsh.peer.datagram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SequenceLedgerTest {
    @Test
    void countsGapsAsLossAndLateArrivalsAsOutOfOrder() {
        SequenceLedger l = new SequenceLedger();
        for (long s : new long[] {0, 1, 3, 2, 5, 6, 9}) {
            assertTrue(l.add(s));
        }
        assertEquals(7, l.received());
        assertEquals(1, l.outOfOrder()); // 2 after 3
        assertEquals(3, l.lost(10)); // 4, 7, 8
        assertEquals(10, l.received() + l.lost(10));
    }

    @Test
    void duplicatesAreRecognizedAndNotCounted() {
        SequenceLedger l = new SequenceLedger();
        l.add(0);
        l.add(1);
        assertFalse(l.add(1));
        assertFalse(l.add(0));
        assertEquals(2, l.received());
        assertEquals(2, l.duplicates());
    }

    @Test
    void theWindowSlidesOverLongRuns() {
        SequenceLedger l = new SequenceLedger();
        int n = 3 * SequenceLedger.WINDOW + 17;
        for (long s = 0; s < n; s++) {
            if (s % 1000 != 7) {
                assertTrue(l.add(s));
            }
        }
        assertTrue(l.add(n + 2L * SequenceLedger.WINDOW)); // a jump wider than the window
        assertFalse(l.add(n + 2L * SequenceLedger.WINDOW));
        assertTrue(l.add(n + 2L * SequenceLedger.WINDOW - 5)); // a straggler just inside the window
        assertEquals(1, l.outOfOrder());
    }
}
