package benchsh.shell.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How results split into report sections, and what each section pivots and plots. */
class ReportSectionTest {

    static Result r(String test, Map<String, Object> params, Map<String, Object> metrics, Map<String, Object> tags) {
        return new Result(test, Status.OK, "a", "b", params, metrics, tags, Instant.EPOCH, 1, null, List.of());
    }

    @Test
    void sectionsSplitByTestAndTagKeysAndByTheValuesOfFurtherTags() {
        List<Result> rs = List.of(
                r("tcp", Map.of(), Map.of("throughput_bps", 1.0), ReportFixtures.ordered("size", 1L, "dir", "Tx", "label", "old")),
                r("tcp", Map.of(), Map.of("throughput_bps", 1.0), ReportFixtures.ordered("size", 1L, "dir", "Tx", "label", "new")),
                r("tcp", Map.of(), Map.of("throughput_bps", 1.0), ReportFixtures.ordered("size", 2L, "dir", "Tx", "label", "old")),
                r("udp", Map.of(), Map.of("throughput_bps", 1.0), Map.of()),
                r("tcp", Map.of(), Map.of("throughput_bps", 1.0), Map.of()));
        List<ReportSection> s = ReportSection.of(rs);
        assertEquals(List.of("tcp by size and dir — label old", "tcp by size and dir — label new", "udp", "tcp"),
                s.stream().map(ReportSection::title).toList());
        assertEquals(2, s.get(0).results().size());
        assertEquals("size", s.get(0).rows());
        assertEquals("dir", s.get(0).cols());
        assertEquals("size", s.get(0).chartX());
        assertEquals("dir", s.get(0).series());
        assertNull(s.get(1).chartX(), "one size only: nothing to plot");
        assertNull(s.get(2).rows(), "untagged: a result table, no pivot");
    }

    @Test
    void theChartsXIsTheFirstNumericKeyThatVariesTagsBeforeParams() {
        List<Result> byDirThenSize = List.of(
                r("tcp", Map.of("streams", 1L), Map.of("throughput_bps", 1.0), ReportFixtures.ordered("dir", "Tx", "size", 1L)),
                r("tcp", Map.of("streams", 2L), Map.of("throughput_bps", 2.0), ReportFixtures.ordered("dir", "Tx", "size", 2L)));
        ReportSection s = ReportSection.of(byDirThenSize).get(0);
        assertEquals("size", s.chartX());
        assertEquals("dir", s.series());
        List<Result> untagged = List.of(
                r("tcp", Map.of("streams", 1L, "host", "x"), Map.of("throughput_bps", 1.0), Map.of()),
                r("tcp", Map.of("streams", 4L, "host", "x"), Map.of("throughput_bps", 2.0), Map.of()));
        assertEquals("streams", ReportSection.of(untagged).get(0).chartX());
        assertNull(ReportSection.of(untagged).get(0).series());
    }

    @Test
    void theValueIsThroughputElseARateElseTheFirstNumber() {
        assertEquals("throughput_bps", ReportSection.valueMetric(List.of(r("udp", Map.of(),
                ReportFixtures.ordered("messages", 3L, "send_messages_per_s", 1.0, "throughput_bps", 2.0), Map.of()))));
        assertEquals("transactions_per_s", ReportSection.valueMetric(List.of(r("rr", Map.of(),
                ReportFixtures.ordered("transactions", 3L, "transactions_per_s", 1.0, "latency_p50_us", 2.0), Map.of()))));
        assertEquals("files", ReportSection.valueMetric(List.of(r("tree", Map.of(), ReportFixtures.ordered("fs", "ext4", "files", 3L), Map.of()))));
        assertNull(ReportSection.valueMetric(List.of(r("x", Map.of(), Map.of(), Map.of()))));
    }

    /** A lone disk row keeps its context: the parameters it shares with itself are said once, its host reads "on". */
    @Test
    void theParametersEveryResultSharesAreSaidOnceAndADiskRowReadsOn() {
        Map<String, Object> params = ReportFixtures.ordered("path", "/tmp/x", "write", 10_485_760L, "bs", 1_048_576L, "sync", true, "dsync", false,
                "timeout", 60.0, "on", "h1", "op", "write");
        Result disk = new Result("disk", Status.OK, "h1", "h1", params, ReportFixtures.ordered("seconds", 0.1, "throughput_bps", 8e8), Map.of(), Instant.EPOCH, 1,
                null, List.of());
        ReportSection s = ReportSection.of(List.of(disk)).get(0);
        assertEquals("path=/tmp/x write=10MiB bs=1MiB sync=true op=write", Cells.settings(s.shared(), ThroughputUnit.MB_S));
        assertEquals(List.of("on", "seconds", "throughput MB/s"), s.details(ThroughputUnit.MB_S).header());
        String md = MarkdownReport.tables(List.of(disk), ThroughputUnit.MB_S);
        assertTrue(md.contains("Same in every result: `path=/tmp/x write=10MiB bs=1MiB sync=true op=write`"), md);
    }
}
