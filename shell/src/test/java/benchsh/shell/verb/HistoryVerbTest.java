package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Batch;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code history} shows what a stored run measured with: its size and its tags, besides its label. */
@Timeout(120)
class HistoryVerbTest {
    @Test
    void pastRunsShowTheirSizeAndTags(@TempDir Path dir) {
        String db = dir.resolve("r.db").toString();
        Batch run = Batch.run("--db", db, "-e", "sweep(dir: ['Tx']) { p -> tcp to: local, bytes: 1.MiB, size: 4.KiB, label: 'base' }");
        assertEquals(0, run.exit(), run.err());
        Batch history = Batch.run("--db", db, "-e", "history");
        assertEquals(0, history.exit(), history.err());
        String header = history.out().lines().findFirst().orElse("");
        assertTrue(header.contains("size") && header.endsWith("tags"), history.out());
        assertTrue(history.out().contains("4 KiB") && history.out().contains("dir=Tx") && history.out().contains("base"), history.out());
    }
}
