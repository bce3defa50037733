package benchsh.shell.host.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.host.HostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.sshd.certificate.OpenSshCertificateBuilder;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.OpenSshCertificate;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Host key checks on real logins to in-process servers with chosen host keys: the type already
 * known is asked for first, another type is refused as a possible key change without a prompt,
 * the system-wide file vouches too, revoked keys are refused, and host certificates are trusted
 * through {@code @cert-authority} lines when their principals name the host.
 */
class HostKeysTest {
    private static KeyPair ed25519;
    private static KeyPair ecdsa;
    private static KeyPair ca;
    @TempDir
    Path tmp;
    private TestSshServer server;
    private SshContext ssh;
    private Path user;
    private Path system;
    private final AtomicInteger prompts = new AtomicInteger();

    @BeforeAll
    static void keys() throws Exception {
        ed25519 = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        ecdsa = KeyUtils.generateKeyPair("ecdsa-sha2-nistp256", 256);
        ca = KeyUtils.generateKeyPair("ssh-ed25519", 256);
    }

    private void start(OpenSshCertificate certificate, KeyPair... hostKeys) throws Exception {
        server = new TestSshServer(tmp, null, null, s -> {
            s.setKeyPairProvider(KeyPairProvider.wrap(hostKeys));
            if (certificate != null) {
                s.setHostKeyCertificateProvider(session -> List.of(certificate));
            }
        });
        user = tmp.resolve("known_hosts");
        system = tmp.resolve("ssh_known_hosts");
        HostKeyPrompt counting = (host, type, fingerprint, file) -> {
            prompts.incrementAndGet();
            return true;
        };
        ssh = new SshContext(TestSshServer.settings(user, counting));
    }

    @AfterEach
    void stop() throws Exception {
        ssh.close();
        server.close();
    }

    private String line(String hosts, PublicKey key) throws Exception {
        StringBuilder sb = new StringBuilder(hosts).append(' ');
        PublicKeyEntry.appendPublicKeyEntry(sb, key);
        return sb.append('\n').toString();
    }

    private String self() {
        return KnownHosts.entryName("localhost", server.port());
    }

    private SshLogin.Opened login(String hostName) throws Exception {
        SshTarget t = new SshTarget("t1", TestSshServer.USER, hostName, server.port(), List.of(), null, user, "java", "x",
                List.of(system));
        return SshLogin.open(ssh.client(), ssh.settings(), t, TestSshServer.PASSWORD.toCharArray());
    }

    private HostException refused() {
        HostException e = assertThrows(HostException.class, () -> login("localhost"));
        assertEquals("host key", e.step(), e.getMessage());
        return e;
    }

    @Test
    void theKeyTypeAlreadyKnownIsAskedForFirst() throws Exception {
        start(null, ecdsa, ed25519); // the library would pick ECDSA first
        Files.writeString(user, line(self(), ed25519.getPublic()));
        login("localhost").session().close(true);
        assertEquals(0, prompts.get());
    }

    @Test
    void aHostOfferingAnotherTypeThanTheKnownOneIsAPossibleKeyChangeNeverPrompted() throws Exception {
        start(null, ecdsa);
        Files.writeString(user, "# mine\n" + line(self(), ed25519.getPublic()));
        String before = Files.readString(user);
        HostException e = refused();
        assertTrue(e.getMessage().contains("POSSIBLE HOST KEY CHANGE: the host offers a ecdsa-sha2-nistp256 key"), e.getMessage());
        assertTrue(e.getMessage().contains(user + " line 2 holds its ssh-ed25519 key"), e.getMessage());
        assertTrue(e.getMessage().contains("ssh-keygen -R " + self() + " -f " + user), e.getMessage());
        assertEquals(0, prompts.get(), "a possible key change is never offered for acceptance");
        assertEquals(before, Files.readString(user));
    }

    @Test
    void theSystemWideFileVouchesAndNothingIsWrittenToTheUsersFile() throws Exception {
        start(null, ed25519);
        Files.writeString(system, line(self(), ed25519.getPublic()));
        login("localhost").session().close(true);
        assertEquals(0, prompts.get());
        assertTrue(!Files.exists(user), "the user's file is not touched");
    }

    @Test
    void aRevokedKeyIsRefusedEvenIfAlsoKnown() throws Exception {
        start(null, ed25519);
        Files.writeString(user, line(self(), ed25519.getPublic()));
        Files.writeString(system, "@revoked " + line("*", ed25519.getPublic()));
        HostException e = refused();
        assertTrue(e.getMessage().contains("is marked @revoked in " + system + " line 1"), e.getMessage());
    }

    private static OpenSshCertificate certificate(String principal) throws Exception {
        return OpenSshCertificateBuilder.hostCertificate().publicKey(ed25519.getPublic()).id("t1").principals(List.of(principal))
                .validAfter(Instant.now().minusSeconds(3600)).validBefore(Instant.now().plusSeconds(3600)).sign(ca);
    }

    @Test
    void aHostCertificateSignedByATrustedCaIsAcceptedForTheHostName() throws Exception {
        start(certificate("localhost"), ed25519); // connected to 127.0.0.1, but the principal is checked against the name
        Files.writeString(user, "@cert-authority " + line("*", ca.getPublic()));
        login("localhost").session().close(true);
        assertEquals(0, prompts.get(), "the CA vouches: no question asked");
    }

    @Test
    void aCertificateForAnotherNameIsJudgedByItsPlainKey() throws Exception {
        start(certificate("somewhere.else"), ed25519);
        Files.writeString(user, "@cert-authority " + line("*", ca.getPublic()));
        ssh.settings(ssh.settings().withHostKeys(HostKeyPrompt.REFUSE));
        HostException e = refused();
        assertTrue(e.getMessage().contains("unknown ssh-ed25519 host key " + KeyUtils.getFingerPrint(ed25519.getPublic())), e.getMessage());
    }
}
