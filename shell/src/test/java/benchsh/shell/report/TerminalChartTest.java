package benchsh.shell.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.workload.Interval;
import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Bars scale to the largest median with 1/8-cell resolution; sparklines span ▁ to █; status lines read well. */
class TerminalChartTest {

    static Result r(long size, String dir, double bps) {
        return new Result("tcp", Status.OK, "a", "b", Map.of("size", size), Map.of("throughput_bps", bps), Map.of("dir", dir),
                Instant.EPOCH, 1, null, List.of());
    }

    @Test
    void groupedBarsScaleToTheLargestMedian() {
        List<Result> results = List.of(r(1024, "tx", 8e8), r(1024, "rx", 4e8), r(2048, "tx", 16e8), r(2048, "tx", 16e8), r(2048, "rx", 2e8));
        String chart = TerminalChart.bars(results, "size", "throughput_bps", "dir", 8, ThroughputUnit.MB_S);
        assertEquals("""
                throughput MB/s by size, dir
                1 KiB  tx  ████      100
                       rx  ██       50.0
                2 KiB  tx  ████████  200
                       rx  █        25.0
                """, chart);
    }

    @Test
    void partialCellsUseEighthBlocks() {
        assertEquals("█▌", TerminalChart.bar(1.5, 4, 4));
        assertEquals("▏", TerminalChart.bar(0.001, 4, 4), "a positive value is never invisible");
        assertEquals("", TerminalChart.bar(0, 4, 4));
        assertTrue(TerminalChart.bars(List.of(r(1, "tx", 1)), "size", "nope", null, 8, ThroughputUnit.MB_S).startsWith("nothing to plot"));
    }

    @Test
    void sparklinesAndStatusLines() {
        assertEquals("▁▅█", Sparkline.of(List.of(0.0, 1.0, 2.0), 10));
        assertEquals("▅█", Sparkline.of(List.of(0.0, 1.0, 2.0), 2), "only the newest values");
        Interval<?> sample = new Interval<>(2.0, 3.0, new Interval.Bytes(100_000_000L, 8e8));
        assertEquals("tcp  3.2 / 11.0 s  100 MB/s  ▁█  step 2 of 6  (Ctrl-C stops)",
                ProgressText.status("tcp", 3.24, 11, sample, List.of(0.0, 8e8), "step 2 of 6", ThroughputUnit.MB_S));
        assertEquals("tcp  0.4 / 11.0 s  warming up  (Ctrl-C stops)", ProgressText.status("tcp", 0.4, 11, null, List.of(), null, ThroughputUnit.MB_S));
        Interval<?> rr = new Interval<>(0.0, 0.5, new Interval.Transactions(5000L, 10_000));
        assertEquals("10,000 tx/s", ProgressText.rate(rr, ThroughputUnit.MB_S));
        assertEquals("  tcp   2.0-3.0 s  100 MB/s", ProgressText.interval("tcp", sample, null, ThroughputUnit.MB_S));
    }
}
