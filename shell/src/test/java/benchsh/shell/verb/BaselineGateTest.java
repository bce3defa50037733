package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Batch;
import benchsh.shell.result.Recorded;
import benchsh.shell.result.Result;
import benchsh.shell.result.SessionInfo;
import benchsh.shell.result.Status;
import benchsh.shell.result.store.ResultStore;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code expect r, within: 5.percent, of: baseline('nightly')} in batch mode, against stored runs
 * with known values: a pass, a failure that says by how much (exit 1), too few runs (exit 1, never a
 * pass), and usage errors (exit 2).
 */
@Timeout(120)
class BaselineGateTest {
    @TempDir
    Path dir;

    private String store(String label, double... bps) throws Exception {
        return store("tcp", label, bps);
    }

    private String store(String test, String label, double... bps) throws Exception {
        Path db = dir.resolve("results.db");
        try (ResultStore store = ResultStore.open(db)) {
            SessionInfo s = SessionInfo.start("benchsh run nightly.groovy", null);
            for (double v : bps) {
                Result r = new Result(test, Status.OK, "a", "b", Map.of("size", 4096L), Map.of("throughput_bps", v, "seconds", 2.0),
                        Map.of("label", label), Instant.now(), 1, null, List.of());
                store.write(new Recorded(r, s, Map.of()));
            }
        }
        return db.toString();
    }

    @Test
    void aValueWithinTheBaselinePassesAndOneOutsideFailsSayingByHowMuch() throws Exception {
        // median 1 Gbit/s, spread ± 7.97 % (see BaselineTest), so 5.percent is widened to it
        String db = store("nightly", 1.00e9, 1.02e9, 0.98e9, 1.01e9, 0.99e9);
        Batch ok = Batch.run("--db", db, "-e", "expect 1.07e9, within: 5.percent, of: baseline('nightly')");
        assertEquals(0, ok.exit(), ok.out() + ok.err());
        assertTrue(ok.out().contains("expect ok: -e:1:"), ok.out());
        assertTrue(ok.out().contains("vs baseline 'nightly'") && ok.out().contains("over 5 runs") && ok.out().contains(": within)"), ok.out());

        Batch failed = Batch.run("--db", db, "-e", "expect 0.9e9, within: 5.percent, of: baseline('nightly')\nexpect 1.0e9, within: 5.percent, of: baseline('nightly')");
        assertEquals(1, failed.exit(), failed.out() + failed.err());
        assertTrue(failed.err().contains("1 of 2 expectations failed"), failed.err());
        assertTrue(failed.err().contains("-e:1: expect 0.9e9, within: 5.percent, of: baseline('nightly') (") && failed.err().contains(": outside)"),
                failed.err());
    }

    @Test
    void notSlowerThanFailsOnlyOnASignificantRegression() throws Exception {
        // loopback is far slower than 1 Ebit/s and far faster than 1 kbit/s
        String db = store("fast", 1.00e18, 1.01e18, 0.99e18);
        store("slow", 1.00e3, 1.01e3, 0.99e3);
        Batch b = Batch.run("--db", db, "-e", """
                rep = tcp to: local, bytes: 1.MiB, repeats: 3
                expect rep, not_slower_than: baseline('slow')
                expect rep, not_slower_than: baseline('fast')
                """);
        assertEquals(1, b.exit(), b.out() + b.err());
        assertTrue(b.out().contains("expect ok: -e:2:") && b.out().contains(": faster)"), b.out());
        assertTrue(b.err().contains("1 of 2 expectations failed") && b.err().contains("-e:3:") && b.err().contains(": slower)"), b.err());

        Batch one = Batch.run("--db", db, "-e", "r = tcp to: local, bytes: 1.MiB\nexpect r, not_slower_than: baseline('slow')");
        assertEquals(2, one.exit(), one.out() + one.err());
        assertTrue(one.err().contains("two or more completed runs"), one.err());
    }

    @Test
    void aResultAndARepeatAreComparedWithTheRunsOfTheirTest() throws Exception {
        // a spread from 1 bit/s to 200 Tbit/s: whatever loopback measures lies within; 1 Ebit/s runs: it lies outside
        String db = store("wide", 1, 1e14, 2e14);
        store("far", 1e18, 1e18, 1e18);
        Batch b = Batch.run("--db", db, "-e", """
                r = tcp to: local, bytes: 1.MiB
                expect r, within: 5.percent, of: baseline('wide')
                rep = tcp to: local, bytes: 1.MiB, repeats: 3
                expect rep, within: 5.percent, of: baseline('wide')
                expect r, within: 5.percent, of: baseline('far')
                """);
        assertEquals(1, b.exit(), b.out() + b.err());
        assertTrue(b.err().contains("1 of 3 expectations failed") && b.err().contains("-e:5:"), b.err());
        assertTrue(b.out().contains("expect ok: -e:2:") && b.out().contains("expect ok: -e:4:"), b.out());
    }

    @Test
    void tooFewBaselineRunsFailTheGate() throws Exception {
        String db = store("nightly", 1e9, 1e9);
        Batch b = Batch.run("--db", db, "-e", "expect 1e9, within: 5.percent, of: baseline('nightly')");
        assertEquals(1, b.exit(), b.out() + b.err());
        assertTrue(b.err().contains("too few baseline runs: 2 stored with label 'nightly' have throughput_bps, the gate needs at least 3"), b.err());

        store("udp", "udp-only", 1e9, 1e9, 1e9);
        Batch otherTest = Batch.run("--db", db, "-e", "r = tcp to: local, bytes: 1.MiB\nexpect r, within: 5.percent, of: baseline('udp-only')");
        assertEquals(1, otherTest.exit(), otherTest.out() + otherTest.err());
        assertTrue(otherTest.err().contains("too few baseline runs: 0 stored with label 'udp-only'") && otherTest.err().contains("(the runs of test tcp only)"),
                otherTest.err());
    }

    @Test
    void anUnknownLabelOrAMalformedGateIsAUsageError() throws Exception {
        String db = store("nightly", 1e9, 1e9, 1e9);
        Batch unknown = Batch.run("--db", db, "-e", "expect 1e9, within: 5.percent, of: baseline('nighty')");
        assertEquals(2, unknown.exit(), unknown.err());
        assertTrue(unknown.err().contains("baseline: no completed runs with label 'nighty'") && unknown.err().contains("nightly"), unknown.err());
        Batch tolerance = Batch.run("--db", db, "-e", "expect 1e9, within: 5, of: baseline('nightly')");
        assertEquals(2, tolerance.exit(), tolerance.err());
        assertTrue(tolerance.err().contains("give a fraction such as 5.percent"), tolerance.err());
        Batch of = Batch.run("--db", db, "-e", "expect 1e9, within: 5.percent, of: 1e9");
        assertEquals(2, of.exit(), of.err());
        assertTrue(of.err().contains("usage: expect R, within: 5.percent, of: baseline('LABEL')"), of.err());
        Batch metric = Batch.run("--db", db, "-e", "expect 1e9, within: 5.percent, of: baseline('nightly', metric: 'latency_p99_us')");
        assertEquals(1, metric.exit(), metric.err());
        assertTrue(metric.err().contains("too few baseline runs: 0"), metric.err());
    }
}
