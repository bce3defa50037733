package benchsh.shell.host.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.host.HostException;
import benchsh.shell.host.PeerJar;
import benchsh.shell.host.SshHost;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.CopyOption;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.session.ServerSession;
import org.apache.sshd.sftp.server.SftpEventListener;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deploying the peer to an in-process SSH server (its commands run as this user): the jar goes only
 * into a directory the login user owns and nobody else can write, found with lstat; links, other
 * owners and group/other-writable modes are refused naming path, owner or mode and the fix; a
 * cached jar is trusted by its hash, never its size; a host without a SHA-256 tool runs a fresh
 * private copy that is gone once the peer runs.
 */
class PeerDeployTest {
    @TempDir
    Path tmp;
    private TestSshServer server;
    private SshContext ssh;
    private Path knownHosts;

    private void start(java.util.function.Consumer<SshServer> setup) throws Exception {
        Files.createDirectories(tmp.resolve("server"));
        server = new TestSshServer(tmp.resolve("server"), null, null, setup);
        knownHosts = tmp.resolve("known_hosts");
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", server.port()), server.hostKey());
        ssh = new SshContext(TestSshServer.settings(knownHosts, HostKeyPrompt.REFUSE));
    }

    @AfterEach
    void stop() throws IOException {
        if (ssh != null) {
            ssh.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private SshHost host(Path dir) {
        return new SshHost(new SshTarget("t1", TestSshServer.USER, "127.0.0.1", server.port(), List.of(), null, knownHosts, "java",
                dir.toString()), ssh, TestSshServer.PASSWORD.toCharArray());
    }

    private HostException refused(Path dir) {
        try (SshHost h = host(dir)) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("deploy peer", e.step(), e.getMessage());
            return e;
        }
    }

    private static int uid() throws Exception {
        return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    }

    @Test
    void aNewDirectoryIsMadePrivateAndTheJarReadOnlyForOthers() throws Exception {
        start(s -> { });
        Path work = tmp.resolve("new/work");
        try (SshHost h = host(work)) {
            assertTrue(h.peer().alive());
        }
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(work)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(work.getParent())));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(work.resolve(PeerJar.fileName()))));
    }

    @Test
    void aDirectoryOwnedBySomeoneElseIsRefused() throws Exception {
        start(s -> { });
        Path shared = Files.createDirectory(tmp.resolve("shared"));
        Files.setAttribute(shared, "unix:uid", 12345);
        HostException e = refused(shared);
        assertTrue(e.getMessage().startsWith("t1: deploy peer: " + shared + " is owned by uid 12345, not by you (uid " + uid() + ")"),
                e.getMessage());
        try (Stream<Path> files = Files.list(shared)) {
            assertEquals(List.of(), files.toList(), "nothing was uploaded there");
        }
    }

    @Test
    void aGroupWritableDirectoryIsRefusedWithItsMode() throws Exception {
        start(s -> { });
        Path dir = Files.createDirectory(tmp.resolve("open"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxr-x"));
        HostException e = refused(dir);
        assertTrue(e.getMessage().contains(dir + " is writable by group or others (mode 0775)"), e.getMessage());
        assertTrue(e.getMessage().contains("chmod go-w"), e.getMessage());
    }

    @Test
    void aLinkedDirectoryIsRefused() throws Exception {
        start(s -> { });
        Path real = Files.createDirectory(tmp.resolve("real"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
        HostException e = refused(link);
        assertTrue(e.getMessage().contains(link + " is a symbolic link"), e.getMessage());
    }

    @Test
    void aLinkInPlaceOfTheJarIsRefusedAndItsTargetLeftAlone() throws Exception {
        start(s -> { });
        Path work = Files.createDirectory(tmp.resolve("work"));
        Path elsewhere = Files.writeString(tmp.resolve("elsewhere.jar"), "not the peer");
        Files.createSymbolicLink(work.resolve(PeerJar.fileName()), elsewhere);
        HostException e = refused(work);
        assertTrue(e.getMessage().contains(work.resolve(PeerJar.fileName()) + " is a symbolic link"), e.getMessage());
        assertEquals("not the peer", Files.readString(elsewhere));
    }

    @Test
    void aCachedJarOfTheRightSizeButOtherBytesIsReplacedNotRun() throws Exception {
        start(s -> { });
        Path work = tmp.resolve("work");
        try (SshHost h = host(work)) {
            h.peer();
            assertTrue(h.uploaded());
        }
        Path jar = work.resolve(PeerJar.fileName());
        Files.write(jar, new byte[(int) Files.size(jar)]);
        try (SshHost h = host(work)) {
            assertTrue(h.peer().alive());
            assertTrue(h.uploaded(), "the same size is not enough: the hash differs, so it is uploaded again");
        }
        try (SshHost h = host(work)) {
            h.peer();
            assertFalse(h.uploaded(), "a jar with the right hash is reused");
        }
    }

    /** Another host sharing this home (an NFS home on a cluster) makes the directory and puts the jar just before we do. */
    @Test
    void anotherHostSharingTheHomeDeploysAtTheSameMoment() throws Exception {
        Path home = tmp.resolve("home");
        Path work = home.resolve(".cache/benchsh");
        Path jar = work.resolve(PeerJar.fileName());
        start(s -> ((SftpSubsystemFactory) s.getSubsystemFactories().get(0)).addSftpEventListener(new SftpEventListener() {
            @Override
            public void creating(ServerSession session, Path path, Map<String, ?> attrs) throws IOException {
                if (path.startsWith(home)) {
                    Files.createDirectory(path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                }
            }

            @Override
            public void moving(ServerSession session, Path from, Path to, Collection<CopyOption> opts) throws IOException {
                if (to.equals(jar)) {
                    Files.copy(from, jar, StandardCopyOption.REPLACE_EXISTING); // the other host's upload, just renamed
                }
            }
        }));
        try (SshHost h = host(work)) {
            assertTrue(h.peer().alive(), "the directories and the jar the other host made are used, not an error");
        }
        try (Stream<Path> left = Files.list(work)) {
            assertEquals(List.of(jar), left.toList(), "one jar, no upload left behind");
        }
    }

    @Test
    void withoutASha256ToolAFreshPrivateCopyRunsAndNothingStays() throws Exception {
        Path bin = Files.createDirectory(tmp.resolve("bin"));
        for (String tool : List.of("id", "mktemp", "cat", "rm")) {
            Path real = Stream.of("/usr/bin/", "/bin/").map(d -> Path.of(d + tool)).filter(Files::isExecutable).findFirst().orElseThrow();
            Files.createSymbolicLink(bin.resolve(tool), real);
        }
        Files.createSymbolicLink(bin.resolve("java"), Path.of(ProcessHandle.current().info().command().orElseThrow()));
        Path temp = Files.createDirectory(tmp.resolve("temp"));
        start(s -> s.setCommandFactory(TestSshServer.commandsWith(Map.of("PATH", bin.toString(), "TMPDIR", temp.toString()))));
        Path work = tmp.resolve("work");
        try (SshHost h = host(work)) {
            assertTrue(h.peer().alive(), "the peer runs from a private copy");
            assertTrue(h.uploaded());
            try (Stream<Path> left = Files.list(temp)) {
                assertEquals(List.of(), left.toList(), "the private directory is gone once the peer has the jar open");
            }
        }
        assertFalse(Files.exists(work, LinkOption.NOFOLLOW_LINKS), "no cached jar is written or trusted without a way to hash it");
    }

    @Test
    void aPinnedPeerWhereTasksetIsMissingIsRefusedWithWhatToDo() throws Exception {
        Path bin = Files.createDirectory(tmp.resolve("bin"));
        for (String tool : List.of("id", "mktemp", "cat", "rm", "sed")) {
            Path real = Stream.of("/usr/bin/", "/bin/").map(d -> Path.of(d + tool)).filter(Files::isExecutable).findFirst().orElseThrow();
            Files.createSymbolicLink(bin.resolve(tool), real);
        }
        Files.createSymbolicLink(bin.resolve("java"), Path.of(ProcessHandle.current().info().command().orElseThrow()));
        start(s -> s.setCommandFactory(TestSshServer.commandsWith(Map.of("PATH", bin.toString()))));
        try (SshHost h = new SshHost(host(tmp.resolve("work")).target().withCpus("0"), ssh, TestSshServer.PASSWORD.toCharArray())) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("t1: start peer: cpus: '0' needs taskset (util-linux) on the host; install it or drop cpus:", e.getMessage());
        }
    }
}
