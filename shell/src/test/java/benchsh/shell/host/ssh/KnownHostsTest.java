package benchsh.shell.host.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.apache.sshd.certificate.OpenSshCertificateBuilder;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.OpenSshCertificate;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * known_hosts as OpenSSH writes and reads them, on crafted files: the user's and a system-wide
 * file, plain, {@code [host]:port}, hashed and wildcard entries, keys of another type,
 * {@code @revoked} and {@code @cert-authority} lines, and lines to skip.
 */
class KnownHostsTest {
    private static final List<String> H1 = List.of("h1.example.com", "10.0.0.1");
    private static KeyPair ed25519;
    private static KeyPair ecdsa;
    private static KeyPair other;
    private static KeyPair ca;
    @TempDir
    Path tmp;

    @BeforeAll
    static void keys() throws Exception {
        ed25519 = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        ecdsa = KeyUtils.generateKeyPair("ecdsa-sha2-nistp256", 256);
        other = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        ca = KeyUtils.generateKeyPair("ssh-ed25519", 256);
    }

    private static String line(String hosts, PublicKey key) throws Exception {
        StringBuilder sb = new StringBuilder(hosts).append(' ');
        PublicKeyEntry.appendPublicKeyEntry(sb, key);
        return sb.toString();
    }

    private Path file(String name, String... lines) throws Exception {
        return Files.writeString(tmp.resolve(name), String.join("\n", lines) + "\n");
    }

    private static OpenSshCertificate certificate(KeyPair host, KeyPair signer, String principal) throws Exception {
        return OpenSshCertificateBuilder.hostCertificate().publicKey(host.getPublic()).id("h1").principals(List.of(principal))
                .validAfter(Instant.now().minusSeconds(3600)).validBefore(Instant.now().plusSeconds(3600)).sign(signer);
    }

    @Test
    void aKeyListedForTheHostMatchesWithItsLine() throws Exception {
        Path user = file("user", "# comment", "", line("h0,h2", other.getPublic()), line("h1.example.com", ed25519.getPublic()));
        KnownHosts.Verdict v = new KnownHosts(user).check(H1, 22, ed25519.getPublic());
        assertEquals(KnownHosts.Kind.MATCH, v.kind());
        assertEquals(user + " line 4", v.where());
    }

    @Test
    void anotherKeyOfTheSameTypeIsAChange() throws Exception {
        Path user = file("user", line("10.0.0.1", other.getPublic()));
        KnownHosts.Verdict v = new KnownHosts(user).check(H1, 22, ed25519.getPublic());
        assertEquals(KnownHosts.Kind.CHANGED, v.kind());
        assertEquals(1, v.line());
        assertEquals("ssh-ed25519", v.knownType());
    }

    @Test
    void aKnownKeyOfAnotherTypeIsAPossibleChangeNotAnUnknownHost() throws Exception {
        Path user = file("user", line("h1.example.com", ecdsa.getPublic()));
        KnownHosts.Verdict v = new KnownHosts(user).check(H1, 22, ed25519.getPublic());
        assertEquals(KnownHosts.Kind.CHANGED, v.kind());
        assertEquals("ecdsa-sha2-nistp256", v.knownType());
    }

    @Test
    void portsAreToldApart() throws Exception {
        Path user = file("user", line("[h1.example.com]:2222", other.getPublic()));
        assertEquals(KnownHosts.Kind.UNKNOWN, new KnownHosts(user).check(H1, 22, ed25519.getPublic()).kind());
        assertEquals(KnownHosts.Kind.CHANGED, new KnownHosts(user).check(H1, 2222, ed25519.getPublic()).kind());
    }

    @Test
    void hashedAndWildcardEntriesMatch() throws Exception {
        byte[] salt = "0123456789abcdefghij".getBytes(StandardCharsets.US_ASCII);
        Mac mac = Mac.getInstance("HmacSHA1");
        mac.init(new SecretKeySpec(salt, "HmacSHA1"));
        String hashed = "|1|" + Base64.getEncoder().encodeToString(salt) + "|"
                + Base64.getEncoder().encodeToString(mac.doFinal("h1.example.com".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(KnownHosts.Kind.MATCH, new KnownHosts(file("hashed", line(hashed, ed25519.getPublic()))).check(H1, 22,
                ed25519.getPublic()).kind());
        assertEquals(KnownHosts.Kind.MATCH, new KnownHosts(file("wild", line("*.example.com", ed25519.getPublic()))).check(H1, 22,
                ed25519.getPublic()).kind());
    }

    @Test
    void theSystemFileVouchesToo() throws Exception {
        Path user = tmp.resolve("missing-user-file");
        Path system = file("ssh_known_hosts", line("h1.example.com", ed25519.getPublic()));
        KnownHosts.Verdict v = new KnownHosts(user, List.of(system, tmp.resolve("missing-system-file"))).check(H1, 22, ed25519.getPublic());
        assertEquals(KnownHosts.Kind.MATCH, v.kind());
        assertEquals(system, v.file());
    }

    @Test
    void aMatchAnywhereWinsOverAnOldKeyElsewhere() throws Exception {
        Path user = file("user", line("h1.example.com", other.getPublic()));
        Path system = file("system", line("h1.example.com", ed25519.getPublic()));
        assertEquals(KnownHosts.Kind.MATCH, new KnownHosts(user, List.of(system)).check(H1, 22, ed25519.getPublic()).kind());
    }

    @Test
    void aRevokedKeyIsRefusedEvenWhenAlsoListed() throws Exception {
        Path user = file("user", line("h1.example.com", ed25519.getPublic()));
        Path system = file("system", line("@revoked *", ed25519.getPublic()));
        KnownHosts.Verdict v = new KnownHosts(user, List.of(system)).check(H1, 22, ed25519.getPublic());
        assertEquals(KnownHosts.Kind.REVOKED, v.kind());
        assertEquals(system + " line 1", v.where());
    }

    @Test
    void aWildcardCoversEveryPortAsInOpenSsh() throws Exception {
        Path user = file("user", line("@revoked *", ed25519.getPublic()));
        assertEquals(KnownHosts.Kind.REVOKED, new KnownHosts(user).check(H1, 2222, ed25519.getPublic()).kind());
        Path plain = file("plain", line("h1.example.com", ed25519.getPublic()));
        assertEquals(KnownHosts.Kind.UNKNOWN, new KnownHosts(plain).check(H1, 2222, ed25519.getPublic()).kind(), "a plain name is port 22's");
    }

    @Test
    void aHostCertificateSignedByATrustedCaMatches() throws Exception {
        Path user = file("user", line("@cert-authority *.example.com", ca.getPublic()));
        KnownHosts.Verdict v = new KnownHosts(user).check(H1, 22, certificate(ed25519, ca, "h1.example.com"));
        assertEquals(KnownHosts.Kind.MATCH, v.kind());
        assertEquals(1, v.line());
    }

    @Test
    void aCaLineForOtherHostsDoesNotVouchAndTheCertificateIsJudgedByItsKey() throws Exception {
        Path user = file("user", line("@cert-authority *.other.org", ca.getPublic()));
        assertEquals(KnownHosts.Kind.UNKNOWN, new KnownHosts(user).check(H1, 22, certificate(ed25519, ca, "h1.example.com")).kind());
        Path listed = file("listed", line("@cert-authority *.other.org", ca.getPublic()), line("h1.example.com", ed25519.getPublic()));
        assertEquals(KnownHosts.Kind.MATCH, new KnownHosts(listed).check(H1, 22, certificate(ed25519, ca, "h1.example.com")).kind());
    }

    @Test
    void aCertificateFromAnotherCaIsNotTrusted() throws Exception {
        Path user = file("user", line("@cert-authority *.example.com", ca.getPublic()));
        assertEquals(KnownHosts.Kind.UNKNOWN, new KnownHosts(user).check(H1, 22, certificate(ed25519, other, "h1.example.com")).kind());
    }

    @Test
    void aRevokedCaIsRefused() throws Exception {
        Path user = file("user", line("@cert-authority *.example.com", ca.getPublic()), line("@revoked *", ca.getPublic()));
        assertEquals(KnownHosts.Kind.REVOKED, new KnownHosts(user).check(H1, 22, certificate(ed25519, ca, "h1.example.com")).kind());
    }

    @Test
    void unknownMarkersAndGarbageAreSkipped() throws Exception {
        Path user = file("user", line("@bogus h1.example.com", other.getPublic()), "h1.example.com ssh-ed25519 not-base64!",
                "only-a-host", line("h1.example.com", ed25519.getPublic()));
        KnownHosts.Verdict v = new KnownHosts(user).check(H1, 22, ed25519.getPublic());
        assertEquals(KnownHosts.Kind.MATCH, v.kind());
        assertEquals(4, v.line());
    }

    @Test
    void knownTellsTheTypesAndWhetherACaVouches() throws Exception {
        Path user = file("user", line("h1.example.com", ecdsa.getPublic()), line("@revoked *", other.getPublic()),
                line("@cert-authority *.example.com", ca.getPublic()), line("h2", ed25519.getPublic()));
        KnownHosts.Known k = new KnownHosts(user).known(H1, 22);
        assertEquals(Set.of("ecdsa-sha2-nistp256"), k.keyTypes());
        assertTrue(k.certificateAuthority());
        assertFalse(new KnownHosts(user).known(List.of("h2"), 22).certificateAuthority());
    }

    @Test
    void newKeysGoToTheUserFileOnly() throws Exception {
        Path user = tmp.resolve("dir/user");
        Path system = file("system", line("h0", other.getPublic()));
        String before = Files.readString(system);
        new KnownHosts(user, List.of(system)).append(KnownHosts.entryName("h1.example.com", 2222), ed25519.getPublic());
        assertTrue(Files.readString(user).startsWith("[h1.example.com]:2222 ssh-ed25519 "), Files.readString(user));
        assertEquals(before, Files.readString(system));
    }
}
