package benchsh.shell.host.ssh;

import benchsh.shell.host.CpuList;
import java.nio.file.Path;
import java.util.List;

/**
 * Where and how to log in to one host, after {@code ~/.ssh/config} was applied. Holds no secret.
 *
 * @param name the host's name in the session (the spec as written, e.g. {@code h1} or {@code me@pc1})
 * @param hostName the name or address to connect to (HostName)
 * @param port the SSH port
 * @param identities private key files to offer, in order (IdentityFile, {@code key:})
 * @param jumps the jump hosts to go through, first hop first (ProxyJump, {@code jump:}); empty for a direct connection
 * @param knownHosts the user's known_hosts file: vouches for the host key, and new keys go there
 * @param java the remote java command ({@code java:}, default {@code java})
 * @param dir the remote work directory ({@code dir:}), absolute or relative to the login directory
 * @param globalKnownHosts system-wide known_hosts files that vouch too (read only)
 * @param runtime which Java runs the peer: benchsh's runtime where the host's is older than 22 (the default), always
 *                ({@code runtime: true}) or never ({@code runtime: false}, {@code java:}); see {@link RuntimeDecision}
 * @param cpus the CPUs the peer runs on, a {@link CpuList} ({@code cpus:}, checked: {@link IllegalArgumentException} when
 *             it is not a list); null or blank for anywhere
 * @param peer what runs the host's test sides ({@code peer:}): benchsh's Java peer, the host's own tools, or the
 *             peer where it can start and the tools where the host has no Java for it (the default)
 */
public record SshTarget(String name, String user, String hostName, int port, List<Path> identities, List<SshTarget> jumps,
                        Path knownHosts, String java, String dir, List<Path> globalKnownHosts, RuntimeUse runtime, String cpus,
                        PeerChoice peer) {
    public static final String DEFAULT_DIR = ".cache/benchsh";

    /** Whether a host's peer runs on benchsh's own runtime. */
    public enum RuntimeUse {
        /** Where the host's Java is older than 22 or missing (the default). */
        DEFAULT,
        /** Whatever Java the host has ({@code runtime: true}); its Java, if any, only where the runtime cannot run. */
        ALWAYS,
        /** Never: the host's Java 17+ runs it ({@code runtime: false}, or a {@code java:} given). */
        NEVER
    }

    /** What runs a host's test sides. */
    public enum PeerChoice {
        /** benchsh's Java peer; the host's own tools where its peer cannot start for want of Java (the default). */
        AUTO,
        /** benchsh's Java peer, always ({@code peer: 'java'}): a host without Java fails as it is. */
        JAVA,
        /** The host's own tools (sh, dd, nc, tar), never a JVM ({@code peer: 'shell'}). */
        SHELL
    }

    public SshTarget {
        identities = List.copyOf(identities);
        jumps = jumps == null ? List.of() : List.copyOf(jumps);
        globalKnownHosts = List.copyOf(globalKnownHosts);
        cpus = CpuList.check(cpus);
        runtime = runtime == null ? RuntimeUse.DEFAULT : runtime;
        peer = peer == null ? PeerChoice.AUTO : peer;
    }

    /** A target whose peer runs on the host's Java ({@link RuntimeUse#NEVER}), on any CPU. */
    public SshTarget(String name, String user, String hostName, int port, List<Path> identities, List<SshTarget> jumps,
                     Path knownHosts, String java, String dir, List<Path> globalKnownHosts) {
        this(name, user, hostName, port, identities, jumps, knownHosts, java, dir, globalKnownHosts, RuntimeUse.NEVER, null, null);
    }

    /** A target whose system-wide known_hosts files are OpenSSH's defaults ({@link SshSettings#SYSTEM_KNOWN_HOSTS}). */
    public SshTarget(String name, String user, String hostName, int port, List<Path> identities, List<SshTarget> jumps,
                     Path knownHosts, String java, String dir) {
        this(name, user, hostName, port, identities, jumps, knownHosts, java, dir, SshSettings.SYSTEM_KNOWN_HOSTS);
    }

    /** This target, with its peer run on benchsh's runtime as {@code use} says. */
    public SshTarget withRuntime(RuntimeUse use) {
        return new SshTarget(name, user, hostName, port, identities, jumps, knownHosts, java, dir, globalKnownHosts, use, cpus, peer);
    }

    /** This target, with its peer run on {@code list} (a {@link CpuList}), or anywhere for null. */
    public SshTarget withCpus(String list) {
        return new SshTarget(name, user, hostName, port, identities, jumps, knownHosts, java, dir, globalKnownHosts, runtime, list, peer);
    }

    /** This target, with its test sides run as {@code choice} says. */
    public SshTarget withPeer(PeerChoice choice) {
        return new SshTarget(name, user, hostName, port, identities, jumps, knownHosts, java, dir, globalKnownHosts, runtime, cpus, choice);
    }

    /** Every known_hosts file that vouches for this host's key, the user's first. */
    public KnownHosts knownHostsFiles() {
        return new KnownHosts(knownHosts, globalKnownHosts);
    }

    /** The jump hosts' names, first hop first ({@code h1} or {@code h1, h0}); empty when direct. */
    public String via() {
        return String.join(", ", jumps.stream().map(SshTarget::name).toList());
    }

    /** {@code user@hostName:port}, for messages. */
    public String where() {
        return user + "@" + hostName + (port == 22 ? "" : ":" + port);
    }
}
