package benchsh.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.host.Testbed;
import benchsh.shell.host.TestbedTopology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code examples/05-file-copies.groovy} between h1 and h2 of {@code scripts/testbed up 2}, scaled down to
 * 0.2 % of the classic sizes: the four trees copied three ways, the big file fetched by http both ways
 * between /dev/shm, and nothing left behind.
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@TestbedTopology(value = "switch", hosts = 2)
@Timeout(240)
class Example05FileCopiesE2eTest {
    private static final List<String> PROFILES = List.of("video", "tarballs", "maildir", "portage");

    @TempDir
    Path dir;

    @Test
    void copiesEveryTreeThreeWaysAndFetchesTheBigFileByHttpBothWays() throws Exception {
        ExampleRun run = ExampleRun.run(dir.resolve("results.db"), "05-file-copies.groovy", Duration.ofSeconds(200),
                "a=h1", "b=h2", "scale=0.002");
        List<Map<String, Object>> http = run.assertAllOk("http");
        assertEquals(List.of("a → b h1 h2", "b → a h2 h1"),
                http.stream().map(r -> ExampleRun.tag(r, "dir") + " " + r.get("from") + " " + r.get("to")).toList(), run.transcript());
        for (Map<String, Object> r : http) {
            assertEquals(Math.round(196_000_000 * 0.002), ((Number) Batch.metrics(r).get("bytes")).longValue(), "the whole file arrived: " + r);
        }
        List<String> httpTable = run.table(Pattern.compile(" *file +a → b MB/s +b → a MB/s *"), l -> l.contains("random"));
        assertEquals(2, httpTable.size(), String.join("\n", httpTable));
        assertTrue(httpTable.get(1).matches(" *0.392 MB random +[\\d,.]+ +[\\d,.]+"), httpTable.get(1));

        List<String> copies = run.table(Pattern.compile("profile +local MB/s +network MB/s +sftp MB/s *"), l -> !l.isBlank() && !l.startsWith(" "));
        assertEquals(1 + PROFILES.size(), copies.size(), String.join("\n", copies));
        for (int i = 0; i < PROFILES.size(); i++) {
            assertTrue(copies.get(i + 1).matches(PROFILES.get(i) + " +[\\d,.]+ +[\\d,.]+ +[\\d,.]+"), "copied three ways: " + copies.get(i + 1));
        }
        try (Stream<Path> shm = Files.list(Path.of("/dev/shm"))) {
            assertEquals(List.of(), shm.filter(p -> p.getFileName().toString().startsWith("benchsh-05-")).toList(), "removed afterwards");
        }
    }
}
