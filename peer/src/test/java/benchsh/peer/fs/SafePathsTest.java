package benchsh.peer.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
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

    @Test
    void permissionDeniedIsExplained() {
        String m = FsErrors.describe(new AccessDeniedException("/root/x"));
        assertTrue(m.startsWith("permission denied: /root/x"), m);
    }
}
