package benchsh.shell.host.ssh;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.host.PeerConnection;
import benchsh.shell.host.SshHost;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.apache.sshd.client.session.ClientSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keepalives over a network that goes silent without a FIN: the shell reaches an in-process
 * server through a loopback relay that can stop moving bytes (nothing is closed). With a 1 s
 * keepalive a session stays up while the server answers, and is closed once
 * {@value SshSettings#UNANSWERED_KEEPALIVES} keepalives in a row go unanswered; a peer on it is
 * then reported lost with that reason.
 */
class KeepaliveTest {
    private static final Duration HEARTBEAT = Duration.ofSeconds(1);
    /** Far above the (1 + 3) x 1 s it takes: only a session that is never dropped fails. */
    private static final Duration LIMIT = Duration.ofSeconds(60);
    @TempDir
    Path tmp;
    private TestSshServer server;
    private SilentLink link;
    private SshContext ssh;
    private Path knownHosts;

    @BeforeEach
    void start() throws Exception {
        server = new TestSshServer(tmp, null);
        link = new SilentLink(server.port());
        knownHosts = tmp.resolve("known_hosts");
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", link.port()), server.hostKey());
        ssh = new SshContext(TestSshServer.settings(knownHosts, HostKeyPrompt.REFUSE).withHeartbeat(HEARTBEAT));
    }

    @AfterEach
    void stop() throws Exception {
        ssh.close();
        link.close();
        server.close();
    }

    private SshTarget target() {
        return new SshTarget("t1", TestSshServer.USER, "127.0.0.1", link.port(), List.of(), null, knownHosts, "java",
                tmp.resolve("work").toString());
    }

    @Test
    void aSessionWhoseServerGoesSilentIsClosed() throws Exception {
        ClientSession s = SshLogin.open(ssh.client(), ssh.settings(), target(), TestSshServer.PASSWORD.toCharArray()).session();
        Thread.sleep(HEARTBEAT.multipliedBy(2L * (SshSettings.UNANSWERED_KEEPALIVES + 1)).toMillis());
        assertTrue(s.isOpen(), "answered keepalives keep the session");
        link.silence();
        assertTrue(within(LIMIT, s::isClosed), "unanswered keepalives close the session");
    }

    @Test
    void aPeerBehindASilentConnectionIsReportedLostWithTheReason() throws Exception {
        try (SshHost h = new SshHost(target(), ssh, TestSshServer.PASSWORD.toCharArray())) {
            PeerConnection peer = h.peer();
            link.silence();
            assertTrue(within(LIMIT, () -> !peer.alive()), "the peer is declared lost");
            assertTrue(peer.deadReason().contains("the SSH connection went silent: " + SshSettings.UNANSWERED_KEEPALIVES
                    + " keepalives in a row got no reply"), peer.deadReason());
        }
    }

    private static boolean within(Duration limit, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }

    /** A loopback TCP relay to a port that can go silent: then it drops what it reads, both ways, and closes nothing. */
    static final class SilentLink implements AutoCloseable {
        private final ServerSocket listener = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
        private final List<Socket> sockets = new CopyOnWriteArrayList<>();
        private final List<Thread> threads = new CopyOnWriteArrayList<>();
        private volatile boolean silent;

        SilentLink(int to) throws IOException {
            Thread accept = new Thread(() -> {
                try {
                    while (true) {
                        Socket in = listener.accept();
                        Socket out = new Socket(InetAddress.getLoopbackAddress(), to);
                        sockets.addAll(List.of(in, out));
                        pump(in, out);
                        pump(out, in);
                    }
                } catch (IOException e) {
                    // closed
                }
            }, "silent-link accept");
            threads.add(accept);
            accept.start();
        }

        private void pump(Socket from, Socket to) throws IOException {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            Thread t = new Thread(() -> {
                byte[] b = new byte[16 * 1024];
                try {
                    for (int n; (n = in.read(b)) >= 0; ) {
                        if (!silent) {
                            out.write(b, 0, n);
                        }
                    }
                } catch (IOException e) {
                    // closed
                }
            }, "silent-link pump");
            threads.add(t);
            t.start();
        }

        int port() {
            return listener.getLocalPort();
        }

        void silence() {
            silent = true;
        }

        @Override
        public void close() throws Exception {
            listener.close();
            for (Socket s : sockets) {
                s.close();
            }
            for (Thread t : threads) {
                t.join(5000);
            }
            assertFalse(threads.stream().anyMatch(Thread::isAlive), "the relay's threads end");
        }
    }
}
