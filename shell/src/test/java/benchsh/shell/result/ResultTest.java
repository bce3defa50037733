package benchsh.shell.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A set of results is summarized by the headline its test declares, not by a guess from the metrics' names. */
class ResultTest {
    private static Result result(String test, Object... metrics) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < metrics.length; i += 2) {
            m.put((String) metrics[i], metrics[i + 1]);
        }
        return new Result(test, Status.OK, "a", "b", Map.of(), m, Map.of(), Instant.EPOCH, 1, null, List.of());
    }

    @Test
    void eachTestIsSummarizedByItsDeclaredHeadline() {
        assertEquals("transactions_per_s", Result.headlineMetric(List.of(result("rr", "latency_p99_us", 20.0, "transactions_per_s", 5e4))));
        assertEquals("removed_files", Result.headlineMetric(List.of(result("remove", "seconds", 0.2, "removed_files", 10L))),
                "a removal has no rate: its declared figure, not the first number");
        assertEquals("throughput_bps", Result.headlineMetric(List.of(result("udp", "send_batch", 1L, "sender_throughput_bps", 2e6,
                "throughput_bps", 1e6))), "the receiver's figure, not the first rate");
        assertEquals("limit_bps", Result.headlineMetric(List.of(result("limit", "limit_bps", 9e8))));
    }

    @Test
    void aTestNoKindDeclaresFallsBackToItsFirstNumberAndNoneToNull() {
        assertEquals("widgets", Result.headlineMetric(List.of(result("old", "note", "x", "widgets", 3L))));
        assertNull(Result.headlineMetric(List.of(result("tcp"))), "a failed run measured nothing");
    }

    @Test
    void aSetThatMeasuredNothingIsSummarizedByItsDeclaredHeadlineElseTheThroughput() {
        Result failedRr = new Result("rr", Status.FAILED, "a", "b", Map.of(), Map.of(), Map.of(), Instant.EPOCH, 1, "refused", List.of());
        assertEquals("transactions_per_s", Result.summaryMetric(List.of(failedRr)), "every rr run failed: still rr's figure");
        assertEquals("removed_files", Result.summaryMetric(List.of(result("remove", "seconds", 0.2, "removed_files", 10L))));
        assertEquals("throughput_bps", Result.summaryMetric(List.of()), "nothing ran");
        assertEquals("throughput_bps", Result.summaryMetric(List.of(result("old"))), "a test no kind declares, without numbers");
    }
}
