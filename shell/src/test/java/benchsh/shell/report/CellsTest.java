package benchsh.shell.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Parameters and tags read in the unit their verb declares; metrics in the unit their name carries. */
class CellsTest {
    @Test
    void parametersShowInTheUnitTheirVerbDeclares() {
        assertEquals("50 us", Cells.cell("busywait", 5.0e-5, ThroughputUnit.MB_S), "a duration, not 5.00e-05");
        assertEquals("0 s", Cells.cell("busywait", 0.0, ThroughputUnit.MB_S));
        assertEquals("2.00 s", Cells.cell("time", 2.0, ThroughputUnit.MB_S));
        assertEquals("50 Mbit/s", Cells.cell("rate", 50_000_000L, ThroughputUnit.MB_S), "a rate as the user wrote it, in any session unit");
        assertEquals("64 KiB", Cells.cell("window", 65536L, ThroughputUnit.MB_S));
        assertEquals("10 MiB", Cells.cell("write", 10_485_760L, ThroughputUnit.MB_S), "disk's write: is a size");
        assertEquals("100", Cells.cell("count", 100, ThroughputUnit.MB_S));
        assertEquals("0.1", Cells.cell("scale", 0.1, ThroughputUnit.MB_S), "a factor, as it is");
    }

    @Test
    void metricsShowInTheUnitTheirNameCarries() {
        assertEquals("100", Cells.cell("throughput_bps", 800e6, ThroughputUnit.MB_S));
        assertEquals("5.3", Cells.cell("loss_pct", 5.3, ThroughputUnit.MB_S));
        assertEquals("208 KiB", Cells.cell("send_socket_bytes", 212_992L, ThroughputUnit.MB_S));
        assertEquals("1.96 s", Cells.cell("seconds", 1.96, ThroughputUnit.MB_S));
    }
}
