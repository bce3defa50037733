package benchsh.shell.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PivotTest {

    static Result r(long size, String dir, double mbps) {
        return new Result("tcp", Status.OK, "a", "b", Map.of("size", size), Map.of("throughput_bps", mbps * 8e6),
                Map.of("dir", dir), Instant.EPOCH, 1, null, List.of());
    }

    @Test
    void pivotsByTwoKeysWithSortedNumericRowsAndRunsInCells() {
        List<Result> rs = new ArrayList<>(List.of(r(2048, "Tx", 20), r(1024, "Tx", 10), r(1024, "Rx", 11)));
        rs.add(r(1024, "Tx", 12));
        rs.add(r(1024, "Tx", 11));
        String table = Pivot.of(rs, "size", "dir", "throughput_bps", ThroughputUnit.MB_S).toString();
        assertEquals("""
                 size                  Tx MB/s  Rx MB/s
                -----  -----------------------  -------
                1 KiB  11.0 (10.0; 12.0; 11.0)     11.0
                2 KiB                     20.0        -
                """, table);
    }

    @Test
    void aValueOtherThanThroughputIsNamedWithItsUnitInTheCorner() {
        List<Result> rs = List.of(new Result("udp", Status.OK, "a", "b", Map.of("size", 64L), Map.of("recv_messages_per_s", 250000.0),
                Map.of("dir", "Tx"), Instant.EPOCH, 1, null, List.of()));
        String header = Pivot.of(rs, "size", "dir", "recv_messages_per_s", ThroughputUnit.MB_S).toString().lines().findFirst().orElseThrow();
        assertEquals("size \\ recv messages per s  Tx", header.strip().replaceAll(" +Tx", "  Tx"));
    }

    /** An interrupted run (0.40 s of 2 s) is no figure of the setting: marked among the runs, left out of the median. */
    @Test
    void aRunThatDidNotCompleteIsMarkedAndLeftOutOfTheMedian() {
        List<Result> rs = List.of(r(1024, "Tx", 949), r(1024, "Tx", 937), stopped(r(1024, "Tx", 835)));
        String table = Pivot.of(rs, "size", "dir", "throughput_bps", ThroughputUnit.MB_S).toString();
        assertEquals("""
                 size               Tx MB/s
                -----  --------------------
                1 KiB  943 (949; 937; 835*)
                * a run that did not complete (interrupted or failed): not in the median
                """, table);
        String ci = Pivot.of(rs, "size", "dir", "throughput_bps", ThroughputUnit.MB_S, true).toString();
        assertTrue(ci.contains("943 ± ") && ci.contains(" *\n"), "the interval is of the completed runs: " + ci);
    }

    /** Results without the column's tag are a column named by what they lack, not a row of dashes. */
    @Test
    void resultsWithoutTheKeyAreNamedByWhatTheyLack() {
        Result untagged = new Result("tcp", Status.OK, "a", "b", Map.of("size", 131072L), Map.of("throughput_bps", 80e6), Map.of(),
                Instant.EPOCH, 1, null, List.of());
        Result disk = new Result("disk", Status.OK, "a", "a", Map.of("on", "a"), Map.of("throughput_bps", 800e6), Map.of(),
                Instant.EPOCH, 1, null, List.of());
        Result rr = new Result("rr", Status.OK, "a", "b", Map.of(), Map.of("transactions_per_s", 9000.0), Map.of(), Instant.EPOCH, 1, null, List.of());
        String table = Pivot.of(List.of(r(1024, "Tx", 10), r(1024, "Rx", 11), untagged, disk, rr), "size", "dir", "throughput_bps",
                ThroughputUnit.MB_S).toString();
        assertEquals("""
                size     Tx MB/s  Rx MB/s  no dir MB/s
                -------  -------  -------  -----------
                1 KiB       10.0     11.0            -
                128 KiB        -        -         10.0
                no size        -        -          100
                (1 result without throughput MB/s left out; value: picks another metric)
                """, table);
    }

    /** Two tables of two rates in bits/s (example 02's payload and wire rates) say which they show. */
    @Test
    void aRateOtherThanThroughputIsNamedInTheCorner() {
        List<Result> rs = List.of(new Result("limit", Status.OK, "a", "b", Map.of(), Map.of("limit_bps", 90e6, "limit_wire_bps", 95e6),
                Map.of("frame", 1518L, "label", "bridge"), Instant.EPOCH, 1, null, List.of()));
        String payload = Pivot.of(rs, "frame", "label", "limit_bps", ThroughputUnit.named("Mbit/s")).toString().lines().findFirst().orElseThrow();
        String wire = Pivot.of(rs, "frame", "label", "limit_wire_bps", ThroughputUnit.named("Mbit/s")).toString().lines().findFirst().orElseThrow();
        assertEquals("frame \\ limit Mbit/s  bridge", payload.strip());
        assertEquals("frame \\ limit wire Mbit/s  bridge", wire.strip());
    }

    static Result stopped(Result r) {
        return new Result(r.test(), Status.INTERRUPTED, r.from(), r.to(), r.params(), r.metrics(), r.tags(), r.started(), r.repeat(),
                "interrupted by the user", r.intervals());
    }

    @Test
    void aMatrixKeepsTheHostsInTheOrderGiven() {
        List<Result> rs = new ArrayList<>();
        for (String[] pair : new String[][] {{"h1", "h2"}, {"h1", "h3"}, {"h2", "h1"}, {"h2", "h3"}, {"h3", "h1"}, {"h3", "h2"}}) {
            rs.add(new Result("tcp", Status.OK, pair[0], pair[1], Map.of(), Map.of("throughput_bps", 8e6), Map.of(), Instant.EPOCH, 1, null, List.of()));
        }
        String table = Pivot.ordered(rs, "from", "to", "throughput_bps", ThroughputUnit.MB_S, List.of("h1", "h2", "h3")).toString();
        assertEquals("from  h1 MB/s  h2 MB/s  h3 MB/s", table.lines().findFirst().orElseThrow().strip());
        assertEquals(List.of("h1", "h2", "h3"), table.lines().skip(2).map(l -> l.strip().split(" ")[0]).toList());
    }

    @Test
    void unitsChangeTheNumbers() {
        assertEquals("800", ThroughputUnit.named("Mbit/s").number(800e6));
        assertEquals("100 MB/s", ThroughputUnit.MB_S.format(800e6));
        assertEquals("83.0 MB/s", ThroughputUnit.MB_S.format(664e6));
        assertEquals("97.7", ThroughputUnit.named("KByte/s").number(800e3));
    }

    @Test
    void sizesReadLikePeopleWriteThem() {
        assertEquals("16 KiB", Formats.size(16384));
        assertEquals("1500 B", Formats.size(1500));
        assertEquals("1 GiB", Formats.size(1L << 30));
    }
}
