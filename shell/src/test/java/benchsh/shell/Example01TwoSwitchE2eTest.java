package benchsh.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.host.Testbed;
import benchsh.shell.host.TestbedTopology;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code examples/01-netio-table.groovy} on {@code scripts/testbed up 3 --topology two-switch} (h1, h2 on
 * sw1, h3 on sw2), scaled down to 0.2-s tests: the netio table over one switch and over two, side by side.
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@TestbedTopology(value = "two-switch", hosts = 3)
@Timeout(240)
class Example01TwoSwitchE2eTest {
    private static final List<String> SIZES = List.of("1 KiB", "2 KiB", "4 KiB", "8 KiB", "16 KiB", "32 KiB");

    @TempDir
    Path dir;

    @Test
    void printsTheOneSwitchAndTheTwoSwitchTableSideBySide() throws Exception {
        ExampleRun run = ExampleRun.run(dir.resolve("results.db"), "01-netio-table.groovy", Duration.ofSeconds(200),
                "a=h1", "b=h2", "c=h3", "time=0.2.s", "omit=0.s");
        List<Map<String, Object>> tcp = run.assertAllOk("tcp");
        assertEquals(2 * SIZES.size() * 2, tcp.size(), run.transcript());
        for (Map.Entry<String, String> path : Map.of("one switch", "h2", "two switches", "h3").entrySet()) {
            List<Map<String, Object>> on = tcp.stream().filter(r -> path.getKey().equals(ExampleRun.tag(r, "path"))).toList();
            Set<String> cells = on.stream().map(r -> ExampleRun.tag(r, "size") + " " + ExampleRun.tag(r, "dir")).collect(Collectors.toSet());
            assertEquals(SIZES.size() * 2, cells.size(), "every size Tx and Rx once over " + path.getKey() + ": " + cells);
            assertTrue(on.stream().allMatch(r -> "h1".equals(r.get("from")) && path.getValue().equals(r.get("to"))), path + ": " + on);
        }
        List<String> table = run.table(Pattern.compile(" *size +reverse +dir +one switch MB/s +two switches MB/s +delta +B/A +95 % interval +verdict *"),
                l -> l.matches(" *\\d+ KiB .*"));
        assertEquals(1 + SIZES.size() * 2, table.size(), "a row per size and direction: " + String.join("\n", table));
        for (String row : table.subList(1, table.size())) {
            assertTrue(row.matches(" *\\d+ KiB +(false|true) +(Tx|Rx) +[\\d,.]+ +[\\d,.]+ +[-+][\\d,.]+ % +[\\d.]+ +- +cannot tell \\(1 run each\\)"), "both paths measured: " + row);
        }
    }
}
