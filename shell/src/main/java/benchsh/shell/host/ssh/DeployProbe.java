package benchsh.shell.host.ssh;

import benchsh.shell.host.HostException;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.sshd.client.session.ClientSession;

/**
 * What deploying the peer needs to know about a host, asked in one POSIX shell command: the login
 * user's uid (who must own the peer directory), a SHA-256 tool that works there (tried in order:
 * {@code sha256sum}, {@code shasum -a 256}, {@code openssl dgst -sha256 -r}, {@code busybox sha256sum};
 * each must hash the empty input right to count) and its {@link Platform} ({@code uname -s},
 * {@code uname -m}, and the C library: glibc if {@code getconf GNU_LIBC_VERSION} names it, musl if
 * its loader {@code /lib/ld-musl-*} exists, glibc of an unknown version if a {@code ld-linux} loader
 * exists, else none: a host of static binaries only, such as a busybox router), which decides whether a
 * Java runtime built here can run there. Immutable.
 *
 * @param uid the login user's numeric uid
 * @param hash the SHA-256 tool to use, or null when the host has none
 * @param platform OS, CPU and C library (parts the host did not tell are empty)
 */
public record DeployProbe(int uid, HashTool hash, Platform platform) {
    static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** SHA-256 of no bytes: a tool must print this for empty input. */
    static final String EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

    /** A SHA-256 command line and how it is run; its output starts with the hex digest. */
    public enum HashTool {
        SHA256SUM("sha256sum"), SHASUM("shasum -a 256"), OPENSSL("openssl dgst -sha256 -r"), BUSYBOX("busybox sha256sum");

        /** The command, reading standard input. */
        public final String command;

        HashTool(String command) {
            this.command = command;
        }
    }

    /** The probe (a /bin/sh script): one {@code key=value} line each for uid, the first working hash tool (if any), OS, CPU and libc. */
    static String script() {
        StringBuilder sb = new StringBuilder("echo \"uid=$(id -u)\"; for t in");
        for (HashTool t : HashTool.values()) {
            sb.append(' ').append(RemoteCommand.quote(t.command));
        }
        return sb.append("; do set -- $(printf '' | $t 2>/dev/null); if [ \"${1:-}\" = ").append(EMPTY_SHA256)
                .append(" ]; then echo \"hash=$t\"; break; fi; done; ")
                .append("echo \"os=$(uname -s 2>/dev/null)\"; echo \"arch=$(uname -m 2>/dev/null)\"; ")
                .append("l=$(getconf GNU_LIBC_VERSION 2>/dev/null) || l=; ")
                .append("if [ -z \"$l\" ]; then for f in /lib/ld-musl-*; do if [ -e \"$f\" ]; then l=musl; fi; break; done; fi; ")
                .append("if [ -z \"$l\" ]; then l=none; for f in /lib/ld-linux* /lib64/ld-linux* /lib/*/ld-linux*; do ")
                .append("if [ -e \"$f\" ]; then l=glibc; break; fi; done; fi; ")
                .append("echo \"libc=$l\"").toString();
    }

    /** Runs the probe on the host ("deploy peer" step). */
    public static DeployProbe run(ClientSession session, String host) throws HostException {
        RemoteCommand.Outcome o;
        try {
            o = RemoteCommand.run(session, RemoteCommand.sh(script()), TIMEOUT);
        } catch (IOException e) {
            throw new HostException(host, "deploy peer", "could not run 'id -u' to learn the login user's uid: " + e.getMessage());
        }
        return parse(host, o.stdout());
    }

    /** Reads the probe's output; only a tool from {@link HashTool} is ever accepted. */
    static DeployProbe parse(String host, String output) throws HostException {
        Map<String, String> said = new HashMap<>();
        for (String line : output.strip().split("\\R")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                said.putIfAbsent(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
            }
        }
        int uid;
        try {
            uid = Integer.parseInt(said.getOrDefault("uid", ""));
        } catch (NumberFormatException e) {
            String first = output.strip().split("\\R")[0].strip();
            throw new HostException(host, "deploy peer", "'id -u' printed '" + (said.containsKey("uid") ? said.get("uid") : first)
                    + "', not a uid; is the login shell POSIX-like (sh, bash, ksh, zsh)?");
        }
        HashTool tool = Arrays.stream(HashTool.values()).filter(t -> t.command.equals(said.get("hash"))).findFirst().orElse(null);
        return new DeployProbe(uid, tool, Platform.of(said.get("os"), said.get("arch"), said.get("libc")));
    }

    /** The SHA-256 of a file on the host, in lower-case hex, or null if it cannot be read. */
    String sha256(ClientSession session, String path) {
        try {
            RemoteCommand.Outcome o = RemoteCommand.run(session, hash.command + " < " + RemoteCommand.quote(path), TIMEOUT);
            return o.exit() == 0 ? digest(o.stdout()) : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** The first word of a tool's output (all of them print the digest first), lower case. */
    static String digest(String output) {
        String[] words = output.strip().split("\\s+");
        return words[0].toLowerCase(java.util.Locale.ROOT);
    }
}
