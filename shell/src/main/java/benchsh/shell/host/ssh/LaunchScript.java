package benchsh.shell.host.ssh;

import java.util.List;

/**
 * The {@code /bin/sh} script that starts the peer so that what runs is exactly what was verified.
 * It opens the jar once (fd 3), hashes it by reading that descriptor, and runs
 * {@code java -jar /proc/self/fd/3} (or {@code /dev/fd/3}): that re-opens the same file, whatever
 * happened to its name in between. Where neither path exists, it copies the open file into a new
 * private directory ({@code mktemp -d}), hashes and runs the copy, and removes it when java exits.
 * A private upload directory (see {@link PeerUpload.Deployed#privateDirectory()}) is removed as soon
 * as the jar is open, so nothing stays behind. A refusal is one {@code benchsh: deploy peer: ...}
 * line on stderr and exit status {@value #CANNOT_OPEN}, {@value #HASH_MISMATCH} or
 * {@value #NO_PRIVATE_COPY}. One line without {@code !}, for any login shell ({@link RemoteCommand#sh}).
 * Stateless.
 */
final class LaunchScript {
    static final int CANNOT_OPEN = 90;
    static final int HASH_MISMATCH = 91;
    static final int NO_PRIVATE_COPY = 92;
    /** Where a process finds its own fd 3 (Linux; macOS and BSD with fdescfs). */
    static final List<String> FD_PATHS = List.of("/proc/self/fd/3", "/dev/fd/3");

    private LaunchScript() {
    }

    /**
     * @param java the remote java command
     * @param jvmOptions options before {@code -jar}
     * @param d the deployed jar (its hash is checked when {@code d.sha256()} is set)
     * @param fdPaths where to look for fd 3, in order ({@link #FD_PATHS})
     */
    static String of(String java, String jvmOptions, PeerUpload.Deployed d, List<String> fdPaths) {
        String q = RemoteCommand.quote(java) + " " + jvmOptions + " -Dbenchsh.jar=\"$jar\" -jar";
        String hash = d.sha256() == null ? "" : d.hash().command;
        return String.join("; ", List.of(
                "jar=" + RemoteCommand.quote(d.path()) + "; want=" + RemoteCommand.quote(d.sha256() == null ? "" : d.sha256())
                        + "; priv=" + RemoteCommand.quote(d.privateDirectory() == null ? "" : d.privateDirectory()),
                "command exec 3<\"$jar\" || { echo \"benchsh: deploy peer: cannot open $jar\" >&2; exit " + CANNOT_OPEN + "; }",
                "run=; copy=",
                "for f in " + String.join(" ", fdPaths.stream().map(RemoteCommand::quote).toList())
                        + "; do if [ -r \"$f\" ]; then run=$f; break; fi; done",
                // no way to run the open file itself: run a private copy made from it
                "if [ -z \"$run\" ]; then copy=$(umask 077 && mktemp -d) && cat <&3 >\"$copy/peer.jar\" && command exec 3<\"$copy/peer.jar\" || "
                        + "{ echo \"benchsh: deploy peer: cannot make a private copy of $jar to run\" >&2; [ -z \"$copy\" ] || rm -rf \"$copy\"; "
                        + "exit " + NO_PRIVATE_COPY + "; }; fi",
                "if [ -n \"$want\" ]; then set -- $(" + hash + " <&3); if [ \"${1:-}\" = \"$want\" ]; then :; else "
                        + "echo \"benchsh: deploy peer: refusing to run $jar: its SHA-256 is ${1:-unknown}, not $want "
                        + "(it changed after it was checked)\" >&2; [ -z \"$copy\" ] || rm -rf \"$copy\"; exit " + HASH_MISMATCH + "; fi; fi",
                "[ -z \"$priv\" ] || rm -rf \"$priv\"",
                "if [ -n \"$run\" ]; then exec " + q + " \"$run\" --stdio; fi",
                q + " \"$copy/peer.jar\" --stdio 3<&-; rc=$?; rm -rf \"$copy\"; exit $rc"));
    }
}
