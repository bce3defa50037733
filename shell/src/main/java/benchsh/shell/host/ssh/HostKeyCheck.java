package benchsh.shell.host.ssh;

import java.io.IOException;
import java.net.SocketAddress;
import java.security.PublicKey;
import java.util.List;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.config.keys.KeyUtils;

/**
 * Verifies one connection's host key against its known_hosts file (Apache SSHD's default would
 * accept any key). Unknown keys go to the {@link HostKeyPrompt}; changed or revoked keys are
 * refused. The reason for a refusal is kept for the error message. Thread-safe.
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
        String type = KeyUtils.getKeyType(key);
        String fingerprint = KeyUtils.getFingerPrint(key);
        try {
            KnownHosts.Verdict v = knownHosts.check(names, port, key);
            switch (v.kind()) {
                case MATCH:
                    return true;
                case CHANGED:
                    refusal = "the " + type + " host key CHANGED (now " + fingerprint + ") and does not match "
                            + knownHosts.file() + " line " + v.line() + "; if the host was reinstalled, remove that line, "
                            + "otherwise someone may be intercepting the connection";
                    return false;
                case REVOKED:
                    refusal = "the host key " + fingerprint + " is marked @revoked in " + knownHosts.file() + " line " + v.line();
                    return false;
                default:
                    break;
            }
            String entry = KnownHosts.entryName(names.get(0), port);
            if (prompt.acceptNewKey(entry, type, fingerprint, knownHosts.file())) {
                knownHosts.append(entry, key);
                return true;
            }
            refusal = "unknown " + type + " host key " + fingerprint + " (not in " + knownHosts.file() + "); check the fingerprint, "
                    + "then accept it in the shell, run with --accept-new-host-keys, or add it with: ssh-keyscan -p " + port + " "
                    + names.get(0) + " >> " + knownHosts.file();
            return false;
        } catch (IOException | RuntimeException e) {
            refusal = "cannot check the host key against " + knownHosts.file() + ": " + e.getMessage();
            return false;
        }
    }

    /** The client-wide verifier: delegates to the check in the session's connection context. */
    static ServerKeyVerifier dispatcher() {
        return (session, remote, key) -> {
            AttributeRepository context = session.getConnectionContext();
            HostKeyCheck check = context == null ? null : context.getAttribute(KEY);
            return check != null && check.verifyServerKey(session, remote, key);
        };
    }
}
