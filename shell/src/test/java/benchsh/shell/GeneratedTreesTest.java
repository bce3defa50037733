package benchsh.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A generated tree outlives its session only knowingly: the end of a run says which trees it left and how to remove
 * them, and a later session removes one by its path, which the result store records as benchsh's; any other path is
 * refused.
 */
@Timeout(120)
class GeneratedTreesTest {
    @Test
    void aRunSaysWhatItLeftAndALaterSessionRemovesItByItsPath(@TempDir Path dir) throws Exception {
        String db = dir.resolve("results.db").toString();
        Path kept = dir.resolve("maildir");
        Path gone = dir.resolve("removed");
        Batch first = Batch.run("--db", db, "-e", "tree path: '" + kept + "', scale: 0.01; t = tree path: '" + gone + "', scale: 0.01; remove t");
        assertEquals(0, first.exit(), first.err());
        assertTrue(first.err().contains("benchsh: this session generated 1 tree and did not remove it"), first.err());
        assertTrue(first.err().contains("  local:" + kept + "  107 files, 1.3 MiB  remove '" + kept + "'\n"), first.err());
        assertFalse(first.err().contains(gone.toString()), "the removed one is not left: " + first.err());

        Batch later = Batch.run("--db", db, "-e", "remove '" + kept + "'");
        assertEquals(0, later.exit(), later.err());
        assertFalse(Files.exists(kept), later.out());
        assertTrue(later.out().contains("107"), "every file removed: " + later.out());
        assertFalse(later.err().contains("did not remove"), "it left nothing: " + later.err());

        Batch again = Batch.run("--db", db, "-e", "remove '" + kept + "'");
        assertEquals(2, again.exit());
        assertTrue(again.err().contains("remove: benchsh has no record of generating a tree at local:" + kept + " that it has not removed since"),
                again.err());
    }

    @Test
    void aPathBenchshDidNotGenerateIsRefusedAndLeftAlone(@TempDir Path dir) throws Exception {
        Path mine = Files.createDirectories(dir.resolve("mine"));
        Files.writeString(mine.resolve("notes.txt"), "keep me");
        Batch b = Batch.run("--db", dir.resolve("results.db").toString(), "-e", "remove '" + mine + "'");
        assertEquals(2, b.exit());
        assertTrue(b.err().contains("it removes only the trees it generated, never another path"), b.err());
        assertTrue(b.err().contains("it looked in this session's results and the result store " + dir.resolve("results.db")), b.err());
        assertEquals("keep me", Files.readString(mine.resolve("notes.txt")));
    }
}
