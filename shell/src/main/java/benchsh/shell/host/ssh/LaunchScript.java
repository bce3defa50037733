package benchsh.shell.host.ssh;

import benchsh.shell.host.CpuList;
import benchsh.shell.host.HostException;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The {@code /bin/sh} script that starts the peer so that what runs is exactly what was verified.
 * It opens the jar once (fd 3), hashes it by reading that descriptor, and runs
 * {@code java -jar /proc/self/fd/3} (or {@code /dev/fd/3}): that re-opens the same file, whatever
 * happened to its name in between. Where neither path exists, it copies the open file into a new
 * private directory ({@code mktemp -d}), hashes and runs the copy, and removes it when java exits.
 * A private upload directory (see {@link PeerUpload.Deployed#privateDirectory()}) is removed as soon
 * as the jar is open, so nothing stays behind. With a CPU list ({@code cpus:}) java runs under
 * {@code taskset -c LIST}, once taskset was found and accepted the list. A refusal is one
 * {@code benchsh: STEP: ...} line on stderr and exit status {@value #CANNOT_OPEN}, {@value #HASH_MISMATCH},
 * {@value #NO_PRIVATE_COPY}, {@value #NO_TASKSET} or {@value #CPUS_REFUSED} ({@link #refusal} reads it back).
 * One line without {@code !}, for any login shell ({@link RemoteCommand#sh}). Stateless.
 */
final class LaunchScript {
    static final int CANNOT_OPEN = 90;
    static final int HASH_MISMATCH = 91;
    static final int NO_PRIVATE_COPY = 92;
    static final int NO_TASKSET = 93;
    static final int CPUS_REFUSED = 94;
    private static final Set<Integer> REFUSALS = Set.of(CANNOT_OPEN, HASH_MISMATCH, NO_PRIVATE_COPY, NO_TASKSET, CPUS_REFUSED);
    /** Starts the line a refusal writes to stderr, followed by {@code STEP: why}. */
    private static final String REFUSAL_PREFIX = "benchsh: ";
    /** The step of a pinned start's refusals. */
    private static final String STEP = "start peer";
    /** Where a process finds its own fd 3 (Linux; macOS and BSD with fdescfs). */
    static final List<String> FD_PATHS = List.of("/proc/self/fd/3", "/dev/fd/3");

    private LaunchScript() {
    }

    /**
     * @param java the remote java command
     * @param jvmOptions options before {@code -jar}
     * @param d the deployed jar (its hash is checked when {@code d.sha256()} is set)
     * @param fdPaths where to look for fd 3, in order ({@link #FD_PATHS})
     * @param cpus the CPUs to run java on, a checked {@link CpuList}; null for anywhere
     */
    static String of(String java, String jvmOptions, PeerUpload.Deployed d, List<String> fdPaths, String cpus) {
        String q = (cpus == null ? "" : "taskset -c " + cpus + " ") + RemoteCommand.quote(java) + " " + jvmOptions
                + " -Dbenchsh.jar=\"$jar\" -jar";
        String hash = d.sha256() == null ? "" : d.hash().command;
        return Stream.of(
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
                cpus == null ? null : pinning(cpus),
                "if [ -n \"$run\" ]; then exec " + q + " \"$run\" --stdio; fi",
                q + " \"$copy/peer.jar\" --stdio 3<&-; rc=$?; rm -rf \"$copy\"; exit $rc").filter(Objects::nonNull).collect(Collectors.joining("; "));
    }

    /** Checks that taskset is there and that the kernel takes the list (a refusal otherwise). */
    private static String pinning(String cpus) {
        String giveUp = "[ -z \"$copy\" ] || rm -rf \"$copy\"; exit ";
        return "command -v taskset >/dev/null 2>&1 || { echo \"" + REFUSAL_PREFIX + STEP + ": " + CpuList.needsTaskset(cpus, "the host")
                + "\" >&2; " + giveUp + NO_TASKSET + "; }; "
                + "said=$(taskset -c " + cpus + " true 2>&1) || { "
                + "allowed=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status 2>/dev/null); "
                + "echo \"" + REFUSAL_PREFIX + STEP + ": " + CpuList.refused(cpus, "$said", null) + "${allowed:+" + CpuList.MAY_RUN_ON
                + "$allowed}\" >&2; " + giveUp + CPUS_REFUSED + "; }";
    }

    /**
     * The refusal a launch that ended with {@code exit} wrote, as the error it stands for; null when
     * {@code exit} is not one of this script's refusals or no refusal line is in {@code stderrTail}.
     *
     * @param stderrTail the launch's last stderr lines, joined with {@code " | "}
     */
    static HostException refusal(String host, Integer exit, String stderrTail) {
        if (exit == null || !REFUSALS.contains(exit)) {
            return null;
        }
        String[] lines = stderrTail.split(" \\| ");
        for (int i = lines.length - 1; i >= 0; i--) {
            String l = lines[i].strip();
            int colon = l.indexOf(": ", REFUSAL_PREFIX.length());
            if (l.startsWith(REFUSAL_PREFIX) && colon > 0) {
                return new HostException(host, l.substring(REFUSAL_PREFIX.length(), colon), l.substring(colon + 2));
            }
        }
        return null;
    }
}
