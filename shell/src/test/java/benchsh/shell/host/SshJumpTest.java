package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.host.ssh.HostKeyPrompt;
import benchsh.shell.host.ssh.KnownHosts;
import benchsh.shell.host.ssh.SshContext;
import benchsh.shell.host.ssh.SshTarget;
import benchsh.shell.host.ssh.TestSshServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.util.net.SshdSocketAddress;
import org.apache.sshd.server.forward.AgentForwardingFilter;
import org.apache.sshd.server.forward.ForwardingFilter;
import org.apache.sshd.server.forward.TcpForwardingFilter;
import org.apache.sshd.server.forward.X11ForwardingFilter;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reaching a host through jump hosts (ProxyJump, {@code jump:}): two in-process SSH servers on
 * loopback, one a jump host that may only open channels to the target, one the target. The session
 * to the target runs inside a channel of the jump session, so no port is opened here. Host keys of
 * jump hosts are checked like the target's; errors name the hop.
 */
class SshJumpTest {
    @TempDir
    Path tmp;
    private TestSshServer target;
    private TestSshServer jump;
    private Path knownHosts;
    private Path key;
    private SshContext ssh;
    private final Set<Integer> allowed = ConcurrentHashMap.newKeySet();

    @BeforeEach
    void start() throws Exception {
        KeyPair userKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        Files.createDirectories(tmp.resolve("t"));
        Files.createDirectories(tmp.resolve("j"));
        target = new TestSshServer(tmp.resolve("t"), userKey.getPublic());
        allowed.add(target.port());
        jump = new TestSshServer(tmp.resolve("j"), userKey.getPublic(), connectOnlyTo(allowed));
        knownHosts = tmp.resolve("known_hosts");
        Files.writeString(knownHosts, "");
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", target.port()), target.hostKey());
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", jump.port()), jump.hostKey());
        key = tmp.resolve("id_ed25519");
        try (OutputStream out = Files.newOutputStream(key)) {
            OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(userKey, "test", null, out);
        }
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        ssh = new SshContext(TestSshServer.settings(knownHosts, HostKeyPrompt.REFUSE));
    }

    @AfterEach
    void stop() throws Exception {
        ssh.close();
        jump.close();
        target.close();
    }

    /** A jump host that lets a client open direct-tcpip channels to loopback ports in {@code ports} only. */
    private static ForwardingFilter connectOnlyTo(Set<Integer> ports) {
        TcpForwardingFilter tcp = new TcpForwardingFilter() {
            @Override
            public boolean canListen(SshdSocketAddress address, Session session) {
                return false;
            }

            @Override
            public boolean canConnect(Type type, SshdSocketAddress address, Session session) {
                return type == Type.Direct && "127.0.0.1".equals(address.getHostName()) && ports.contains(address.getPort());
            }
        };
        return ForwardingFilter.asForwardingFilter(AgentForwardingFilter.DEFAULT, X11ForwardingFilter.DEFAULT, tcp);
    }

    private SshTarget hop(String name, int port) {
        return new SshTarget(name, TestSshServer.USER, "127.0.0.1", port, List.of(key), null, knownHosts, "java", "x");
    }

    private SshHost host(int targetPort, List<SshTarget> jumps) {
        SshTarget t = new SshTarget("t1", TestSshServer.USER, "127.0.0.1", targetPort, List.of(), jumps, knownHosts, "java",
                tmp.resolve("work").toString());
        return new SshHost(t, ssh, TestSshServer.PASSWORD.toCharArray());
    }

    @Test
    void peerIsDeployedThroughTheJumpHostAndDataGoesDirectly() throws Exception {
        try (SshHost h = host(target.port(), List.of(hop("j1", jump.port())))) {
            assertTrue(h.peer().alive());
            assertEquals(Host.State.READY, h.state());
            assertEquals("127.0.0.1", h.dataAddress(), "data goes to the target's own address, not through the jump host");
            assertEquals(1, jump.activeSessions());
        }
        waitFor(() -> jump.activeSessions() == 0);
        assertEquals(0, jump.activeSessions(), "closing the host closes its jump session");
    }

    @Test
    void theJumpOpensNoListeningSocketOnThisMachine() throws Exception {
        Set<String> before = listeningSockets();
        assertTrue(before.size() >= 2, "this process's own listeners are seen (the two in-process servers): " + before);
        try (SshHost h = host(target.port(), List.of(hop("j1", jump.port())))) {
            assertTrue(h.peer().alive());
            assertEquals(before, listeningSockets(), "the session to the target runs in a channel, not through a local port");
        }
        assertEquals(before, listeningSockets());
    }

    /** The local addresses (hex, as in /proc/net/tcp) of TCP sockets this process is listening on. */
    private static Set<String> listeningSockets() throws IOException {
        Set<String> mine = new HashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        mine.add(target.substring("socket:[".length(), target.length() - 1));
                    }
                } catch (IOException e) {
                    // closed meanwhile
                }
            }
        }
        Set<String> listening = new TreeSet<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            List<String> lines = Files.readAllLines(Path.of(table));
            for (String line : lines.subList(1, lines.size())) { // after the header
                String[] f = line.strip().split("\\s+");
                if ("0A".equals(f[3]) && mine.contains(f[9])) { // state LISTEN, inode
                    listening.add(f[1]);
                }
            }
        }
        return listening;
    }

    @Test
    void twoHopsInARow() throws Exception {
        allowed.add(jump.port()); // the first hop forwards to itself, the second to the target
        try (SshHost h = host(target.port(), List.of(hop("j1", jump.port()), hop("j2", jump.port())))) {
            assertTrue(h.peer().alive());
            assertEquals(2, jump.activeSessions());
        }
    }

    @Test
    void unknownJumpHostKeyIsRefusedNamingTheHop() throws Exception {
        Files.writeString(knownHosts, "");
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", target.port()), target.hostKey());
        try (SshHost h = host(target.port(), List.of(hop("j1", jump.port())))) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("t1 via j1", e.host());
            assertEquals("host key of j1", e.step());
            assertTrue(e.getMessage().startsWith("t1 via j1: host key of j1: unknown"), e.getMessage());
            assertTrue(e.getMessage().contains(KeyUtils.getFingerPrint(jump.hostKey())), e.getMessage());
        }
    }

    @Test
    void changedJumpHostKeyFailsNamingFileAndLine() throws Exception {
        Files.writeString(knownHosts, "");
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", target.port()), target.hostKey());
        PublicKey other = new SimpleGeneratorHostKeyProvider(tmp.resolve("other.ser")).loadKeys(null).iterator().next().getPublic();
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", jump.port()), other);
        try (SshHost h = host(target.port(), List.of(hop("j1", jump.port())))) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("host key of j1", e.step());
            assertTrue(e.getMessage().contains("CHANGED") && e.getMessage().contains(knownHosts + " line 2"), e.getMessage());
        }
    }

    @Test
    void targetHostKeyIsCheckedBehindTheJumpHost() throws Exception {
        Files.writeString(knownHosts, "");
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", jump.port()), jump.hostKey());
        try (SshHost h = host(target.port(), List.of(hop("j1", jump.port())))) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("host key", e.step());
            assertTrue(e.getMessage().startsWith("t1 via j1: host key: unknown"), e.getMessage());
            assertTrue(e.getMessage().contains(KeyUtils.getFingerPrint(target.hostKey())), e.getMessage());
        }
        waitFor(() -> jump.activeSessions() == 0);
        assertEquals(0, jump.activeSessions(), "a failed login behind the jump host closes the jump session");
    }

    @Test
    void refusedJumpHostIsNamed() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        try (SshHost h = host(target.port(), List.of(hop("j1", closed)))) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertTrue(e.getMessage().startsWith("t1 via j1: connect to j1: connection refused by 127.0.0.1:" + closed), e.getMessage());
        }
    }

    @Test
    void jumpHostThatMayNotForwardThereIsExplained() throws Exception {
        int elsewhere;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            elsewhere = s.getLocalPort();
        }
        try (SshHost h = host(elsewhere, List.of(hop("j1", jump.port())))) {
            HostException e = assertThrows(HostException.class, h::peer);
            assertEquals("connect", e.step());
            assertTrue(e.getMessage().startsWith("t1 via j1: connect: the jump host opened no channel to 127.0.0.1:" + elsewhere),
                    e.getMessage());
        }
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 50 && !condition.getAsBoolean(); i++) {
            Thread.sleep(100);
        }
    }
}
