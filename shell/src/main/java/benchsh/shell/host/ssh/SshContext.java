package benchsh.shell.host.ssh;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apache.sshd.client.ClientBuilder;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;
import org.apache.sshd.common.keyprovider.KeyIdentityProvider;
import org.apache.sshd.core.CoreModuleProperties;

/**
 * The session's SSH machinery: the settings in force, the ssh config, and one Apache SSHD client
 * (started on first use, with keepalives that want replies, our host key check, jump hosts over
 * channels instead of local ports, and no hidden identities: {@link SshLogin} offers exactly the
 * keys it lists in errors, plus the ssh-agent's when {@link SshSettings#agent()} is set).
 * Thread-safe.
 */
public final class SshContext implements AutoCloseable {
    /** The keepalive request OpenSSH's client sends; servers answer unknown requests with a failure, which counts as a reply. */
    static final String KEEPALIVE = "keepalive@openssh.com";
    private final Consumer<String> notes;
    private final Set<String> noted = ConcurrentHashMap.newKeySet();
    private volatile SshSettings settings;
    private volatile SshConfig config;
    private SshClient client;

    /** Notes (e.g. an unusable ssh-agent) go to stderr. */
    public SshContext(SshSettings settings) {
        this(settings, line -> System.err.println("benchsh: note: " + line));
    }

    /** @param notes receives each distinct one-line note once */
    public SshContext(SshSettings settings, Consumer<String> notes) {
        this.notes = notes;
        settings(settings);
    }

    public SshSettings settings() {
        return settings;
    }

    /** Tells the user a one-line note (e.g. a long upload starting), once per distinct text. */
    public void note(String line) {
        if (noted.add(line)) {
            notes.accept(line);
        }
    }

    /** Replaces the settings (e.g. the REPL installs its prompts); affects later connections. */
    public synchronized void settings(SshSettings s) {
        this.settings = s;
        this.config = new SshConfig(s);
        if (client != null) {
            timeouts(client, s);
            agent(client, s);
        }
    }

    private void agent(SshClient c, SshSettings s) {
        c.setAgentFactory(s.agent() == null ? null : new AgentFactory(s.agent(), this::note));
    }

    public SshConfig config() {
        return config;
    }

    /** The started client. */
    public synchronized SshClient client() {
        if (client == null) {
            SshClient c = ClientBuilder.builder().factory(BenchshClient::new).build();
            c.setServerKeyVerifier(HostKeyCheck.dispatcher());
            c.addSessionListener(HostKeyCheck.preparer());
            // a certificate that fails its checks (e.g. its principals) is judged by its plain key, as OpenSSH does
            CoreModuleProperties.ABORT_ON_INVALID_CERTIFICATE.set(c, false);
            c.setHostConfigEntryResolver(HostConfigEntryResolver.EMPTY); // SshConfig resolved the target already
            c.setKeyIdentityProvider(KeyIdentityProvider.EMPTY_KEYS_PROVIDER);
            timeouts(c, settings);
            agent(c, settings);
            c.start();
            client = c;
        }
        return client;
    }

    private static void timeouts(SshClient c, SshSettings s) {
        // keepalives want a reply (as OpenSSH's ServerAliveInterval): a server gone silent without a FIN closes the session
        CoreModuleProperties.HEARTBEAT_INTERVAL.set(c, s.heartbeat());
        CoreModuleProperties.HEARTBEAT_REQUEST.set(c, KEEPALIVE);
        CoreModuleProperties.HEARTBEAT_NO_REPLY_MAX.set(c, SshSettings.UNANSWERED_KEEPALIVES);
        // control messages and SFTP requests are small: without this, Nagle and delayed ACKs add ~40 ms to many of them
        CoreModuleProperties.TCP_NODELAY.set(c, true);
        CoreModuleProperties.IO_CONNECT_TIMEOUT.set(c, s.connectTimeout());
        // SshLogin bounds the login itself; the library's own limit only catches what slips through
        CoreModuleProperties.AUTH_TIMEOUT.set(c, s.authTimeout().plusSeconds(10));
    }

    @Override
    public synchronized void close() {
        if (client != null) {
            try {
                client.stop();
            } catch (RuntimeException e) {
                // closing anyway
            }
            client = null;
        }
    }
}
