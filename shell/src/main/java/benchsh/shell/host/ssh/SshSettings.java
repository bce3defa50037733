package benchsh.shell.host.ssh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

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
 * @param heartbeat how often a keepalive that wants a reply goes to each server; after
 *                  {@value #UNANSWERED_KEEPALIVES} unanswered in a row the session is closed, so a server
 *                  that went silent is noticed within {@code (1 + }{@value #UNANSWERED_KEEPALIVES}{@code ) x heartbeat}
 * @param parallel how many hosts connect at once
 * @param agent the ssh-agent's socket ({@code $SSH_AUTH_SOCK}), or null for no agent
 * @param globalKnownHosts system-wide known_hosts files, read after the user's (the config's
 *                         GlobalKnownHostsFile replaces them for its hosts)
 * @param deployRuntime run every host's peer on benchsh's runtime, also where it has Java 22+ ({@code benchsh --deploy-runtime}),
 *                      unless the host says {@code runtime: false} or {@code java:}
 */
public record SshSettings(Path config, Path knownHosts, boolean defaultKeys, Duration connectTimeout, Duration authTimeout,
                          Duration heartbeat, int parallel, HostKeyPrompt hostKeys, SecretPrompt secrets, Path agent,
                          List<Path> globalKnownHosts, boolean deployRuntime) {
    public static final String CONFIG_ENV = "BENCHSH_SSH_CONFIG";
    public static final String AGENT_ENV = "SSH_AUTH_SOCK";
    /** OpenSSH's GlobalKnownHostsFile default. */
    public static final List<Path> SYSTEM_KNOWN_HOSTS = List.of(Path.of("/etc/ssh/ssh_known_hosts"), Path.of("/etc/ssh/ssh_known_hosts2"));
    /** Keepalives that may go unanswered in a row before the session is closed. */
    public static final int UNANSWERED_KEEPALIVES = 3;

    public SshSettings {
        globalKnownHosts = List.copyOf(globalKnownHosts);
    }

    /** Settings that upload no runtime. */
    public SshSettings(Path config, Path knownHosts, boolean defaultKeys, Duration connectTimeout, Duration authTimeout,
                       Duration heartbeat, int parallel, HostKeyPrompt hostKeys, SecretPrompt secrets, Path agent,
                       List<Path> globalKnownHosts) {
        this(config, knownHosts, defaultKeys, connectTimeout, authTimeout, heartbeat, parallel, hostKeys, secrets, agent, globalKnownHosts,
                false);
    }

    /** Settings without an ssh-agent, reading the system-wide known_hosts files. */
    public SshSettings(Path config, Path knownHosts, boolean defaultKeys, Duration connectTimeout, Duration authTimeout,
                       Duration heartbeat, int parallel, HostKeyPrompt hostKeys, SecretPrompt secrets) {
        this(config, knownHosts, defaultKeys, connectTimeout, authTimeout, heartbeat, parallel, hostKeys, secrets, null);
    }

    /** Settings reading the system-wide known_hosts files. */
    public SshSettings(Path config, Path knownHosts, boolean defaultKeys, Duration connectTimeout, Duration authTimeout,
                       Duration heartbeat, int parallel, HostKeyPrompt hostKeys, SecretPrompt secrets, Path agent) {
        this(config, knownHosts, defaultKeys, connectTimeout, authTimeout, heartbeat, parallel, hostKeys, secrets, agent,
                SYSTEM_KNOWN_HOSTS);
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
        return new SshSettings(config, knownHosts, defaultKeys, connectTimeout, authTimeout, heartbeat, parallel, p, secrets, agent,
                globalKnownHosts, deployRuntime);
    }

    public SshSettings withSecrets(SecretPrompt p) {
        return new SshSettings(config, knownHosts, defaultKeys, connectTimeout, authTimeout, heartbeat, parallel, hostKeys, p, agent,
                globalKnownHosts, deployRuntime);
    }

    /** @param socket the ssh-agent's socket, or null for none */
    public SshSettings withAgent(Path socket) {
        return new SshSettings(config, knownHosts, defaultKeys, connectTimeout, authTimeout, heartbeat, parallel, hostKeys, secrets, socket,
                globalKnownHosts, deployRuntime);
    }

    /** @param interval the keepalive interval (see {@link #heartbeat()}) */
    public SshSettings withHeartbeat(Duration interval) {
        return new SshSettings(config, knownHosts, defaultKeys, connectTimeout, authTimeout, interval, parallel, hostKeys, secrets, agent,
                globalKnownHosts, deployRuntime);
    }

    /** @param files the system-wide known_hosts files (empty for none) */
    public SshSettings withGlobalKnownHosts(List<Path> files) {
        return new SshSettings(config, knownHosts, defaultKeys, connectTimeout, authTimeout, heartbeat, parallel, hostKeys, secrets, agent,
                files, deployRuntime);
    }

    /** @param upload whether every host's peer runs on benchsh's runtime ({@code --deploy-runtime}) */
    public SshSettings withDeployRuntime(boolean upload) {
        return new SshSettings(config, knownHosts, defaultKeys, connectTimeout, authTimeout, heartbeat, parallel, hostKeys, secrets, agent,
                globalKnownHosts, upload);
    }
}
