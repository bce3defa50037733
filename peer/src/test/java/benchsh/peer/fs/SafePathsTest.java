package benchsh.peer.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.workload.RecordingContext;
import benchsh.peer.workload.Sides;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SafePathsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"..", "../x", "a/../../x", "/etc/passwd", "a//b", "./a", "a/.", "", "a\\..\\b", "a\u0000b", "a/", "/", "a/b/..", "..a/../.."})
    void hostileNamesAreRejected(String name) {
        assertThrows(IOException.class, () -> SafePaths.entry(dir, name));
    }

    @Test
    void ordinaryNamesResolveInside() throws IOException {
        assertEquals(dir.resolve("a/b c/..d"), SafePaths.entry(dir, "a/b c/..d"));
        assertEquals(dir.resolve(".x/.../x."), SafePaths.entry(dir, ".x/.../x."));
    }

    @Test
    void backslashesAreOrdinaryOnlyWhereTheFileSystemSaysSo() throws IOException {
        SafePaths.checkName("a\\..\\b/dev-disk-by\\x2dlabel-swap.swap", true);
        assertThrows(IOException.class, () -> SafePaths.checkName("a\\..\\b", false), "an SFTP server may take it for a separator");
        assertThrows(IOException.class, () -> SafePaths.entry(dir, "a\\b"), "entry stays strict");
        for (String hostile : new String[] {"a/../b", "a\u0000b", "/a", ""}) {
            assertThrows(IOException.class, () -> SafePaths.checkName(hostile, true), hostile);
        }
        assertTrue(SafePaths.backslashIsOrdinary(dir));
    }

    /** The reproduced bug: {@code tree path: '/tmp/w/p/etclink/tt'} with {@code etclink -> /etc} created /etc/tt. */
    @Test
    void everyWriterRefusesAPathBelowALinkAndNamesTheLink() throws Exception {
        Path etc = Files.createDirectory(dir.resolve("etc"));
        Path link = Files.createSymbolicLink(Files.createDirectories(dir.resolve("w/p")).resolve("etclink"), etc);
        Path target = link.resolve("tt");
        Path src = Files.writeString(dir.resolve("src.txt"), "x");
        Files.createDirectory(etc.resolve("t2")); // a tree to remove, reached through the link
        Map<String, Executable> writers = new LinkedHashMap<>();
        writers.put("tree", () -> FsTestSupport.open(new TreeWorkload(), "run", TreeSpecBuilder.tree(TreePlan.Profile.MAILDIR).scaled(0.01).at(target)));
        writers.put("remove", () -> FsTestSupport.open(new TreeWorkload(), "remove", TreeSpecBuilder.tree(TreePlan.Profile.MAILDIR).scaled(0.01).at(link.resolve("t2"))));
        writers.put("disk", () -> FsTestSupport.open(new DiskWorkload(), "run", DiskSpecBuilder.disk().bs(4096).write(target, 10)));
        writers.put("disk read of a new file", () -> FsTestSupport.open(new DiskWorkload(), "run", DiskSpecBuilder.disk().bs(4096).read(target, 10)));
        writers.put("copy", () -> FsTestSupport.open(new CopyWorkload(), "local", CopySpecBuilder.copy().keep().local(src, target)));
        writers.put("copy between hosts", () -> new CopyWorkload().open("listen", benchsh.peer.protocol.SpecCodec.encode(CopySpecBuilder.copy().keep().receive(target)),
                Sides.listening(), new RecordingContext()));
        writers.put("copy via sftp", () -> {
            PathCopy.checkSource(src);
            PathCopy.checkDestination(target);
        });
        for (Map.Entry<String, Executable> w : writers.entrySet()) {
            RefusedException e = assertThrows(RefusedException.class, w.getValue(), w.getKey());
            assertTrue(e.getMessage().contains(link + " is a symbolic link (to " + etc + ")") && e.getMessage().contains("the path leads to " + etc.toRealPath()),
                    w.getKey() + ": " + e.getMessage());
        }
        try (Stream<Path> written = Files.list(etc)) {
            assertEquals(1, written.count(), "nothing was written through the link, and t2 was not removed");
        }
    }

    @Test
    void realDirectoriesFromTheRootDownPass() throws IOException {
        Path deep = Files.createDirectories(dir.resolve("a/b"));
        assertNull(SafePaths.linkedParent(deep.resolve("new")), "the temp directory and everything above it are real directories");
        SafePaths.requireNew(deep.resolve("new"));
        assertNull(SafePaths.linkedParent(dir.resolve("missing/x/y")), "the check ends at the first missing directory");
        Path link = Files.createSymbolicLink(deep.resolve("last"), dir);
        RefusedException e = assertThrows(RefusedException.class, () -> SafePaths.requireNew(link));
        assertTrue(e.getMessage().equals("refused: " + link + " is a symbolic link; benchsh never writes through, overwrites or removes links"), e.getMessage());
    }

    @Test
    void permissionDeniedIsExplained() {
        String m = FsErrors.describe(new AccessDeniedException("/root/x"));
        assertTrue(m.startsWith("permission denied: /root/x"), m);
    }
}
