package benchsh.shell.host.ssh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Session-wide SSH settings. Immutable; {@link #fromEnvironment()} reads
 * {@code $BENCHSH_SSH_CONFIG} (an ssh config used instead of {@code ~/.ssh/config}, e.g. the
 * testbed's).
 *
 * @param config the ssh config file, or null for none
 * @param knownHosts the known_hosts file used when the config names none
 * @param defaultKeys offer {@code ~/.ssh/id_ed25519}, {@code id_ecdsa} and {@code id_rsa} when no key is configured
 * @param connectTimeout TCP connect plus SSH version exchange
 * @param authTimeout key exchange plus login
 * @param heartbeat keepalive interval on idle sessions
 * @param parallel how many hosts connect at once
 */
public record SshSettings(Path config, Path knownHosts, boolean defaultKeys, Duration connectTimeout, Duration authTimeout,
                          Duration heartbeat, int parallel, HostKeyPrompt hostKeys, SecretPrompt secrets) {
    public static final String CONFIG_ENV = "BENCHSH_SSH_CONFIG";

    public static SshSettings fromEnvironment() {
        Path home = Path.of(System.getProperty("user.home"), ".ssh");
        String env = System.getenv(CONFIG_ENV);
        Path config = env != null && !env.isBlank() ? Path.of(env) : home.resolve("config");
        return new SshSettings(Files.exists(config) ? config : null, home.resolve("known_hosts"), true, Duration.ofSeconds(10),
                Duration.ofSeconds(30), Duration.ofSeconds(15), 8, HostKeyPrompt.REFUSE, SecretPrompt.NONE);
    }

    public SshSettings withHostKeys(HostKeyPrompt p) {
        return new SshSettings(config, knownHosts, defaultKeys, connectTimeout, authTimeout, heartbeat, parallel, p, secrets);
    }

    public SshSettings withSecrets(SecretPrompt p) {
        return new SshSettings(config, knownHosts, defaultKeys, connectTimeout, authTimeout, heartbeat, parallel, hostKeys, p);
    }

    public SshSettings withConnectTimeout(Duration d) {
        return new SshSettings(config, knownHosts, defaultKeys, d, authTimeout, heartbeat, parallel, hostKeys, secrets);
    }
}
