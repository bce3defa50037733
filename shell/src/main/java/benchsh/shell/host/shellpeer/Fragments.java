package benchsh.shell.host.shellpeer;

import static benchsh.shell.host.shellpeer.SideScript.q;

import benchsh.peer.protocol.ErrorKind;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The pieces of sh the jobs share: creating a new file or directory the way the peer does (never over anything that
 * exists, O_EXCL through {@code set -C}) and removing it afterwards only while it is still the one created (its inode),
 * listening with {@code nc} on a free port until {@code /proc/net/tcp} shows it, checking the test's token, and the
 * words of a failure. Stateless.
 */
final class Fragments {
    /** How long a listener may take to show in /proc/net/tcp, in polls of a tenth of a second (or whole seconds). */
    private static final int LISTEN_POLLS = 50;
    /** What a shell puts before its own complaints: "/bin/sh: 1: ", "sh: eval: line 0: ". */
    private static final String SHELL_PREFIX = "^\\S*sh: (?:\\d+: )?(?:eval: )?(?:line \\d+: )?";

    private Fragments() {
    }

    /** Prepares a new file {@code path} (its inode in {@code $I}); false, with a {@code fail} frame, when it cannot. */
    static String createFile(String path) {
        return "echo \"$T step create\"; if [ -e " + q(path) + " ] || [ -h " + q(path) + " ]; then echo \"$T fail exists\"; false; "
                + "elif (set -C; : >" + q(path) + "); then set -- $(ls -di " + q(path) + "); I=$1; true; else echo \"$T fail create\"; false; fi";
    }

    /** Prepares a new directory {@code path} (its inode in {@code $I}); false, with a {@code fail} frame, when it cannot. */
    static String createDir(String path) {
        return "echo \"$T step create\"; if [ -e " + q(path) + " ] || [ -h " + q(path) + " ]; then echo \"$T fail exists\"; false; "
                + "elif mkdir " + q(path) + "; then set -- $(ls -di " + q(path) + "); I=$1; true; else echo \"$T fail create\"; false; fi";
    }

    /**
     * Removes what {@link #createFile} or {@link #createDir} made, while it is still that (same inode): always when the
     * body failed ({@code $c}), and unless {@code keep} when it did not; says {@code val removed yes} or {@code no}.
     */
    static String removeCreated(String path, boolean keep) {
        return "if [ -n \"$I\" ] && { [ \"$c\" -ne 0 ] || " + (keep ? "false" : "true") + "; }; then set -- $(ls -di " + q(path) + " 2>/dev/null); "
                + "if [ \"$1\" = \"$I\" ] && rm -rf " + q(path) + "; then echo \"$T val removed yes\"; else echo \"$T val removed no\"; fi; fi";
    }

    /**
     * Says what a tree (or a file) at {@code path} holds: {@code val files}, {@code val bytes} (of the files) and {@code val
     * dirs} (the root included), with find and ls, outside any measured span.
     */
    static String count(String path) {
        String p = q(path);
        return "find " + p + " -type f -exec ls -ln {} + 2>/dev/null | { f=0; b=0; while read -r a x y z s r; do f=$((f+1)); b=$((b+s)); done; "
                + "echo \"$T val files $f\"; echo \"$T val bytes $b\"; }; set -- $(find " + p + " -type d 2>/dev/null | wc -l); echo \"$T val dirs $1\"";
    }

    /** Drops the page cache where the login user may ({@code val cache dropped}), else says {@code val cache warm}. */
    static String cold(Tools tools) {
        return tools.dropsCaches() ? "if sync && echo 3 >/proc/sys/vm/drop_caches; then echo \"$T val cache dropped\"; else echo \"$T val cache warm\"; fi"
                : "echo \"$T val cache warm\"";
    }

    /** Says the size of a file in bytes: {@code val KEY N}. */
    static String size(String key, String path) {
        return "set -- $(ls -ln " + q(path) + " 2>/dev/null); echo \"$T val " + key + " $5\"";
    }

    /**
     * A listener's body: takes the first free one of {@code ports}, runs {@code nc} listening there (its input the
     * channel's, so it never ends its sending half early) into {@code consumer} in the background, says {@code ready
     * PORT} once /proc/net/tcp shows it listening (or fails, stopping what it started), then waits for the pipeline.
     */
    static String listen(Tools tools, List<Integer> ports, String consumer) {
        String candidates = ports.stream().map(String::valueOf).collect(Collectors.joining(" "));
        String sleep = tools.fractionalSleep() ? "0.1" : "1";
        int polls = tools.fractionalSleep() ? LISTEN_POLLS : LISTEN_POLLS / 10;
        return "echo \"$T step listen\"; P=; for p in " + candidates + "; do if " + SideScript.inUse("$p") + "; then :; else P=$p; break; fi; done; "
                + "if [ -z \"$P\" ]; then echo \"$T fail port\"; exit 1; fi; echo \"$T val port $P\"; "
                + "{ nc " + tools.ncListen() + " $P <&3 2>&4; echo \"$T exit nc $?\" >&4; } | " + consumer + " & N=$!; "
                + "i=0; until l $P || [ $i -ge " + polls + " ]; do kill -0 $N 2>/dev/null || break; sleep " + sleep + "; i=$((i+1)); done; "
                + "if l $P; then echo \"$T ready $P\"; else echo \"$T fail listen\"; c; exit 1; fi; wait $N; wait";
    }

    /** The start of a listener's consumer: reads the test's token (16 bytes) and ends with a {@code fail token} frame when it is not the token. */
    static String token(byte[] token) {
        return "set -- $(dd bs=" + token.length + " count=1 2>/dev/null | od -An -v -tx1); [ \"$*\" = \"" + SideScript.odToken(token)
                + "\" ] || { echo \"$T fail token\"; exit 1; }";
    }

    /**
     * Why the side failed, from its {@code fail} frames and the first tool that failed; null when neither. {@code exists},
     * {@code create}, {@code port} and {@code listen} are refusals; a tool's failure is I/O.
     *
     * @param path  what {@code exists} and {@code create} name
     * @param order the tools whose failure explains most, first (nc before the dd that fed it)
     */
    static ShellJob.Ended failure(String host, String tools, Said said, String path, List<String> order) {
        List<String> fails = said.fails();
        String told = told(said);
        String where = host + ": " + (said.step() == null ? "" : said.step() + " ") + "(" + tools + "): ";
        if (!fails.isEmpty()) {
            String f = fails.get(0);
            String port = said.value("port");
            String text = switch (f) {
                case "exists" -> path + " exists; benchsh never overwrites or reads through what it did not create: choose a new path";
                case "create" -> told.isEmpty() ? "cannot create " + path + ": is its directory there and writable?" : told.substring(2);
                case "port" -> "no free port to listen on among those tried";
                case "listen" -> "nc did not listen on port " + port + told + "; its nc must listen (nc -l -p PORT or nc -l PORT)";
                case "token" -> "a connection to port " + port + " did not present the test's token; nothing it sent was kept";
                default -> f + told;
            };
            ErrorKind kind = List.of("exists", "create", "port", "listen").contains(f) ? ErrorKind.REFUSED : ErrorKind.IO;
            return new ShellJob.Ended(null, where + text, kind);
        }
        for (String tool : order) {
            Integer status = said.exit(tool);
            if (status != null && status != 0) {
                return new ShellJob.Ended(null, where + tool + " exited with status " + status + told, ErrorKind.IO);
            }
        }
        Said.Exit other = said.firstFailure();
        return other == null ? null : new ShellJob.Ended(null, where + other.tool() + " exited with status " + other.status() + told, ErrorKind.IO);
    }

    /** What the tools said, without dd's record counts and the shell's own prefix ("sh: eval: line 1: "): ": dd: error writing …". */
    private static String told(Said said) {
        String s = said.says().stream().filter(l -> !DdCount.isCount(l)).map(l -> l.replaceFirst(SHELL_PREFIX, "")).collect(Collectors.joining("; "));
        return s.isEmpty() ? "" : ": " + s;
    }
}
