package benchsh.shell.host.ssh;

import java.nio.file.Path;

/**
 * Decides about a host key that is not in known_hosts yet. The REPL asks the user; batch mode
 * refuses unless started with {@code --accept-new-host-keys}. Called from SSH I/O threads, so
 * implementations must be thread-safe and return within a bounded time.
 */
@FunctionalInterface
public interface HostKeyPrompt {
    /** Refuses every unknown key (the batch default). */
    HostKeyPrompt REFUSE = (host, keyType, fingerprint, file) -> false;
    /** Accepts and records every unknown key ({@code --accept-new-host-keys}). */
    HostKeyPrompt ACCEPT = (host, keyType, fingerprint, file) -> true;

    /**
     * @param host the host as written in known_hosts, e.g. {@code h1} or {@code [h1]:2222}
     * @param fingerprint e.g. {@code SHA256:3bX...}
     * @param file the known_hosts file the key will be appended to when accepted
     * @return true to trust the key and append it to {@code file}
     */
    boolean acceptNewKey(String host, String keyType, String fingerprint, Path file);
}
