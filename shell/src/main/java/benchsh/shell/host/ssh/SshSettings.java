package benchsh.shell.host.ssh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Session-wide SSH settings. Immutable; {@link #fromEnvironment()} reads
 * {@code $BENCHSH_SSH_CONFIG} (an ssh config used instead of {@code ~/.ssh/config}, e.g. the
 * testbed's) and {@code $SSH_AUTH_SOCK} (the ssh-agent).
 *
 * @param config the ssh config file, or null for none
 * @param knownHosts the known_hosts file used when the config names none
 * @param defaultKeys offer {@code ~/.ssh/id_ed25519}, {@code id_ecdsa} and {@code id_rsa} when no key is configured
 * @param connectTimeout TCP connect plus SSH version exchange
 * @param authTimeout key exchange plus login
 * @param heartbeat keepalive interval on idle sessions
 * @param parallel how many hosts connect at once
 * @param agent the ssh-agent's socket ({@code $SSH_AUTH_SOCK}), or null for no agent
 */
public record SshSettings(Path config, Path knownHosts, boolean defaultKeys, Duration connectTimeout, Duration authTimeout,
                          Duration heartbeat, int parallel, HostKeyPrompt hostKeys, SecretPrompt secrets, Path agent) {
    public static final String CONFIG_ENV = "BENCHSH_SSH_CONFIG";
    public static final String AGENT_ENV = "SSH_AUTH_SOCK";

    /** Settings without an ssh-agent. */
    public SshSettings(Path config, Path knownHosts, boolean defaultKeys, Duration connectTimeout, Duration authTimeout,
                       Duration heartbeat, int parallel, HostKeyPrompt hostKeys, SecretPrompt secrets) {
        this(config, knownHosts, defaultKeys, connectTimeout, authTimeout, heartbeat, parallel, hostKeys, secrets, null);
    }

    public static SshSettings fromEnvironment() {
        Path home = Path.of(System.getProperty("user.home"), ".ssh");
        String env = System.getenv(CONFIG_ENV);
        Path config = env != null && !env.isBlank() ? Path.of(env) : home.resolve("config");
        String sock = System.getenv(AGENT_ENV);
        return new SshSettings(Files.exists(config) ? config : null, home.resolve("known_hosts"), true, Duration.ofSeconds(10),
                Duration.ofSeconds(30), Duration.ofSeconds(15), 8, HostKeyPrompt.REFUSE, SecretPrompt.NONE,
                sock == null || sock.isBlank() ? null : Path.of(sock));
    }

    public SshSettings withHostKeys(HostKeyPrompt p) {
        return new SshSettings(config, knownHosts, defaultKeys, connectTimeout, authTimeout, heartbeat, parallel, p, secrets, agent);
    }

    public SshSettings withSecrets(SecretPrompt p) {
        return new SshSettings(config, knownHosts, defaultKeys, connectTimeout, authTimeout, heartbeat, parallel, hostKeys, p, agent);
    }

    /** @param socket the ssh-agent's socket, or null for none */
    public SshSettings withAgent(Path socket) {
        return new SshSettings(config, knownHosts, defaultKeys, connectTimeout, authTimeout, heartbeat, parallel, hostKeys, secrets, socket);
    }

    public SshSettings withConnectTimeout(Duration d) {
        return new SshSettings(config, knownHosts, defaultKeys, d, authTimeout, heartbeat, parallel, hostKeys, secrets, agent);
    }
}
