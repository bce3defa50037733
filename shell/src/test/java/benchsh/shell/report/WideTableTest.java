package benchsh.shell.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code results wide: true}: every figure, a table per test, what its rows share said once, folded to the terminal. */
class WideTableTest {
    static Result udp(long rate, double jitter) {
        Map<String, Object> params = ReportFixtures.ordered("size", 1472L, "rate", rate, "time", 1.0, "busywait", 5.0e-5);
        Map<String, Object> metrics = new LinkedHashMap<>();
        for (String k : List.of("messages_sent", "messages_received", "messages_lost", "send_errors")) {
            metrics.put(k, 1000L);
        }
        metrics.put("jitter_us", jitter);
        metrics.put("throughput_bps", rate * 0.98);
        metrics.put("sender_throughput_bps", (double) rate);
        metrics.put("stream_bytes", List.of(1L, 2L));
        return new Result("udp", Status.OK, "local", "h1", params, metrics, Map.of(), Instant.EPOCH, 1, null, List.of());
    }

    @Test
    void aTablePerTestWithWhatItsRowsShareSaidOnceAndFoldedToTheWidth() {
        Result disk = new Result("disk", Status.OK, "h1", "h1", ReportFixtures.ordered("on", "h1", "op", "write", "bs", 1_048_576L),
                Map.of("throughput_bps", 8e8), Map.of(), Instant.EPOCH, 1, null, List.of());
        List<Result> all = List.of(udp(50_000_000L, 41.75), disk, udp(20_000_000L, 9.02));
        String text = WideTable.render(all, all, ThroughputUnit.MB_S, 60);
        assertTrue(text.lines().allMatch(l -> l.length() <= 60), text);
        List<String> lines = text.lines().toList();
        assertEquals("udp: 2 results", lines.get(0));
        assertTrue(lines.get(1).matches(" +from +to +rate +jitter us +throughput MB/s"), "the hosts, then what differs: " + text);
        assertTrue(lines.get(3).matches("_1 +local +h1 +50 Mbit/s +41.75 +6.13"), text);
        assertTrue(lines.get(4).matches("_3 +local +h1 +20 Mbit/s +9.02 +2.45"), "numbered as in the session: " + text);
        assertTrue(text.contains("\n\n    sender throughput MB/s\n--  ----------------------\n_1 "), "folded, a part starting with the numbers: " + text);
        String shared = text.substring(text.indexOf("the same in all 2: "), text.indexOf("disk: 1 result"));
        assertTrue(shared.replace("\n  ", " ").contains("size: 1472 B, time: 1.00 s, busywait: 50 us, messages sent: 1000"), shared);
        assertTrue(!shared.contains("stream bytes"), "lists are no cells: " + shared);
        String diskPart = text.substring(text.indexOf("disk: 1 result"));
        assertTrue(diskPart.contains("    on") && diskPart.contains("_2  h1") && diskPart.contains("op: write, bs: 1 MiB"), diskPart);
    }
}
