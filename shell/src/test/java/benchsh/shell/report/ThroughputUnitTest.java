package benchsh.shell.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Units are found by the names people write: Mbit/s, Mbit, mbit/s, and the networking Mbps; MBps is bytes. */
class ThroughputUnitTest {
    @Test
    void unitsAreFoundByTheirCommonNames() {
        assertEquals("Mbit/s", ThroughputUnit.named("Mbit/s").name());
        assertEquals("Mbit/s", ThroughputUnit.named("mbit").name());
        assertEquals("Mbit/s", ThroughputUnit.named("Mbps").name());
        assertEquals("Gbit/s", ThroughputUnit.named("Gbps").name());
        assertEquals("Kbit/s", ThroughputUnit.named("kbps").name());
        assertEquals("MB/s", ThroughputUnit.named("MBps").name());
        assertThrows(IllegalArgumentException.class, () -> ThroughputUnit.named("furlongs"));
    }
}
