package benchsh.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.host.Testbed;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code examples/06-bufferbloat.groovy} between h1 and h2 of the switch testbed, its ports toward both shaped to 100
 * Mbit/s ({@code scripts/testbed shape}): once with a 200 ms queue ("deep"), then with a 5 ms one ("short") beside it from
 * the same store, scaled down to 2-s phases. Both runs print their phase table; the second prints the side-by-side lines
 * of both queues.
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@Timeout(300)
class Example06BufferbloatE2eTest {
    @TempDir
    Path dir;

    private static ExampleRun run(Path db, String queue, String... sets) throws Exception {
        try (AutoCloseable up = Testbed.shapeToward(2, "100mbit", queue.equals("deep") ? "200ms" : "5ms");
                AutoCloseable down = Testbed.shapeToward(1, "100mbit", queue.equals("deep") ? "200ms" : "5ms")) {
            List<String> all = new java.util.ArrayList<>(List.of("a=h1", "b=h2", "time=2.s", "cc=reno", "queue=" + queue));
            all.addAll(List.of(sets));
            return ExampleRun.run(db, "06-bufferbloat.groovy", Duration.ofSeconds(120), all.toArray(String[]::new));
        }
    }

    @Test
    void aDeepAndAShortQueueSideBySide() throws Exception {
        Path db = dir.resolve("results.db");
        ExampleRun deep = run(db, "deep");
        List<Map<String, Object>> first = deep.assertAllOk("bufferbloat");
        assertEquals(1, first.size(), deep.transcript());
        assertTrue(deep.out().contains("idle_end") && deep.out().contains("one-way delays:"), "the phase table: " + deep.out());

        ExampleRun shallow = run(db, "short", "against=deep");
        shallow.assertAllOk("bufferbloat");
        for (String queue : List.of("deep", "short")) {
            assertTrue(shallow.out().lines().anyMatch(l -> l.matches(queue + " +[-\\d.]+ +[-\\d.]+ +[-\\d.]+ +\\d+")),
                    "a line of " + queue + "'s added latency and RPM: " + shallow.out());
        }
    }
}
