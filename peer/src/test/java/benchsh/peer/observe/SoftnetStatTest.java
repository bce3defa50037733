package benchsh.peer.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SoftnetStatTest {
    /** A 5.x kernel: 13 columns per CPU, the last ones the backlog length and the CPU's number. */
    static final String MODERN = """
            0c685a42 00000010 0000001b 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000
            0b3cd014 0000000a 00000021 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000001
            """;
    /** A 2.6 kernel: 9 columns. */
    static final String OLD = """
            0000a1b2 00000003 00000000 00000000 00000000 00000000 00000000 00000000 00000000
            """;

    @Test
    void addsUpTheDroppedColumnOfEveryCpuInHex() {
        assertEquals(0x10 + 0x0a, SoftnetStat.dropped(MODERN).getAsLong());
        assertEquals(3, SoftnetStat.dropped(OLD).getAsLong());
    }

    @Test
    void nothingToReadIsAbsentNotZero() {
        assertTrue(SoftnetStat.dropped("").isEmpty());
        assertTrue(SoftnetStat.dropped("xyz qq\n").isEmpty());
    }
}
