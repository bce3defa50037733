package benchsh.shell.host.ssh;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.file.Files;
import java.security.PublicKey;
import java.util.Comparator;
import java.util.List;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.OpenSshCertificate;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionListener;
import org.apache.sshd.common.signature.Signature;
import org.apache.sshd.common.util.net.SshdSocketAddress;

/**
 * Verifies one connection's host key against its known_hosts files (Apache SSHD's default would
 * accept any key). Unknown keys go to the {@link HostKeyPrompt}; a host that has a known key and
 * offers another one, of the same or another type, is refused as a possible key change, and so
 * are revoked keys, whatever the prompt. As OpenSSH does, the connection asks the host for the key
 * types already known for it first, so a host with several keys is not mistaken for a changed
 * one, and host certificates are checked against the host name ({@link BenchshClient}). The reason for
 * a refusal is kept for the error message. Thread-safe.
 */
public final class HostKeyCheck implements ServerKeyVerifier {
    /** Where a session's check travels: the connection context of {@code SshClient.connect}. */
    public static final AttributeRepository.AttributeKey<HostKeyCheck> KEY = new AttributeRepository.AttributeKey<>();

    private final KnownHosts knownHosts;
    private final List<String> names;
    private final int port;
    private final HostKeyPrompt prompt;
    private volatile String refusal;

    /**
     * @param names the names the key may be filed under (the host name first, then its address)
     */
    public HostKeyCheck(KnownHosts knownHosts, List<String> names, int port, HostKeyPrompt prompt) {
        this.knownHosts = knownHosts;
        this.names = List.copyOf(names);
        this.port = port;
        this.prompt = prompt;
    }

    /** Why the key was refused, or null. */
    public String refusal() {
        return refusal;
    }

    @Override
    public boolean verifyServerKey(ClientSession session, SocketAddress remote, PublicKey key) {
        PublicKey plain = key instanceof OpenSshCertificate c ? c.getCertPubKey() : key;
        String type = KeyUtils.getKeyType(plain);
        String fingerprint = KeyUtils.getFingerPrint(plain);
        try {
            KnownHosts.Verdict v = knownHosts.check(names, port, key);
            switch (v.kind()) {
                case MATCH:
                    return true;
                case CHANGED:
                    refusal = changed(v, type, fingerprint);
                    return false;
                case REVOKED:
                    refusal = "the host key " + fingerprint + (key instanceof OpenSshCertificate ? " (or the CA that signed its certificate)" : "")
                            + " is marked @revoked in " + v.where() + "; the host must not be trusted with it";
                    return false;
                default:
                    break;
            }
            String entry = KnownHosts.entryName(names.get(0), port);
            if (prompt.acceptNewKey(entry, type, fingerprint, knownHosts.file())) {
                knownHosts.append(entry, plain);
                return true;
            }
            refusal = "unknown " + type + " host key " + fingerprint + certificateNote(key) + " (not in " + String.join(" or ",
                    knownHosts.files().stream().filter(f -> f.equals(knownHosts.file()) || Files.exists(f)).map(Object::toString).toList())
                    + "); check the fingerprint, then accept it in the shell, "
                    + "run with --accept-new-host-keys, or add it with: ssh-keyscan -p " + port + " " + names.get(0) + " >> "
                    + knownHosts.file();
            return false;
        } catch (IOException | RuntimeException e) {
            refusal = "cannot check the host key against " + knownHosts.files() + ": " + e.getMessage();
            return false;
        }
    }

    private String changed(KnownHosts.Verdict v, String type, String fingerprint) {
        String fix = "; if the host's keys were replaced, remove that line (ssh-keygen -R " + KnownHosts.entryName(names.get(0), port)
                + " -f " + v.file() + "), otherwise someone may be intercepting the connection";
        if (type.equals(v.knownType())) {
            return "the " + type + " host key CHANGED (now " + fingerprint + ") and does not match " + v.where() + fix;
        }
        return "POSSIBLE HOST KEY CHANGE: the host offers a " + type + " key (" + fingerprint + ") although " + v.where()
                + " holds its " + v.knownType() + " key, which was asked for first" + fix;
    }

    private static String certificateNote(PublicKey key) {
        if (key instanceof OpenSshCertificate c) {
            return " (in a certificate signed by CA " + KeyUtils.getFingerPrint(c.getCaPubKey())
                    + ", which no @cert-authority line trusts for this host)";
        }
        return "";
    }

    /**
     * Before the key exchange: puts the host key algorithms of the types the files know for this
     * host first (certificate ones when a {@code @cert-authority} line covers it), keeping the
     * library's order otherwise.
     */
    void prepare(ClientSession session) throws IOException {
        KnownHosts.Known known = knownHosts.known(names, port);
        List<NamedFactory<Signature>> algorithms = session.getSignatureFactories();
        if (algorithms != null && (known.certificateAuthority() || !known.keyTypes().isEmpty())) {
            session.setSignatureFactories(algorithms.stream().sorted(Comparator.comparingInt(a -> rank(a.getName(), known))).toList());
        }
    }

    /** The host as named (not the address it was reached at): host certificates must name it among their principals. */
    SshdSocketAddress hostAddress() {
        return new SshdSocketAddress(names.get(0), port);
    }

    private static int rank(String algorithm, KnownHosts.Known known) {
        boolean certificate = KeyUtils.isCertificateAlgorithm(algorithm);
        if (certificate) {
            return known.certificateAuthority() ? 0 : 2;
        }
        return known.keyTypes().contains(KeyUtils.getCanonicalKeyType(algorithm)) ? 1 : 2;
    }

    private static HostKeyCheck of(Session session) {
        AttributeRepository context = session instanceof ClientSession c ? c.getConnectionContext() : null;
        return context == null ? null : context.getAttribute(KEY);
    }

    /** The client-wide verifier: delegates to the check in the session's connection context. */
    static ServerKeyVerifier dispatcher() {
        return (session, remote, key) -> {
            HostKeyCheck check = of(session);
            return check != null && check.verifyServerKey(session, remote, key);
        };
    }

    /** The client-wide listener that {@linkplain #prepare prepares} each new session with its check. */
    static SessionListener preparer() {
        return new SessionListener() {
            @Override
            public void sessionCreated(Session session) {
                HostKeyCheck check = of(session);
                if (check == null) {
                    return;
                }
                try {
                    check.prepare((ClientSession) session);
                } catch (IOException | RuntimeException e) {
                    check.refusal = "cannot read " + check.knownHosts.files() + ": " + e.getMessage();
                    session.close(true);
                }
            }
        };
    }
}
