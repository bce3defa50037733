package benchsh.shell.host.shellpeer;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a host without a peer has to run a test's side with, as {@link ToolProbe} found it once: its commands, how
 * its {@code nc} listens and ends a connection, which of {@code dd}'s flags it takes, and what else the scripts need.
 * Immutable.
 *
 * @param busybox          busybox's first line ({@code BusyBox v1.35.0 (…) multi-call binary.}) where there is one, else null
 * @param commands         the commands of {@link #PROBED} its shell finds on {@code PATH}
 * @param ncListen         how its {@code nc} listens on a port: {@code -l -p} (busybox, traditional) or {@code -l}
 *                         (OpenBSD); null when it could not be made to listen
 * @param ncClose          what its {@code nc} needs to end the connection at the end of its input: empty (busybox shuts
 *                         the connection's sending half down by itself), {@code -N} (OpenBSD) or {@code -q 0}
 *                         (traditional)
 * @param ddFlags          the flags of {@link #DD_FLAGS} its {@code dd} takes
 * @param ddCountsBytes    whether its {@code dd} prints the bytes it copied (GNU's "N bytes … copied"); busybox's prints
 *                         only records
 * @param fractionalSleep  whether its {@code sleep} takes fractions of a second
 * @param dropsCaches      whether the login user may drop the page cache ({@code /proc/sys/vm/drop_caches} writable)
 */
public record Tools(String busybox, Set<String> commands, String ncListen, String ncClose, Set<String> ddFlags, boolean ddCountsBytes,
                    boolean fractionalSleep, boolean dropsCaches) {
    /** The commands the probe looks for. */
    static final List<String> PROBED = List.of("nc", "dd", "tar", "cp", "od", "grep", "find", "ls", "rm", "mkdir", "wc", "kill", "sleep", "cat",
            "printf");
    /** The dd flags the probe tries. */
    static final List<String> DD_FLAGS = List.of("conv=fdatasync", "conv=fsync", "oflag=direct", "iflag=direct", "oflag=dsync");
    /** What every side's script needs besides the tools of its workload. */
    static final List<String> ALWAYS = List.of("cat", "kill", "sleep", "ls", "rm");

    public Tools {
        commands = Set.copyOf(commands);
        ddFlags = Set.copyOf(ddFlags);
    }

    public boolean has(String command) {
        return commands.contains(command);
    }

    /** Whether its dd takes {@code flag}, e.g. {@code conv=fdatasync}. */
    public boolean dd(String flag) {
        return ddFlags.contains(flag);
    }

    /** The sync dd does at the end of a write: conv=fdatasync, else conv=fsync (busybox), else null. */
    public String ddSync() {
        return dd("conv=fdatasync") ? "fdatasync" : dd("conv=fsync") ? "fsync" : null;
    }

    /** What the host's tools are, for a row: {@code BusyBox v1.35.0}, or {@code sh} for tools of no busybox. */
    public String label() {
        if (busybox == null) {
            return "sh";
        }
        String[] w = busybox.split("\\s+");
        return w.length > 1 && w[0].equals("BusyBox") ? w[0] + " " + w[1] : "BusyBox";
    }

    /**
     * Why {@code host} cannot run a side that needs {@code needed} (and {@link #ALWAYS}), in words: "dut has no nc or od on
     * its PATH: pipe to or from a host without a peer needs them there"; null when it has them all.
     *
     * @param purpose what needs them, e.g. "pipe to or from a host without a peer"
     */
    public String lacking(String host, String purpose, List<String> needed) {
        List<String> missing = new ArrayList<>();
        for (String c : needed) {
            if (!has(c) && !missing.contains(c)) {
                missing.add(c);
            }
        }
        for (String c : ALWAYS) {
            if (!has(c) && !missing.contains(c)) {
                missing.add(c);
            }
        }
        if (missing.isEmpty()) {
            return null;
        }
        String list = missing.size() == 1 ? missing.get(0)
                : String.join(", ", missing.subList(0, missing.size() - 1)) + " or " + missing.get(missing.size() - 1);
        return host + " has no " + list + " on its PATH: " + purpose + " needs " + (missing.size() == 1 ? "it" : "them") + " there";
    }
}
