package benchsh.shell.host.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import benchsh.shell.Session;
import benchsh.shell.host.HostException;
import benchsh.shell.host.NativeJava;
import benchsh.shell.host.SshHost;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.sshd.server.SshServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host without Java (its {@code java:} does not exist) on an in-process SSH server: by default
 * benchsh's runtime, linked here from the JDK 22+, is uploaded, verified and unpacked there, the peer
 * runs on it and measures; the next connection reuses it without uploading a byte; a changed runtime is
 * replaced, a group-writable one refused; with {@code runtime: false} the error offers it. Bad input on a host whose
 * Java is 17 (this test JVM's): a JDK here whose jlink fails, no space there for the upload or for unpacking it, a
 * runtime that arrives changed; each leaves the peer on the host's own Java, and the test's result says why in one
 * line naming the host and what to do ({@code peer_note}). Builds the runtime into {@code ~/.cache/benchsh/runtime} once.
 */
@Timeout(600)
class RuntimeDeployTest {
    @TempDir
    Path tmp;
    private TestSshServer server;
    private SshContext ssh;
    private final List<String> notes = new java.util.concurrent.CopyOnWriteArrayList<>();
    private Path knownHosts;
    private Path work;

    @BeforeEach
    void start() throws Exception {
        knownHosts = tmp.resolve("known_hosts");
        serve(server -> { });
        ssh = new SshContext(TestSshServer.settings(knownHosts, HostKeyPrompt.REFUSE), notes::add);
        work = tmp.resolve("work");
    }

    /** (Re)starts the server, set up by {@code setup}, and trusts its key on its port. */
    private void serve(Consumer<SshServer> setup) throws Exception {
        if (server != null) {
            server.close();
        }
        server = new TestSshServer(Files.createDirectories(tmp.resolve("server")), null, null, setup);
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", server.port()), server.hostKey());
    }

    @AfterEach
    void stop() throws IOException {
        ssh.close();
        server.close();
    }

    /** A host whose java does not exist. */
    private SshHost host(SshTarget.RuntimeUse runtime) {
        return host(runtime, tmp.resolve("no/java/bin/java").toString());
    }

    private SshHost host(SshTarget.RuntimeUse runtime, String java) {
        SshTarget t = new SshTarget("r1", TestSshServer.USER, "127.0.0.1", server.port(), List.of(), null, knownHosts, java,
                work.toString()).withRuntime(runtime);
        return new SshHost(t, ssh, TestSshServer.PASSWORD.toCharArray());
    }

    private static String treeDigest() throws Exception {
        return RuntimeImage.forPeers().build().treeDigest();
    }

    @Test
    void theRuntimeIsUploadedRunsThePeerAndATestAndIsReusedWithoutAnUpload() throws Exception {
        StringWriter out = new StringWriter();
        try (Session session = new Session(new PrintWriter(out, true))) {
            SshHost h = host(SshTarget.RuntimeUse.DEFAULT);
            session.hosts().add(h);
            h.peer();
            PeerDeploy.Deployment d = h.deployment();
            assertNotNull(d.runtime(), "the peer runs on a private runtime");
            assertEquals(work + "/runtime-" + treeDigest(), d.runtime());
            assertTrue(d.runtimeUploaded());
            assertTrue(notes.stream().anyMatch(n -> n.startsWith("r1: putting benchsh's Java runtime there (") && n.contains(" MB, once")),
                    "the user hears why the first connection takes a while: " + notes);
            assertTrue(h.javaVersion().contains("version \"" + RuntimeImage.forPeers().javaVersion()), h.javaVersion());
            assertTrue(server.bytesWritten.get() > RuntimeImage.forPeers().build().bytes(), "the tarball went up over SFTP");
            assertEquals(List.of(Path.of(d.runtime(), "bin", "java").toString()), peerExecutables(), "the peer's process runs the runtime's java");

            ScriptRunner runner = new ScriptRunner(session);
            runner.evaluate("tcp from: 'r1', to: 'local', time: 1.s\nhttp from: 'r1', to: 'r1', bytes: 4.MiB", "t");
            List<Result> results = session.results();
            assertEquals(2, results.size(), out.toString());
            for (Result r : results) {
                assertTrue(r.ok(), r.error() + "\n" + out);
            }
        }
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(work.resolve("runtime-" + treeDigest()))));
        try (Stream<Path> left = Files.list(work)) {
            assertEquals(List.of(), left.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".")).toList(),
                    "no temp tarball or unpack directory is left");
        }

        long written = server.bytesWritten.get();
        try (SshHost again = host(SshTarget.RuntimeUse.ALWAYS)) {
            assertTrue(again.peer().alive());
            assertFalse(again.deployment().runtimeUploaded(), "the cached runtime is verified and reused");
            assertFalse(again.uploaded());
        }
        assertEquals(written, server.bytesWritten.get(), "nothing was uploaded the second time");
        assertEquals(1, notes.stream().filter(n -> n.contains("putting benchsh's Java runtime")).count(), notes.toString());
    }

    @Test
    void aChangedRuntimeIsReplacedNotRun() throws Exception {
        try (SshHost h = host(SshTarget.RuntimeUse.DEFAULT)) {
            h.peer();
        }
        Path release = work.resolve("runtime-" + treeDigest()).resolve("release");
        String original = Files.readString(release);
        Files.writeString(release, original + "CHANGED=1\n");
        try (SshHost h = host(SshTarget.RuntimeUse.DEFAULT)) {
            assertTrue(h.peer().alive());
            assertTrue(h.deployment().runtimeUploaded(), "a tree with another digest is unpacked again");
        }
        assertEquals(original, Files.readString(release));
    }

    @Test
    void aGroupWritableRuntimeIsRefused() throws Exception {
        Path dir = Files.createDirectories(work.resolve("runtime-" + treeDigest()));
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwx------"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxr-x"));
        try (SshHost h = host(SshTarget.RuntimeUse.DEFAULT)) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("deploy runtime", e.step(), e.getMessage());
            assertTrue(e.getMessage().contains(dir + " is writable by group or others (mode 0775), who could replace the Java runtime"),
                    e.getMessage());
        }
    }

    @Test
    void aRuntimeThatCannotBePutThereLeavesThePeerOnTheHostsJava17WithANote() throws Exception {
        String java17 = ProcessHandle.current().info().command().orElseThrow();
        assumeTrue(Runtime.version().feature() < 22, "the tests run on Java 17 to 21, as such a host has");
        Path dir = Files.createDirectories(work.resolve("runtime-" + treeDigest()));
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwx------"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxr-x"));
        try (SshHost h = host(SshTarget.RuntimeUse.DEFAULT, java17)) {
            assertTrue(h.peer().alive());
            assertEquals(java17, h.deployment().java(), "the host's own Java runs the peer");
            assertNull(h.deployment().runtime());
            assertEquals("host", h.peerVm());
            assertTrue(h.peerNote().startsWith("r1: deploy runtime: " + dir + " is writable by group or others (mode 0775)"), h.peerNote());
            assertTrue(h.peerNote().endsWith("; so its peer runs on its own Java " + Runtime.version().feature() + ", without the native "
                    + "paths (sendmmsg and GSO datagrams, native TCP stream, TCP_RR and TCP_CRR sockets, native file writes): install a JDK 22+ there"),
                    h.peerNote());
        }
    }

    @Test
    void runtimeFalseRefusesAHostWithoutJavaOfferingTheRuntimeAndUploadsNothing() throws Exception {
        try (SshHost h = host(SshTarget.RuntimeUse.NEVER)) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("check java", e.step());
            assertTrue(e.getMessage().contains("drop runtime: false (and java:) to run the peer on benchsh's Java "), e.getMessage());
            assertTrue(e.getMessage().matches(".*\\((≈[0-9]+|[0-9]+\\.[0-9]) MB\\).*"), e.getMessage());
        }
        assertEquals(0, server.bytesWritten.get());
        assertFalse(Files.exists(work));
    }

    @Test
    void aJdkWhoseJlinkFailsLeavesThePeerOnTheHostsJava17AndTheResultSaysWhy() throws Exception {
        String java17 = java17();
        Path jdk = NativeJava.candidates().stream().filter(NativeJava::isJdk).findFirst()
                .orElseThrow().home();
        Path broken = Files.createDirectories(tmp.resolve("broken-jdk/bin")).getParent();
        Files.copy(jdk.resolve("release"), broken.resolve("release"));
        Files.createSymbolicLink(broken.resolve("bin/java"), jdk.resolve("bin/java"));
        Files.createSymbolicLink(broken.resolve("bin/jdeps"), jdk.resolve("bin/jdeps"));
        Path jlink = broken.resolve("bin/jlink");
        Files.writeString(jlink, "#!/bin/sh\necho 'Error: java.io.IOException: No space left on device' >&2\nexit 1\n");
        Files.setPosixFilePermissions(jlink, PosixFilePermissions.fromString("rwxr-xr-x"));
        RuntimeImage before = RuntimeImage.replaceForPeers(new RuntimeImage(broken, tmp.resolve("cache")));
        try {
            String note = noteOfATestOnItsOwnJava(java17);
            assertTrue(note.startsWith("r1: deploy runtime: cannot build benchsh's runtime here: " + jlink + " exited with 1: Error: "
                    + "java.io.IOException: No space left on device; repair that JDK, or set BENCHSH_JDK22 to another JDK 22+; so its peer"
                    + " runs on its own Java "), note);
            assertTrue(server.bytesWritten.get() < 2_000_000, "no runtime went up: " + server.bytesWritten.get());
        } finally {
            RuntimeImage.replaceForPeers(before);
            Files.delete(broken.resolve("bin/java")); // links out of the temp directory, which JUnit warns about
            Files.delete(broken.resolve("bin/jdeps"));
        }
    }

    @Test
    void noSpaceThereForTheUploadLeavesThePeerOnTheHostsJava17AndAHostWithoutJavaRefused() throws Exception {
        String java17 = java17();
        server.failWritesFrom.set(2_000_000); // the peer jar fits, the runtime does not
        String note = noteOfATestOnItsOwnJava(java17);
        assertTrue(note.startsWith("r1: deploy runtime: cannot upload the runtime ("), note);
        assertTrue(note.contains(" MB): upload of " + work + "/.runtime-upload-"), note);
        assertTrue(note.contains(" MB free there (df), or give dir: on a disk that has them; so its peer runs on its own Java "), note);
        try (SshHost h = host(SshTarget.RuntimeUse.DEFAULT)) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("deploy runtime", e.step(), e.getMessage());
            assertTrue(e.getMessage().startsWith("r1: deploy runtime: cannot upload the runtime ("), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        }
    }

    @Test
    void noSpaceThereToUnpackItLeavesThePeerOnTheHostsJava17() throws Exception {
        String java17 = java17();
        Path bin = Files.createDirectories(tmp.resolve("full-disk-bin"));
        Files.writeString(bin.resolve("tar"), "#!/bin/sh\necho 'tar: ./lib/modules: Cannot write: No space left on device' >&2\nexit 2\n");
        Files.setPosixFilePermissions(bin.resolve("tar"), PosixFilePermissions.fromString("rwxr-xr-x"));
        serve(s -> s.setCommandFactory(TestSshServer.commandsWith(Map.of("PATH", bin + ":" + System.getenv("PATH")))));
        String note = noteOfATestOnItsOwnJava(java17);
        assertTrue(note.startsWith("r1: deploy runtime: unpacking the runtime failed (exit 94): tar: ./lib/modules: Cannot write: No space left"
                + " on device"), note);
        assertTrue(note.contains("tar could not unpack the runtime (exit 2); check the free space in " + work + " (df), or give dir: on a disk"
                + " with room for it; so its peer runs on its own Java "), note);
        try (Stream<Path> left = Files.list(work)) {
            assertEquals(List.of(), left.map(p -> p.getFileName().toString()).filter(n -> n.contains("runtime")).toList(),
                    "no tarball, no partial runtime is left");
        }
    }

    @Test
    void aRuntimeThatArrivesChangedIsNotUnpackedAndThePeerRunsOnTheHostsJava17() throws Exception {
        String java17 = java17();
        server.corruptByteAt.set(2_000_000);
        String note = noteOfATestOnItsOwnJava(java17);
        assertTrue(note.startsWith("r1: deploy runtime: the runtime arrived changed: refusing to unpack " + work + "/.runtime-upload-"), note);
        assertTrue(note.contains("; connect again, and if it happens again check the disk there and what sits between here and r1; so its"
                + " peer runs on its own Java "), note);
        assertFalse(Files.exists(work.resolve("runtime-" + treeDigest())), "nothing was unpacked");
    }

    /** A host whose Java is this test JVM's, 17 to 21; skips the test on a newer one. */
    private static String java17() {
        assumeTrue(Runtime.version().feature() < 22, "the tests run on Java 17 to 21, as such a host has");
        return ProcessHandle.current().info().command().orElseThrow();
    }

    /**
     * Runs a tcp test from r1 (whose Java is {@code java}) to local, checks that it measured on the host's own Java with the
     * NIO paths and that its result carries the host's note (printed once, on one line), and returns the note.
     */
    private String noteOfATestOnItsOwnJava(String java) throws Exception {
        StringWriter out = new StringWriter();
        try (Session session = new Session(new PrintWriter(out, true))) {
            SshHost h = host(SshTarget.RuntimeUse.DEFAULT, java);
            session.hosts().add(h);
            new ScriptRunner(session).evaluate("tcp from: 'r1', to: 'local', time: 1.s", "t");
            Result r = session.results().get(0);
            assertTrue(r.ok(), r.error() + "\n" + out);
            assertNull(h.deployment().runtime(), "the host's own Java runs the peer");
            assertEquals(java, h.deployment().java());
            assertEquals("nio", r.metrics().get("send_io"), r.metrics().toString());
            String note = String.valueOf(r.metrics().get("peer_note"));
            assertEquals(h.peerNote(), note);
            assertTrue(note.endsWith("; so its peer runs on its own Java " + Runtime.version().feature() + ", without the native paths"
                    + " (sendmmsg and GSO datagrams, native TCP stream, TCP_RR and TCP_CRR sockets, native file writes): install a JDK 22+"
                    + " there"), note);
            assertFalse(note.contains("\n"), "one line: " + note);
            return note;
        }
    }

    /** The executables of this machine's peer processes started from {@link #work}. */
    private List<String> peerExecutables() {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(PeerLaunch.MARKER)
                        && p.info().commandLine().orElse("").contains("-Dbenchsh.jar=" + work))
                .map(p -> p.info().command().orElse("?")).toList();
    }
}
