package benchsh.shell.host.ssh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.sshd.client.config.hosts.ConfigFileHostEntryResolver;
import org.apache.sshd.client.config.hosts.HostConfigEntry;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;

/**
 * Turns what the user wrote ({@code host 'h1', key: ...}) into an {@link SshTarget} by applying the
 * ssh config (HostName, User, Port, IdentityFile, UserKnownHostsFile, GlobalKnownHostsFile, ProxyJump). Options given in
 * the shell win over the config. Each jump host is resolved through the config too (its own
 * ProxyJump is not followed: the chain is the list as written). Thread-safe.
 */
public final class SshConfig {
    /** Between the files of a list option: blanks as written, commas as Apache SSHD joins repeated values. */
    private static final String LIST = "[\\s,]+";
    private final HostConfigEntryResolver resolver;
    private final SshSettings settings;

    public SshConfig(SshSettings settings) {
        this.settings = settings;
        this.resolver = settings.config() == null ? HostConfigEntryResolver.EMPTY : new ConfigFileHostEntryResolver(settings.config());
    }

    /**
     * @param key a private key file ({@code key:}), or null
     * @param java the remote java ({@code java:}), or null for {@code java}
     * @param dir the remote work directory ({@code dir:}), or null for {@link SshTarget#DEFAULT_DIR}
     * @param knownHosts a known_hosts file ({@code known_hosts:}), or null for the config's or the default
     */
    public SshTarget resolve(String name, SshSpec spec, Path key, String java, String dir, Path knownHosts) throws IOException {
        return resolve(name, spec, key, java, dir, knownHosts, null);
    }

    /**
     * @param jump jump hosts ({@code jump:}, ProxyJump syntax {@code [user@]host[:port][,...]}), {@code none} for
     *             a direct connection, or null for the config's ProxyJump
     * @throws IllegalArgumentException if a jump host is not of the form {@code [user@]host[:port]}
     */
    public SshTarget resolve(String name, SshSpec spec, Path key, String java, String dir, Path knownHosts, String jump)
            throws IOException {
        HostConfigEntry e = resolver.resolveEffectiveHost(spec.host(), spec.port(), null, spec.user(), null, null);
        String hostName = e != null && notBlank(e.getHostName()) ? e.getHostName() : spec.host();
        String user = spec.user() != null ? spec.user()
                : e != null && notBlank(e.getUsername()) ? e.getUsername() : System.getProperty("user.name");
        int port = spec.port() > 0 ? spec.port() : e != null && e.getPort() > 0 ? e.getPort() : 22;
        List<Path> identities = new ArrayList<>();
        if (key != null) {
            identities.add(expand(key.toString()));
        }
        if (e != null && e.getIdentities() != null) {
            e.getIdentities().forEach(i -> identities.add(expand(i)));
        }
        if (identities.isEmpty() && settings.defaultKeys()) {
            Path ssh = Path.of(System.getProperty("user.home"), ".ssh");
            for (String f : List.of("id_ed25519", "id_ecdsa", "id_rsa")) {
                if (Files.isRegularFile(ssh.resolve(f))) {
                    identities.add(ssh.resolve(f));
                }
            }
        }
        String chain = jump != null ? jump : e == null ? null : e.getProxyJump();
        List<SshTarget> jumps = new ArrayList<>();
        if (notBlank(chain) && !"none".equalsIgnoreCase(chain.strip())) {
            for (String hop : chain.split(",")) {
                String h = hop.strip().startsWith("ssh://") ? hop.strip().substring(6) : hop.strip();
                jumps.add(resolve(h, SshSpec.parse(h), null, null, null, null, "none"));
            }
        }
        Path kh = knownHosts;
        if (kh == null && e != null && notBlank(e.getProperty("UserKnownHostsFile"))) {
            kh = expand(e.getProperty("UserKnownHostsFile").strip().split(LIST)[0]);
        }
        if (kh == null) {
            kh = settings.knownHosts();
        }
        List<Path> global = settings.globalKnownHosts();
        if (e != null && notBlank(e.getProperty("GlobalKnownHostsFile"))) {
            global = Arrays.stream(e.getProperty("GlobalKnownHostsFile").strip().split(LIST)).map(SshConfig::expand).toList();
        }
        return new SshTarget(name, user, hostName, port, identities, jumps, kh, java == null ? "java" : java,
                dir == null ? SshTarget.DEFAULT_DIR : dir, global);
    }

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }

    /** Expands a leading {@code ~/} to the home directory. */
    static Path expand(String p) {
        String s = p.strip();
        if (s.equals("~") || s.startsWith("~/")) {
            return Path.of(System.getProperty("user.home") + s.substring(1));
        }
        return Path.of(s);
    }
}
