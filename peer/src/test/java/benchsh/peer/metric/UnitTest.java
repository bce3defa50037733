package benchsh.peer.metric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class UnitTest {
    @Test
    void aNameSaysItsUnitBySuffixOrTheWordBytes() {
        assertEquals(Optional.of(Unit.BITS_PER_SECOND), Unit.of("throughput_bps"));
        assertEquals(Optional.of(Unit.MICROSECONDS_PER_KB), Unit.of("service_demand_local_us_per_kb"), "not _us");
        assertEquals(Optional.of(Unit.MICROSECONDS_PER_TRANSACTION), Unit.of("service_demand_remote_us_per_tran"));
        assertEquals(Optional.of(Unit.PER_SECOND), Unit.of("transactions_per_s"), "not seconds");
        assertEquals(Optional.of(Unit.ROUND_TRIPS_PER_MINUTE), Unit.of("both_responsiveness_rpm"));
        assertEquals(Optional.of(Unit.SECONDS), Unit.of("start_s"));
        assertEquals(Optional.of(Unit.SECONDS), Unit.of("seconds"));
        assertEquals(Optional.of(Unit.PERCENT), Unit.of("cpu_{host}_cpu{n}_pct"));
        assertEquals(Optional.of(Unit.MICROSECONDS), Unit.of("latency_p99_9_us"));
        assertEquals(Optional.of(Unit.BYTES), Unit.of("bytes_total"));
        assertEquals(Optional.of(Unit.BYTES), Unit.of("{host}_{iface}_rx_bytes"));
        assertTrue(Unit.of("messages_sent").isEmpty());
        assertTrue(Unit.of("{host}_drops").isEmpty());
    }

    @Test
    void aNameThatDoesNotCarryItsUnitIsRefused() {
        Unit.BITS_PER_SECOND.check("throughput_bps");
        Unit.COUNT.check("messages_lost");
        Unit.TEXT.check("send_io");
        assertEquals("the metric throughput is in bits per second, so its name must end with _bps",
                assertThrows(IllegalArgumentException.class, () -> Unit.BITS_PER_SECOND.check("throughput")).getMessage());
        assertEquals("the metric frame_size is in bytes, so its name must have the word bytes",
                assertThrows(IllegalArgumentException.class, () -> Unit.BYTES.check("frame_size")).getMessage());
        assertEquals("the metric lag_seconds is in a count, so its name must carry no unit's suffix (it says seconds)",
                assertThrows(IllegalArgumentException.class, () -> Unit.COUNT.check("lag_seconds")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Unit.SECONDS.check("rate_per_s"));
    }

    @Test
    void headerWordsLeaveTheSuffixOut() {
        assertEquals("throughput", Unit.BITS_PER_SECOND.strip("throughput_bps"));
        assertEquals("start", Unit.SECONDS.strip("start_s"));
        assertEquals("bytes", Unit.BYTES.strip("bytes"));
    }
}
