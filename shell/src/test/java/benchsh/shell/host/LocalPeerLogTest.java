package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local peer's log and the sweep of logs left by killed shells: only this user's files that carry benchsh's
 * first line go, and only when their shell is certainly gone; a live shell in another PID namespace keeps its log.
 */
@Timeout(60)
class LocalPeerLogTest {
    private static final LocalPeerLog.Shell SELF = new LocalPeerLog.Shell(100, "boot-a", "pid:[1111]");
    private static final Set<Long> RUNNING = Set.of(100L, 200L);

    @TempDir
    Path dir;

    private Path log(String name, String firstLine) throws IOException {
        return Files.writeString(dir.resolve(LocalPeerLog.PREFIX + name + ".log"), firstLine + "\nsome peer output\n");
    }

    private UserPrincipal me() throws IOException {
        return Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS);
    }

    @Test
    void onlyLogsOfShellsCertainlyGoneAreRemoved() throws IOException {
        Path dead = log("300-a", new LocalPeerLog.Shell(300, "boot-a", "pid:[1111]").line());
        Path lastBoot = log("100-b", new LocalPeerLog.Shell(100, "boot-z", "pid:[9999]").line());
        Path alive = log("200-c", new LocalPeerLog.Shell(200, "boot-a", "pid:[1111]").line());
        Path otherNamespace = log("300-d", new LocalPeerLog.Shell(300, "boot-a", "pid:[2222]").line());
        Path unmarked = log("300-e", "Error: could not find java.lang.Object");
        Path forged = log("300-f", LocalPeerLog.MARKER + "shell 300, boot boot-a");

        assertEquals(2, LocalPeerLog.sweep(dir, SELF, me(), RUNNING::contains));

        assertFalse(Files.exists(dead), "this boot, this PID namespace, pid 300 not running");
        assertFalse(Files.exists(lastBoot), "a shell of an earlier boot is gone, whatever its namespace and pid");
        for (Path kept : List.of(alive, otherNamespace, unmarked, forged)) {
            assertTrue(Files.exists(kept), kept + " is kept");
        }
    }

    @Test
    void anotherUsersLogAndALinkAreLeftAlone() throws IOException {
        assumeTrue("root".equals(System.getProperty("user.name")), "giving a file away needs root");
        Path theirs = log("300-a", new LocalPeerLog.Shell(300, "boot-a", "pid:[1111]").line());
        Files.setAttribute(theirs, "unix:uid", 65534);
        Path target = log("300-b", new LocalPeerLog.Shell(300, "boot-a", "pid:[1111]").line());
        Path link = Files.createSymbolicLink(dir.resolve(LocalPeerLog.PREFIX + "300-c.log"), target);
        Files.move(target, dir.resolve("elsewhere"));

        assertEquals(0, LocalPeerLog.sweep(dir, SELF, me(), RUNNING::contains));

        assertTrue(Files.exists(theirs) && Files.isSymbolicLink(link) && Files.exists(dir.resolve("elsewhere")));
    }

    @Test
    void theTailIsThePeersOwnLinesNotTheMarker() throws IOException {
        LocalPeerLog log = LocalPeerLog.open(dir);
        List<String> lines = Files.readAllLines(log.file());
        assertEquals(1, lines.size());
        assertEquals(LocalPeerLog.Shell.current().line(), lines.get(0));
        assertEquals("", log.tail(3), "the peer wrote nothing yet");
        Files.writeString(log.file(), "a\nb\nc\nd\n", java.nio.file.StandardOpenOption.APPEND);
        assertEquals("b | c | d", log.tail(3));
        assertEquals(Set.of(java.nio.file.attribute.PosixFilePermission.OWNER_READ, java.nio.file.attribute.PosixFilePermission.OWNER_WRITE),
                Files.getPosixFilePermissions(log.file()));
    }
}
