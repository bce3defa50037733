package benchsh.shell.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FormatsTest {
    @Test
    void durationsUnderTenMillisecondsReadInMicrosecondsOrMilliseconds() {
        assertEquals("50 us", Formats.duration(Duration.ofNanos(50_000)));
        assertEquals("2.5 ms", Formats.duration(Duration.ofNanos(2_500_000)));
        assertEquals("0.01 s", Formats.duration(Duration.ofMillis(10)));
        assertEquals("3.00 s", Formats.duration(Duration.ofSeconds(3)));
        assertEquals("0 s", Formats.duration(Duration.ZERO), "none at all");
    }

    @Test
    void shortMeansOverZeroAndUnderTenMilliseconds() {
        assertTrue(Formats.isShort(Duration.ofNanos(1)));
        assertTrue(Formats.isShort(Duration.ofNanos(9_999_999)));
        assertFalse(Formats.isShort(Duration.ofMillis(10)));
        assertFalse(Formats.isShort(Duration.ZERO));
    }
}
