package benchsh.shell.verb;

import benchsh.shell.definition.TreeHandle;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptError;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code remove t}: exactly what the generator made goes; added files, links and what they point to stay. */
@Timeout(60)
class RemoveVerbTest {
    static FsVerbSession s;
    @TempDir
    static Path dir;

    @BeforeAll
    static void start() {
        s = new FsVerbSession();
    }

    @AfterAll
    static void stop() {
        s.close();
    }

    private static TreeHandle tree(String name, String profile) {
        return (TreeHandle) s.eval("t_" + name + " = tree path: '" + dir.resolve(name) + "', profile: '" + profile + "', scale: 0.01, seed: 5");
    }

    private static List<Path> files(Path root) throws Exception {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(p -> !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).toList();
        }
    }

    @Test
    void anUntouchedTreeIsRemovedEntirely() {
        TreeHandle t = tree("clean", "portage");
        assertTrue(t.files() > 0);
        Result r = (Result) s.eval("remove t_clean");
        assertTrue(r.ok(), r.error());
        assertEquals(t.files(), r.metrics().get("removed_files"));
        assertEquals(t.dirs(), r.metrics().get("removed_dirs"));
        assertEquals(0L, r.metrics().get("kept_dirs"));
        assertFalse(Files.exists(dir.resolve("clean")));
        assertFalse(((Result) s.eval("remove t_clean")).ok(), "removing twice says there is no tree");
    }

    @Test
    void addedFilesStayWithTheirDirectoriesAndLinksAreRefused() throws Exception {
        TreeHandle t = tree("used", "maildir");
        Path root = dir.resolve("used");
        Path added = root.resolve("tmp/added-by-someone");
        Files.writeString(added, "mine");
        Path outside = Files.writeString(dir.resolve("outside.txt"), "precious");
        Path victim = files(root.resolve("cur")).get(0);
        Files.delete(victim);
        Files.createSymbolicLink(victim, outside);
        Result r = (Result) s.eval("remove t_used");
        assertFalse(r.ok());
        assertTrue(r.error().contains("refused 1 entries"), r.error());
        assertTrue(r.error().contains(root.relativize(victim).toString()), r.error());
        assertEquals(t.files() - 1, r.metrics().get("removed_files"));
        assertEquals("mine", Files.readString(added));
        assertEquals("precious", Files.readString(outside));
        assertTrue(Files.isSymbolicLink(victim));
        List<Path> left = files(root);
        assertEquals(List.of(added, victim).stream().sorted().toList(), left.stream().sorted().toList());
        assertFalse(Files.exists(root.resolve("new")), "emptied directories of the plan are gone");
        assertTrue(Files.isDirectory(root.resolve("tmp")), "the directory holding an added file stays");
    }

    /** The regression: a regular file at a planned name used to be removed whatever it held. */
    @Test
    void aFileSavedUnderAGeneratedNameStays() throws Exception {
        TreeHandle t = tree("saved", "maildir");
        Path root = dir.resolve("saved");
        Path mine = files(root.resolve("cur")).get(0);
        Files.writeString(mine, "my own mail, saved over a generated one");
        Result r = (Result) s.eval("remove t_saved");
        assertFalse(r.ok());
        assertTrue(r.error().contains("refused 1 entries") && r.error().contains(root.relativize(mine).toString()), r.error());
        assertEquals(t.files() - 1, r.metrics().get("removed_files"));
        assertEquals("my own mail, saved over a generated one", Files.readString(mine));
        assertEquals(List.of(mine), files(root));
    }

    @Test
    void aDirectoryReplacedByALinkIsNotFollowed() throws Exception {
        tree("swapped", "maildir");
        Path root = dir.resolve("swapped");
        Path cur = root.resolve("cur");
        Path elsewhere = dir.resolve("elsewhere");
        Files.move(cur, elsewhere);
        Files.createSymbolicLink(cur, elsewhere);
        long before = files(elsewhere).size();
        Result r = (Result) s.eval("remove t_swapped");
        assertFalse(r.ok());
        assertTrue(r.error().contains("cur"), r.error());
        assertEquals(before, files(elsewhere).size(), "nothing behind the link was removed");
        assertTrue(Files.isSymbolicLink(cur));
    }

    @Test
    void onlyTreesAreRemoved() {
        ScriptError e = assertThrows(ScriptError.class, () -> s.eval("remove '/tmp'"));
        assertTrue(e.getMessage().contains("benchsh has no record of generating a tree at local:/tmp")
                && e.getMessage().contains("it removes only the trees it generated, never another path"), e.getMessage());
        assertThrows(ScriptError.class, () -> s.eval("remove 42"));
    }

    /** A tree is also named by its path (and host): the one this session generated there. */
    @Test
    void aTreeGeneratedHereIsRemovedByItsPathOnItsHost() {
        TreeHandle t = (TreeHandle) s.eval("tree on: b, path: '" + dir.resolve("onb") + "', scale: 0.01, seed: 3");
        ScriptError wrongHost = assertThrows(ScriptError.class, () -> s.eval("remove '" + dir.resolve("onb") + "'"));
        assertTrue(wrongHost.getMessage().contains("at local:" + dir.resolve("onb")), wrongHost.getMessage());
        Result r = (Result) s.eval("remove '" + dir.resolve("onb") + "/', on: b");
        assertTrue(r.ok(), r.error());
        assertEquals(t.files(), r.metrics().get("removed_files"));
        assertFalse(Files.exists(dir.resolve("onb")));
    }
}
