package benchsh.shell.host.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import benchsh.shell.host.HostException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ssh-agent client: against a real OpenSSH {@code ssh-agent} (skipped when it is not installed)
 * logging in to an in-process SSH server with only the agent's ed25519 or RSA key; against fake
 * agents that answer with a huge frame or not at all; and the fallback when the agent is gone.
 */
class AgentClientTest {
    @TempDir
    Path tmp;
    private Process agent;
    private TestSshServer server;

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (agent != null) {
            ProcessHandle.of(agent.pid()).ifPresent(ProcessHandle::destroy);
            if (!agent.waitFor(5, TimeUnit.SECONDS)) {
                agent.destroyForcibly();
            }
        }
    }

    /** Starts ssh-agent on a socket in the temp dir, adds a new key of {@code type}, returns the socket. */
    private Path agentWithKey(String type) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/ssh-agent")) && Files.isExecutable(Path.of("/usr/bin/ssh-add"))
                && Files.isExecutable(Path.of("/usr/bin/ssh-keygen")), "needs ssh-agent, ssh-add and ssh-keygen (Debian openssh-client)");
        Path sock = tmp.resolve("agent.sock");
        agent = new ProcessBuilder("/usr/bin/ssh-agent", "-D", "-a", sock.toString()).redirectErrorStream(true)
                .redirectOutput(tmp.resolve("agent.log").toFile()).start();
        for (int i = 0; i < 50 && !Files.exists(sock); i++) {
            Thread.sleep(100);
        }
        assertTrue(Files.exists(sock), "ssh-agent made no socket: " + Files.readString(tmp.resolve("agent.log")));
        Path key = tmp.resolve("id_" + type);
        run(List.of("/usr/bin/ssh-keygen", "-q", "-t", type, "-N", "", "-C", "agent-test", "-f", key.toString()), sock);
        run(List.of("/usr/bin/ssh-add", key.toString()), sock);
        Files.delete(key); // from now on only the agent holds the private key
        return sock;
    }

    private static void run(List<String> command, Path sock) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("SSH_AUTH_SOCK", sock.toString());
        Process p = pb.start();
        boolean done = p.waitFor(30, TimeUnit.SECONDS);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!done) {
            p.destroyForcibly();
        }
        assertTrue(done && p.exitValue() == 0, command + " failed: " + out);
    }

    private PublicKey publicKey(String type) throws Exception {
        String line = Files.readString(tmp.resolve("id_" + type + ".pub")).strip();
        return PublicKeyEntry.parsePublicKeyEntry(line).resolvePublicKey(null, null, PublicKeyEntryResolver.FAILING);
    }

    /** Logs in with no key file and no password: only the agent can make it succeed. */
    private void loginWithOnlyTheAgent(Path sock, PublicKey accepted, List<String> notes) throws Exception {
        server = new TestSshServer(tmp, accepted);
        Path knownHosts = tmp.resolve("known_hosts");
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", server.port()), server.hostKey());
        try (SshContext ssh = new SshContext(TestSshServer.settings(knownHosts, HostKeyPrompt.REFUSE).withAgent(sock), notes::add)) {
            SshTarget t = new SshTarget("a1", TestSshServer.USER, "127.0.0.1", server.port(), List.of(), null, knownHosts, "java", "x");
            SshLogin.Opened o = SshLogin.open(ssh.client(), ssh.settings(), t, null);
            try {
                assertTrue(o.session().isAuthenticated());
            } finally {
                o.session().close(true);
            }
        }
    }

    @Test
    void ed25519KeyFromTheAgentLogsIn() throws Exception {
        Path sock = agentWithKey("ed25519");
        try (AgentClient c = AgentClient.connect(sock, Duration.ofSeconds(5))) {
            List<java.util.Map.Entry<PublicKey, String>> ids = c.getIdentities();
            assertEquals(1, ids.size());
            assertTrue(KeyUtils.compareKeys(publicKey("ed25519"), ids.get(0).getKey()));
            assertEquals("agent-test", ids.get(0).getValue());
        }
        List<String> notes = new CopyOnWriteArrayList<>();
        loginWithOnlyTheAgent(sock, publicKey("ed25519"), notes);
        assertEquals(List.of(), notes);
    }

    @Test
    void rsaKeyFromTheAgentSignsWithSha2() throws Exception {
        Path sock = agentWithKey("rsa");
        loginWithOnlyTheAgent(sock, publicKey("rsa"), new CopyOnWriteArrayList<>());
        try (AgentClient c = AgentClient.connect(sock, Duration.ofSeconds(5))) {
            byte[] data = "data".getBytes(StandardCharsets.UTF_8);
            for (String[] algo : new String[][] {{"rsa-sha2-512", "SHA512withRSA"}, {"rsa-sha2-256", "SHA256withRSA"}}) {
                java.util.Map.Entry<String, byte[]> sig = c.sign(null, publicKey("rsa"), algo[0], data);
                assertEquals(algo[0], sig.getKey(), "the agent signed with the SHA-2 algorithm asked for");
                java.security.Signature verify = java.security.Signature.getInstance(algo[1]);
                verify.initVerify(publicKey("rsa"));
                verify.update(data);
                assertTrue(verify.verify(sig.getValue()), algo[0] + " signature verifies");
            }
        }
        assertEquals(AgentClient.RSA_SHA2_512, AgentClient.flags("rsa-sha2-512"));
        assertEquals(AgentClient.RSA_SHA2_256, AgentClient.flags("rsa-sha2-256"));
        assertEquals(0, AgentClient.flags("ssh-ed25519"));
    }

    @Test
    void missingAgentFallsBackToThePasswordWithOneNote() throws Exception {
        server = new TestSshServer(tmp, null);
        Path knownHosts = tmp.resolve("known_hosts");
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", server.port()), server.hostKey());
        List<String> notes = new CopyOnWriteArrayList<>();
        Path gone = tmp.resolve("no-agent.sock");
        try (SshContext ssh = new SshContext(TestSshServer.settings(knownHosts, HostKeyPrompt.REFUSE).withAgent(gone), notes::add)) {
            SshTarget t = new SshTarget("a2", TestSshServer.USER, "127.0.0.1", server.port(), List.of(), null, knownHosts, "java", "x");
            for (int i = 0; i < 2; i++) {
                SshLogin.Opened o = SshLogin.open(ssh.client(), ssh.settings(), t, TestSshServer.PASSWORD.toCharArray());
                o.session().close(true);
            }
            HostException e = assertThrows(HostException.class, () -> SshLogin.open(ssh.client(), ssh.settings(), t, "wrong".toCharArray()));
            assertTrue(e.getMessage().contains("(tried password); there is no ssh-agent at " + gone), e.getMessage());
        }
        assertEquals(1, notes.size(), "one note, not one per login: " + notes);
        assertTrue(notes.get(0).startsWith("ssh-agent not usable (there is no ssh-agent at " + gone), notes.get(0));
    }

    /**
     * SSH_AUTH_SOCK naming a socket nobody listens on (its agent ended): the failed login says the agent does not
     * answer and what to do, instead of claiming it tried the agent's keys.
     */
    @Test
    void aStaleAgentSocketIsNamedAsOneThatDoesNotAnswer() throws Exception {
        Path stale = tmp.resolve("stale.sock");
        ServerSocketChannel ended = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        ended.bind(UnixDomainSocketAddress.of(stale));
        ended.close(); // the file stays; connecting to it is refused
        assertTrue(Files.exists(stale));
        server = new TestSshServer(tmp, null);
        Path knownHosts = tmp.resolve("known_hosts");
        new KnownHosts(knownHosts).append(KnownHosts.entryName("127.0.0.1", server.port()), server.hostKey());
        List<String> notes = new CopyOnWriteArrayList<>();
        try (SshContext ssh = new SshContext(TestSshServer.settings(knownHosts, HostKeyPrompt.REFUSE).withAgent(stale), notes::add)) {
            SshTarget t = new SshTarget("a3", TestSshServer.USER, "127.0.0.1", server.port(), List.of(), null, knownHosts, "java", "x");
            HostException e = assertThrows(HostException.class, () -> SshLogin.open(ssh.client(), ssh.settings(), t, "wrong".toCharArray()));
            assertTrue(e.getMessage().contains("the ssh-agent at " + stale + " does not answer: nobody listens on that socket"), e.getMessage());
            assertTrue(e.getMessage().contains("start one (eval $(ssh-agent); ssh-add) or unset SSH_AUTH_SOCK"), e.getMessage());
            assertTrue(!e.getMessage().contains("publickey (ssh-agent)"), "the agent was not tried: " + e.getMessage());
        }
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains("does not answer"), notes.get(0));
    }

    /** A fake agent that answers one request with {@code answer} (or not at all when null), then holds the connection until interrupted (a minute at most). */
    private Thread fakeAgent(Path sock, byte[] answer) throws IOException {
        ServerSocketChannel ss = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        ss.bind(UnixDomainSocketAddress.of(sock));
        Thread t = new Thread(() -> {
            try (ss; SocketChannel c = ss.accept()) {
                c.read(ByteBuffer.allocate(64));
                if (answer != null) {
                    c.write(ByteBuffer.wrap(answer));
                }
                Thread.sleep(60_000);
            } catch (IOException | InterruptedException e) {
                // test over
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Test
    void oversizedFrameIsRefused() throws Exception {
        Path sock = tmp.resolve("big.sock");
        Thread t = fakeAgent(sock, new byte[] {0x7f, 0, 0, 0});
        try (AgentClient c = AgentClient.connect(sock, Duration.ofSeconds(5))) {
            IOException e = assertThrows(IOException.class, c::getIdentities);
            assertTrue(e.getMessage().contains("frame of 2130706432 bytes"), e.getMessage());
        }
        t.interrupt();
    }

    /** The agent keeps the connection open and says nothing: the request's deadline ends the wait, not the agent. */
    @Test
    @Timeout(30)
    void silentAgentIsBoundedByTheDeadline() throws Exception {
        Path sock = tmp.resolve("silent.sock");
        Thread t = fakeAgent(sock, null);
        try (AgentClient c = AgentClient.connect(sock, Duration.ofMillis(300))) {
            IOException e = assertThrows(IOException.class, c::getIdentities);
            assertTrue(e.getMessage().contains("no answer from the ssh-agent at " + sock + " within 300 ms"), e.getMessage());
            assertTrue(t.isAlive(), "the agent still holds the connection open");
        }
        t.interrupt();
    }

    @Test
    void failureAnswerIsReported() throws Exception {
        Path sock = tmp.resolve("fail.sock");
        Thread t = fakeAgent(sock, new byte[] {0, 0, 0, 1, AgentClient.FAILURE});
        try (AgentClient c = AgentClient.connect(sock, Duration.ofSeconds(5))) {
            IOException e = assertThrows(IOException.class, c::getIdentities);
            assertTrue(e.getMessage().contains("refused the identities request"), e.getMessage());
        }
        t.interrupt();
    }
}
