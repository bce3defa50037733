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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code examples/04-summary.groovy} on {@code scripts/testbed up 2 --nfs} (h2 exports, h1 mounts), scaled
 * down to 4 MiB, 0.5-s TCP tests and one run per cell: all five rows of the summary, NFS included, and the
 * NFS mount's file system type and options.
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@TestbedTopology(value = "switch", hosts = 2, nfs = true)
@Timeout(240)
class Example04SummaryE2eTest {
    private static final List<String> ROWS = List.of("1 local I/O", "2 local disk", "3 wire speed", "4 network disk", "5 NFS disk");

    @TempDir
    Path dir;

    @Test
    void printsAllFiveRowsOfTheSummaryNfsIncluded() throws Exception {
        String nfs = Testbed.nfsMount();
        ExampleRun run = ExampleRun.run(dir.resolve("results.db"), "04-summary.groovy", Duration.ofSeconds(200),
                "a=h1", "b=h2", "nfs=" + nfs, "size=4.MiB", "time=0.5.s", "repeats=1");
        run.assertAllOk("disk");
        assertEquals(ROWS.size() * 2, run.results().size(), "one run per row and direction: " + run.transcript());
        List<String> table = run.table(Pattern.compile(" *what +to b MB/s +from b MB/s *"), l -> l.matches(" *\\d [A-Za-z/ ]+ +[\\d,.]+ +[\\d,.]+"));
        assertEquals(ROWS.size() + 1, table.size(), String.join("\n", table));
        for (int i = 0; i < ROWS.size(); i++) {
            assertTrue(table.get(i + 1).matches(" *" + ROWS.get(i) + " +[\\d,.]+ +[\\d,.]+"), "row " + ROWS.get(i) + " measured both ways: " + table);
        }
        List<Map<String, Object>> nfsRows = run.results().stream().filter(r -> "5 NFS disk".equals(ExampleRun.tag(r, "what"))).toList();
        for (Map<String, Object> r : nfsRows) {
            assertEquals("h1", r.get("from"), "a reads and writes its mount of b's export: " + r);
            assertTrue(String.valueOf(Batch.metrics(r).get("fs_type")).startsWith("fuse"), "the testbed's gvfs mount: " + Batch.metrics(r));
        }
        assertTrue(run.out().contains("5 NFS disk: " + nfs + " on fuse"), "the mount's type and options are printed: " + run.out());
        assertTrue(run.out().matches("(?s).*5 NFS disk: .* mounted \\S*rw\\S*.*"), run.out());
        assertTrue(!Files.exists(Testbed.nfsExport().resolve("benchsh-04-nfs.dat")), "the NFS file is removed afterwards");
    }
}
