package benchsh.shell.verb;

import benchsh.shell.definition.TreeHandle;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.host.SshHost;
import benchsh.shell.host.ssh.HostKeyPrompt;
import benchsh.shell.host.ssh.KnownHosts;
import benchsh.shell.host.ssh.SshContext;
import benchsh.shell.host.ssh.SshTarget;
import benchsh.shell.host.ssh.TestSshServer;
import benchsh.shell.result.Result;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code copy via: 'sftp'} against the in-process SSH server: to, from and between SFTP ends, and its refusals. */
@Timeout(60)
class SftpCopyTest {
    @TempDir
    static Path dir;
    static TestSshServer server;
    static SshContext ssh;
    static FsVerbSession s;
    static TreeHandle tree;

    @BeforeAll
    static void start() throws Exception {
        server = new TestSshServer(dir, null);
        Path knownHosts = dir.resolve("known_hosts");
        Files.writeString(knownHosts, "");
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", server.port()), server.hostKey());
        ssh = new SshContext(TestSshServer.settings(knownHosts, HostKeyPrompt.REFUSE));
        s = new FsVerbSession();
        SshTarget t = new SshTarget("s", TestSshServer.USER, "127.0.0.1", server.port(), List.of(), null, knownHosts, "java",
                dir.resolve("work").toString());
        SshHost host = new SshHost(t, ssh, TestSshServer.PASSWORD.toCharArray());
        s.session.hosts().add(host);
        host.sshSession(); // connected (and the peer uploaded) before any test breaks SFTP writes
        tree = (TreeHandle) s.eval("src = tree path: '" + dir.resolve("src") + "', profile: 'maildir', scale: 0.01, seed: 3");
        Path odd = dir.resolve("src/cur").resolve(Files.list(dir.resolve("src/cur")).findFirst().orElseThrow().getFileName());
        Files.setPosixFilePermissions(odd, PosixFilePermissions.fromString("rwx---r--"));
    }

    @AfterAll
    static void stop() throws Exception {
        s.close();
        ssh.close();
        server.close();
    }

    private static Result copy(String code) {
        return (Result) s.eval(code);
    }

    @Test
    void localToSshIsVerifiedAndKeepsModesAndTimes() throws Exception {
        Path dst = dir.resolve("to-ssh");
        Result r = copy("copy src, to: 's', path: '" + dst + "', via: 'sftp', verify: true");
        assertTrue(r.ok(), r.error());
        assertEquals("yes", r.metrics().get("verified"));
        assertEquals(tree.files(), r.metrics().get("files"));
        assertEquals(tree.dirs(), r.metrics().get("dirs"));
        assertEquals(tree.bytes(), r.metrics().get("bytes"));
        assertTrue(r.metric("files_per_s") > 0);
        assertEquals("sftp", r.params().get("via"));
        assertEquals("s", r.to());
        try (Stream<Path> all = Files.walk(dir.resolve("src"))) {
            for (Path p : all.toList()) {
                Path q = dst.resolve(dir.resolve("src").relativize(p).toString());
                assertEquals(Files.getPosixFilePermissions(p), Files.getPosixFilePermissions(q), q.toString());
                if (Files.isRegularFile(p)) {
                    assertEquals(Files.getLastModifiedTime(p).toMillis() / 1000, Files.getLastModifiedTime(q).toMillis() / 1000, q.toString());
                }
            }
        }
        assertEquals(FileTime.fromMillis(1_577_836_800_000L), Files.getLastModifiedTime(dst.resolve("cur")), "directory mtimes too");
    }

    @Test
    void sshToLocalAndSshToSshWithKeepFalse() {
        Path back = dir.resolve("from-ssh");
        Result r = copy("copy '" + dir.resolve("src") + "', from: 's', to: 'local', path: '" + back + "', via: 'sftp', verify: true, keep: false");
        assertTrue(r.ok(), r.error());
        assertEquals("yes", r.metrics().get("verified"));
        assertEquals(true, r.metrics().get("removed"));
        assertFalse(Files.exists(back));
        Path both = dir.resolve("ssh-to-ssh");
        r = copy("copy '" + dir.resolve("src") + "', from: 's', to: 's', path: '" + both + "', via: 'sftp', verify: true");
        assertTrue(r.ok(), r.error());
        assertEquals(tree.files(), r.metrics().get("files"));
    }

    @Test
    void existingDestinationAndLinkedSourceAreRefusedUntouched() throws Exception {
        Path existing = Files.createDirectory(dir.resolve("existing"));
        Files.writeString(existing.resolve("keep.txt"), "mine");
        Result r = copy("copy src, to: 's', path: '" + existing + "', via: 'sftp'");
        assertFalse(r.ok());
        assertTrue(r.error().contains("already exists"), r.error());
        assertTrue(r.error().startsWith("sftp on s: "), "the host where it exists: " + r.error());
        assertEquals("mine", Files.readString(existing.resolve("keep.txt")));
        Path link = Files.createSymbolicLink(dir.resolve("link"), dir.resolve("src"));
        r = copy("copy '" + link + "', from: 's', to: 'local', path: '" + dir.resolve("via-link") + "', via: 'sftp'");
        assertFalse(r.ok());
        assertTrue(r.error().contains("symbolic link"), r.error());
        assertTrue(r.error().startsWith("sftp on s: "), "the host of the link: " + r.error());
        assertFalse(Files.exists(dir.resolve("via-link"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void linksInsideAreSkippedAndHostileNamesRemoveThePartialCopy() throws Exception {
        Path t = Files.createDirectory(dir.resolve("hostile"));
        Files.writeString(t.resolve("a"), "a");
        Files.createSymbolicLink(t.resolve("l"), Path.of("/etc/passwd"));
        Result r = copy("copy '" + t + "', to: 's', path: '" + dir.resolve("h1") + "', via: 'sftp'");
        assertTrue(r.ok(), r.error());
        assertEquals(1L, r.metrics().get("skipped"));
        assertFalse(Files.exists(dir.resolve("h1/l"), LinkOption.NOFOLLOW_LINKS));
        Files.writeString(t.resolve("z\\..\\x"), "backslash");
        r = copy("copy '" + t + "', to: 's', path: '" + dir.resolve("h2") + "', via: 'sftp'");
        assertFalse(r.ok());
        assertTrue(r.error().contains("rejected entry name"), r.error());
        assertFalse(Files.exists(dir.resolve("h2")), "the partial copy is removed");
    }

    @Test
    void aWriteFailureHalfwayLeavesNothing() {
        server.failWritesFrom.set(1000);
        try {
            Result r = copy("copy src, to: 's', path: '" + dir.resolve("fails") + "', via: 'sftp'");
            assertFalse(r.ok());
            assertTrue(r.error().contains("removed"), r.error());
            assertTrue(r.error().startsWith("sftp from local to s: "), "names the hosts: " + r.error());
            assertFalse(Files.exists(dir.resolve("fails")));
        } finally {
            server.failWritesFrom.set(Long.MAX_VALUE);
        }
    }
}
