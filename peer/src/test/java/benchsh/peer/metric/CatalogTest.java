package benchsh.peer.metric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CatalogTest {
    @Headline("throughput_bps")
    record Result(@Metric(unit = Unit.BITS_PER_SECOND, means = "the figure") double throughputBps,
                  @Metric(unit = Unit.PERCENT, means = "the from host's CPU") double cpuLocalPct) {
    }

    record Other(@Metric(unit = Unit.BITS_PER_SECOND, means = "said again") double throughputBps,
                 @Metric(unit = Unit.COUNT, means = "a count") long messages) {
    }

    record Clash(@Metric(unit = Unit.TEXT, means = "another unit") String messages) {
    }

    @Headline("nothing_bps")
    record Wrong(@Metric(unit = Unit.BITS_PER_SECOND, means = "x") double throughputBps) {
    }

    private static final Catalog CATALOG = Catalog.of(List.of(Result.class, Other.class, FlatTest.Host.class));

    @Test
    void aNameIsListedOnceWithTheFirstMeaning() {
        assertEquals(List.of("throughput_bps", "cpu_local_pct", "messages", "cpu_{host}_pct", "cpu_{host}_cpu{n}_pct", "{host}_{iface}_rx_drops"),
                CATALOG.all().stream().map(NamedMetric::name).toList());
        assertEquals("the figure", CATALOG.named("throughput_bps").orElseThrow().meaning());
    }

    @Test
    void aKeyIsItsOwnNameBeforeAnyFamilyAndElseTheNarrowestFamily() {
        assertEquals("cpu_local_pct", CATALOG.named("cpu_local_pct").orElseThrow().name(), "a fixed name is no observed host");
        assertEquals("cpu_{host}_pct", CATALOG.named("cpu_dut_pct").orElseThrow().name());
        assertEquals("cpu_{host}_cpu{n}_pct", CATALOG.named("cpu_dut_cpu3_pct").orElseThrow().name());
        assertEquals("{host}_{iface}_rx_drops", CATALOG.named("dut_eth1_rx_drops").orElseThrow().name());
        assertTrue(CATALOG.named("size").isEmpty());
    }

    @Test
    void aNameCannotChangeItsUnit() {
        assertTrue(assertThrows(IllegalStateException.class, () -> Catalog.of(List.of(Other.class, Clash.class))).getMessage()
                .contains("messages is in a count in one record and in text in Clash"));
    }

    @Test
    void theHeadlineIsOneOfTheRecordsFigures() {
        assertEquals("throughput_bps", Catalog.headline(Result.class));
        assertThrows(IllegalStateException.class, () -> Catalog.headline(Wrong.class));
        assertThrows(IllegalStateException.class, () -> Catalog.headline(Other.class));
    }
}
