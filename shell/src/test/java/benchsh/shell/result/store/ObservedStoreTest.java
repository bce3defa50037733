package benchsh.shell.result.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import benchsh.shell.report.JsonLines;
import benchsh.shell.result.Result;
import benchsh.shell.result.SessionInfo;
import benchsh.shell.result.Status;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A result with observed hosts comes back from the store with their metrics and interval figures, so reports can redraw them. */
class ObservedStoreTest {
    @Test
    void observedMetricsAndIntervalsRoundTrip(@TempDir Path dir) throws Exception {
        Instant t0 = Instant.parse("2026-12-02T01:00:00Z");
        Result r = new Result("udp", Status.OK, "h1", "h2", Map.of("size", 1000L),
                Map.of("throughput_bps", 3.4e8, "cpu_dut_pct", 70.0, "dut_eth1_rx_drops", 3L, "observe_missing", "h9: resolve: unknown host name"),
                Map.of(), t0, 1, null, List.of(Map.of("start_s", 0.0, "end_s", 1.0, "throughput_bps", 3e8, "cpu_dut_pct", 65.5, "dut_p1_rx_packets", 40L)));
        try (ResultStore store = ResultStore.open(dir.resolve("results.db"))) {
            store.write(StoreFixtures.recorded(r, new SessionInfo("20261202-010000-abcd", t0, "benchsh", "udp")));
            Result back = store.results(StoreQuery.ALL).get(0).result();
            assertEquals(JsonLines.line(r), JsonLines.line(back));
            assertEquals(65.5, ((Number) back.intervals().get(0).get("cpu_dut_pct")).doubleValue());
        }
    }
}
