package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.host.ssh.HostKeyPrompt;
import benchsh.shell.host.ssh.KnownHosts;
import benchsh.shell.host.ssh.PeerLaunch;
import benchsh.shell.host.ssh.SshContext;
import benchsh.shell.host.ssh.SshSettings;
import benchsh.shell.host.ssh.SshTarget;
import benchsh.shell.host.ssh.TestSshServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** SshHost against an in-process Apache SSHD server on loopback: login, host keys, Java, upload. */
class SshHostTest {
    @TempDir
    Path tmp;
    private TestSshServer server;
    private KeyPair userKey;
    private Path knownHosts;
    private SshContext ssh;

    @BeforeEach
    void start() throws Exception {
        userKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        server = new TestSshServer(tmp, userKey.getPublic());
        knownHosts = tmp.resolve("known_hosts");
        Files.writeString(knownHosts, "# test\n");
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", server.port()), server.hostKey());
        ssh = new SshContext(TestSshServer.settings(knownHosts, HostKeyPrompt.REFUSE));
    }

    @AfterEach
    void stop() throws IOException {
        ssh.close();
        server.close();
    }

    private SshTarget target(String java, String dir, List<Path> keys) {
        return new SshTarget("t1", TestSshServer.USER, "127.0.0.1", server.port(), keys, null, knownHosts, java, dir);
    }

    private SshHost host(String password) {
        return new SshHost(target("java", tmp.resolve("work").toString(), List.of()), ssh, password == null ? null : password.toCharArray());
    }

    @Test
    void passwordLoginDeploysThePeerAndCachesTheUpload() throws Exception {
        try (SshHost h = host(TestSshServer.PASSWORD)) {
            PeerConnection peer = h.peer();
            assertTrue(peer.alive());
            assertEquals(Host.State.READY, h.state());
            assertNotNull(h.facts().get("kernel"));
            assertTrue(h.uploaded(), "first connect uploads the jar");
            assertEquals("127.0.0.1", h.dataAddress());
            assertTrue(h.javaVersion().contains("version"));
        }
        try (Stream<Path> files = Files.list(tmp.resolve("work"))) {
            assertEquals(List.of(PeerJar.fileName()), files.map(p -> p.getFileName().toString()).toList(), "no temp file is left");
        }
        try (SshHost again = host(TestSshServer.PASSWORD)) {
            again.peer();
            assertFalse(again.uploaded(), "the second connect finds the jar by hash and skips the upload");
        }
    }

    @Test
    void ed25519KeyLogin() throws Exception {
        Path key = tmp.resolve("id_ed25519");
        try (OutputStream out = Files.newOutputStream(key)) {
            OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(userKey, "test", null, out);
        }
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        try (SshHost h = new SshHost(target("java", tmp.resolve("work").toString(), List.of(key)), ssh, null)) {
            assertTrue(h.peer().alive());
        }
    }

    @Test
    void wrongPasswordListsTheMethodsTried() {
        try (SshHost h = host("wrong")) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("login", e.step());
            assertTrue(e.getMessage().startsWith("t1: login: user 'bench' was refused (tried password)"), e.getMessage());
            assertFalse(e.getMessage().contains("wrong"), "the password never appears in messages");
            assertEquals(Host.State.FAILED, h.state());
        }
    }

    @Test
    void unknownHostKeyIsRefusedWithItsFingerprint() throws Exception {
        Files.writeString(knownHosts, "");
        try (SshHost h = host(TestSshServer.PASSWORD)) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("host key", e.step());
            assertTrue(e.getMessage().contains(KeyUtils.getFingerPrint(server.hostKey())), e.getMessage());
            assertTrue(e.getMessage().contains("--accept-new-host-keys"), e.getMessage());
        }
        assertEquals("", Files.readString(knownHosts), "a refused key is not recorded");
    }

    @Test
    void acceptedNewHostKeyIsAppended() throws Exception {
        Files.writeString(knownHosts, "");
        ssh.settings(ssh.settings().withHostKeys(HostKeyPrompt.ACCEPT));
        try (SshHost h = host(TestSshServer.PASSWORD)) {
            assertTrue(h.peer().alive());
        }
        assertTrue(Files.readString(knownHosts).startsWith("[127.0.0.1]:" + server.port() + " "), Files.readString(knownHosts));
        assertEquals(KnownHosts.Kind.MATCH,
                new KnownHosts(knownHosts).check(List.of("127.0.0.1"), server.port(), server.hostKey()).kind());
    }

    @Test
    void changedHostKeyFailsNamingFileAndLine() throws Exception {
        PublicKey other = otherKeyOfSameType();
        Files.writeString(knownHosts, "# first line is a comment\n");
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", server.port()), other);
        ssh.settings(ssh.settings().withHostKeys(HostKeyPrompt.ACCEPT));
        try (SshHost h = host(TestSshServer.PASSWORD)) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("host key", e.step());
            assertTrue(e.getMessage().contains("CHANGED"), e.getMessage());
            assertTrue(e.getMessage().contains(knownHosts + " line 2"), e.getMessage());
        }
    }

    private PublicKey otherKeyOfSameType() throws Exception {
        SimpleGeneratorHostKeyProvider p = new SimpleGeneratorHostKeyProvider(tmp.resolve("other.ser"));
        return p.loadKeys(null).iterator().next().getPublic();
    }

    @Test
    void missingJavaSaysHowToFixIt() {
        try (SshHost h = new SshHost(target(tmp.resolve("no/such/java").toString(), tmp.resolve("work").toString(), List.of()), ssh,
                TestSshServer.PASSWORD.toCharArray())) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("check java", e.step());
            assertTrue(e.getMessage().contains("no Java 17+ (found '" + tmp.resolve("no/such/java") + " -version' exited with 127"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("java:"), e.getMessage());
            assertFalse(Files.exists(tmp.resolve("work")), "nothing is written on a host that is refused");
        }
    }

    @Test
    void oldJavaIsRefusedWithTheVersionFound() throws Exception {
        Path fake = tmp.resolve("java11");
        Files.writeString(fake, "#!/bin/sh\necho 'openjdk version \"11.0.2\" 2019-01-15' >&2\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        try (SshHost h = new SshHost(target(fake.toString(), tmp.resolve("work").toString(), List.of()), ssh,
                TestSshServer.PASSWORD.toCharArray())) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("check java", e.step());
            assertTrue(e.getMessage().contains("no Java 17+ (found Java 11: openjdk version \"11.0.2\" 2019-01-15)"), e.getMessage());
            assertTrue(e.getMessage().contains("openjdk-17-jre-headless"), e.getMessage());
        }
    }

    @Test
    void unwritableDirectoryIsNamed() {
        try (SshHost h = new SshHost(target("java", "/proc/benchsh-test", List.of()), ssh, TestSshServer.PASSWORD.toCharArray())) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("upload", e.step());
            assertTrue(e.getMessage().contains("/proc/benchsh-test"), e.getMessage());
            assertTrue(e.getMessage().contains("dir:"), e.getMessage());
        }
    }

    @Test
    void uploadFailingHalfwayLeavesNothingBehind() throws Exception {
        server.failWritesFrom.set(40_000);
        Path work = tmp.resolve("work");
        try (SshHost h = host(TestSshServer.PASSWORD)) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("upload", e.step());
            assertTrue(e.getMessage().contains("failed after"), e.getMessage());
        }
        try (Stream<Path> files = Files.list(work)) {
            assertEquals(List.of(), files.toList(), "the partial upload is removed");
        }
    }

    @Test
    void refusedPortIsReported() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        SshTarget t = new SshTarget("t2", "bench", "127.0.0.1", closed, List.of(), null, knownHosts, "java", "x");
        try (SshHost h = new SshHost(t, ssh, null)) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("connect", e.step());
            assertTrue(e.getMessage().contains("connection refused by 127.0.0.1:" + closed), e.getMessage());
        }
    }

    @Test
    @Timeout(60)
    void silentServerIsBoundedByTheTimeout() throws Exception {
        ssh.settings(new SshSettings(null, knownHosts, false, Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(5), 4,
                HostKeyPrompt.REFUSE, benchsh.shell.host.ssh.SecretPrompt.NONE));
        try (ServerSocket silent = new ServerSocket(0, 5, java.net.InetAddress.getLoopbackAddress())) {
            SshTarget t = new SshTarget("t3", "bench", "127.0.0.1", silent.getLocalPort(), List.of(), null, knownHosts, "java", "x");
            try (SshHost h = new SshHost(t, ssh, null)) {
                HostException e = assertThrows(HostException.class, h::peer);
                assertTrue(e.getMessage().contains("within 2 s"), "the 2 s timeout ended the wait, the server never closes: " + e.getMessage());
            }
        }
    }

    @Test
    void unknownHostNameIsReportedAsDns() {
        SshTarget t = new SshTarget("t4", "bench", "no-such-host.invalid", 22, List.of(), null, knownHosts, "java", "x");
        try (SshHost h = new SshHost(t, ssh, null)) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("resolve", e.step());
            assertTrue(e.getMessage().contains("unknown host name 'no-such-host.invalid'"), e.getMessage());
        }
    }
    @Test
    void peerDyingMidTestGivesAClearError() throws Exception {
        java.io.StringWriter text = new java.io.StringWriter();
        try (benchsh.shell.Session session = new benchsh.shell.Session(new java.io.PrintWriter(text))) {
            SshHost h = host(TestSshServer.PASSWORD);
            session.hosts().add(h);
            String work = tmp.resolve("work").toString();
            // the peers of earlier tests may still be ending: kill the one this test started
            java.util.Set<Long> before = peers(work).map(ProcessHandle::pid).collect(java.util.stream.Collectors.toSet());
            h.peer();
            ProcessHandle peer = peers(work).filter(p -> !before.contains(p.pid())).findFirst().orElseThrow();
            Thread killer = new Thread(() -> {
                try {
                    Thread.sleep(2500);
                } catch (InterruptedException e) {
                    return;
                }
                peer.destroyForcibly();
            });
            killer.start();
            Object r = new benchsh.shell.script.ScriptRunner(session).evaluate("tcp from: 't1', to: local, time: 20.s", "test");
            killer.join(10_000);
            benchsh.shell.result.Result result = (benchsh.shell.result.Result) r;
            assertFalse(result.ok());
            assertTrue(result.error().contains("t1") && result.error().contains("peer exited"), result.error());
        }
    }
    /** The peer processes started from the work directory {@code work}. */
    private static java.util.stream.Stream<ProcessHandle> peers(String work) {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(PeerLaunch.MARKER) && c.contains(work)).orElse(false));
    }

    @Test
    void passwordIsAskedForWhenNoneIsGiven() throws Exception {
        java.util.List<String> questions = new java.util.concurrent.CopyOnWriteArrayList<>();
        ssh.settings(ssh.settings().withSecrets(q -> {
            questions.add(q);
            return TestSshServer.PASSWORD.toCharArray();
        }));
        try (SshHost h = host(null)) {
            assertTrue(h.peer().alive());
        }
        assertEquals(1, questions.size(), questions.toString());
        assertTrue(questions.get(0).contains("bench@127.0.0.1:" + server.port()) && questions.get(0).contains("assword"), questions.toString());
    }

    @Test
    void aPinnedPeerRunsOnItsCpusAndCpusTheHostLacksAreRefusedClearly() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/taskset")), "needs taskset");
        SshTarget t = target("java", tmp.resolve("work").toString(), List.of());
        try (SshHost h = new SshHost(t.withCpus("0"), ssh, TestSshServer.PASSWORD.toCharArray())) {
            h.peer();
            assertEquals("0", h.facts().get("cpus_allowed"));
        }
        String none = String.valueOf(Runtime.getRuntime().availableProcessors() + 1000);
        try (SshHost h = new SshHost(t.withCpus(none), ssh, TestSshServer.PASSWORD.toCharArray())) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertTrue(e.getMessage().startsWith("t1: start peer: cpus: '" + none + "' was refused (taskset: "), e.getMessage());
            assertTrue(e.getMessage().contains("give CPUs the host has; a process there may run on CPUs "), e.getMessage());
        }
    }
}
