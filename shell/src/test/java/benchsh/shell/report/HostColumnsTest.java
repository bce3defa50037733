package benchsh.shell.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import benchsh.shell.result.store.StoredResult;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A disk (tree, remove) row names the host it ran on, not "from h1 to h1", in every table that shows results. */
class HostColumnsTest {
    static final Result DISK = new Result("disk", Status.FAILED, "h1", "h1", Map.of("on", "h1", "op", "write"), Map.of("throughput_bps", 8e8),
            Map.of(), Instant.EPOCH, 1, "h1: disk full", List.of());
    static final Result TCP = new Result("tcp", Status.OK, "local", "h1", Map.of("size", 1024L), Map.of("throughput_bps", 8e8), Map.of(),
            Instant.EPOCH, 1, null, List.of());

    @Test
    void aTableOfDiskRowsHasOnAndAMixedOneAllThree() {
        List<String> columns = List.of("test", "from", "to", "seconds", "throughput_bps");
        assertEquals(List.of("test", "on", "seconds", "throughput_bps", "status"), ResultTable.keys(List.of(DISK), columns));
        assertEquals(List.of("test", "from", "to", "on", "seconds", "throughput_bps", "status"), ResultTable.keys(List.of(TCP, DISK), columns));
        String table = ResultTable.render(List.of(TCP, DISK), columns, ThroughputUnit.MB_S);
        assertTrue(table.contains("\ndisk  -      -   h1 "), table);
        assertTrue(table.contains("\ntcp   local  h1  -  "), table);
    }

    @Test
    void reportsCsvAndHistorySayOn() {
        String failures = MarkdownReport.tables(List.of(DISK), ThroughputUnit.MB_S);
        assertTrue(failures.contains("| test | on  | tags | status | error         |"), failures);
        List<String> csv = CsvReport.render(List.of(DISK, TCP)).lines().toList();
        assertTrue(csv.get(1).startsWith("disk,failed,,,"), "the host is params.on: " + csv);
        assertTrue(csv.get(2).startsWith("tcp,ok,local,h1,"), csv.toString());
        TextTable history = HistoryReport.runs(List.of(new StoredResult(1, "s", DISK, "m", "u")), ThroughputUnit.MB_S);
        assertEquals(List.of("id", "session", "started", "machine", "user", "test", "on"), history.header().subList(0, 7));
        assertEquals("h1", history.rows().get(0).get(6));
    }
}
