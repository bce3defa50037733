package benchsh.peer.metric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FlatTest {
    enum Mode { COLD, WARM }

    record Span(@Metric(unit = Unit.BYTES, means = "bytes") long bytes, @Metric(unit = Unit.SECONDS, means = "span") double seconds) {
    }

    record Facts(@Metric(unit = Unit.TEXT, means = "type") String fsType) {
    }

    record Report(Span meter, @Prefix(value = "src_", means = "the source") Facts src, @Prefix("dst_") Facts dst,
                  @Metric(unit = Unit.BITS_PER_SECOND, means = "rate") double throughputBps,
                  @Metric(unit = Unit.TEXT, means = "cache") Mode cache,
                  @Metric(unit = Unit.BYTES, means = "per stream") List<Long> streamBytes) {
    }

    record Nic(@Metric(unit = Unit.COUNT, means = "drops") long rxDrops) {
    }

    record Host(@Metric(unit = Unit.PERCENT, means = "busy", name = "cpu_{host}_pct") double busyPct,
                @Metric(unit = Unit.PERCENT, means = "per CPU", name = "cpu_{host}_cpu{n}_pct") @Each("n") Map<String, Double> perCpu,
                @Each("iface") @Prefix("{host}_{iface}_") Map<String, Nic> interfaces) {
    }

    record Unnamed(long count) {
    }

    record Misnamed(@Metric(unit = Unit.BITS_PER_SECOND, means = "rate") double throughput) {
    }

    private static final Report REPORT = new Report(new Span(10, 2.5), new Facts("ext4"), null, Double.NaN, Mode.COLD, List.of(4L, 6L));

    @Test
    void aRecordFlattensUnderItsComponentsNamesWithPrefixesLeavingAbsentFiguresOut() {
        Map<String, Object> flat = Flat.of(REPORT);
        assertEquals(List.of("bytes", "seconds", "src_fs_type", "cache", "stream_bytes"), List.copyOf(flat.keySet()));
        assertEquals("cold", flat.get("cache"));
        assertEquals(List.of(4L, 6L), flat.get("stream_bytes"));
    }

    @Test
    void aMapFillsItsPlaceholderAndACallerBindsTheRest() {
        Map<String, Double> cpus = new LinkedHashMap<>();
        cpus.put("0", 50.0);
        Host h = new Host(12.5, cpus, Map.of("eth1", new Nic(3)));
        assertEquals(Map.of("cpu_dut_pct", 12.5, "cpu_dut_cpu0_pct", 50.0, "dut_eth1_rx_drops", 3L), Flat.of(h, Map.of("host", "dut")));
        assertThrows(IllegalArgumentException.class, () -> Flat.of(h), "{host} unbound");
    }

    @Test
    void declaredNamesAreTheTemplatesWithTheirUnits() {
        assertEquals(List.of("bytes", "seconds", "src_fs_type", "dst_fs_type", "throughput_bps", "cache", "stream_bytes"),
                Flat.declared(Report.class).stream().map(NamedMetric::name).toList());
        assertEquals(List.of("cpu_{host}_pct", "cpu_{host}_cpu{n}_pct", "{host}_{iface}_rx_drops"),
                Flat.declared(Host.class).stream().map(NamedMetric::name).toList());
        assertEquals(Unit.PERCENT, Flat.declared(Host.class).get(1).unit());
        assertEquals("the source: type", Flat.declared(Report.class).get(2).meaning(), "a prefix says whose figures they are");
        assertEquals("type", Flat.declared(Report.class).get(3).meaning());
    }

    @Test
    void aFigureWithoutAUnitOrWithANameThatDoesNotCarryItIsAProgrammingError() {
        assertTrue(assertThrows(IllegalStateException.class, () -> Flat.declared(Unnamed.class)).getMessage().contains("Unnamed.count"));
        assertTrue(assertThrows(IllegalStateException.class, () -> Flat.declared(Misnamed.class)).getMessage().contains("must end with _bps"));
    }

    @Test
    void aFlatFormReadsBackIntoItsRecord() {
        Report back = Flat.read(Report.class, Flat.of(REPORT));
        assertEquals(REPORT.meter(), back.meter());
        assertEquals(REPORT.src(), back.src());
        assertNull(back.dst(), "a nested record with none of its figures is null");
        assertTrue(Double.isNaN(back.throughputBps()));
        assertEquals(Mode.COLD, back.cache());
        assertEquals(List.of(4L, 6L), back.streamBytes());
        assertThrows(IllegalArgumentException.class, () -> Flat.read(Host.class, Map.of()), "a family cannot be read back");
    }
}
