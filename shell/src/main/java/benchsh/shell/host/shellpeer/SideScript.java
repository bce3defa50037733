package benchsh.shell.host.shellpeer;

import benchsh.shell.host.ssh.RemoteCommand;
import java.util.HexFormat;

/**
 * The POSIX {@code sh} program that runs one side of a test on a host without a peer, as one line for {@code eval}:
 * a job's three parts ({@link ShellJob}: what it prepares, its body, what it cleans up) inside the frame every such
 * side shares.
 *
 * <p>The frame: the channel's input becomes fd 3 (its end is the stop); SIGPIPE and SIGHUP are ignored, so a lost
 * session cannot kill the script before its clean-up. The body runs in the background, watched by two watchers: one
 * that waits for the end of fd 3 ({@code stopped}) and one that sleeps until the side's deadline ({@code deadline});
 * either stops the body's whole tree ({@code z}: each process is stopped with SIGSTOP before its children are read
 * from {@code /proc/PID/stat}, so none can fork unseen, then all are killed, children before their parent: the
 * frame's {@code wait} returns when the body's shell dies and then ends the watcher, which must have killed the
 * rest by then, or they would stay stopped; {@code c} does that to every child of the
 * shell that calls it, for a body that gives up). The clean-up runs whatever ended the
 * body, with its exit status in {@code $c}. Everything the script and its tools print goes through {@code s}, which
 * passes frame lines (those that start with the token) and frames the rest as {@code say}. Frames: {@code step NAME},
 * {@code ready PORT}, {@code mark NAME UPTIME} with {@code cpu NAME …} lines of /proc/stat and the shell's
 * {@code times} between {@code times NAME} and {@code /times NAME}, {@code exit TOOL STATUS}, {@code val KEY VALUE},
 * {@code fail WHAT}, {@code rc STATUS}, {@code stopped}, {@code deadline}, {@code end}. Stateless.
 */
final class SideScript {
    /** {@code l PORT}: whether a socket listens on the port (a LISTEN line of /proc/net/tcp or tcp6; grep is fast where a shell loop is not). */
    static final String LISTENING = "l() { grep -q \":$(printf %04X \"$1\") [0-9A-F]*:[0-9A-F]* 0A \" /proc/net/tcp /proc/net/tcp6 2>/dev/null; }";
    /** What the token of a side's frames starts with. */
    static final String TOKEN_PREFIX = "@benchsh-";

    /** The functions every side has: {@code s}, {@code k}/{@code z}, {@code m} and {@code l}. */
    private static final String FUNCTIONS = "s() { while IFS= read -r l; do case $l in \"$T \"*) echo \"$l\";; *) echo \"$T say $l\";; esac; done; }; "
            + "k() { kill -STOP \"$1\" 2>/dev/null || return 0; K=\"$1 $K\"; i=0; while [ $i -lt 500 ]; do "
            + "{ read -r p x y r <\"/proc/$1/stat\"; } 2>/dev/null || break; case $y in T|t|Z|X) break;; esac; i=$((i+1)); done; "
            + "for f in /proc/[0-9]*/stat; do { read -r p x y q r <\"$f\"; } 2>/dev/null && [ \"$q\" = \"$1\" ] && k \"$p\"; done; return 0; }; "
            + "z() { K=; k \"$1\"; [ -z \"$K\" ] || kill -KILL $K 2>/dev/null; }; "
            + "c() { read -r o r </proc/self/stat; for f in /proc/[0-9]*/stat; do { read -r p x y q r <\"$f\"; } 2>/dev/null && [ \"$q\" = \"$o\" ] && z \"$p\"; done; }; "
            + "m() { read -r u r </proc/uptime; echo \"$T mark $1 $u\"; while IFS= read -r l; do case $l in cpu*) echo \"$T cpu $1 $l\";; *) break;; "
            + "esac; done </proc/stat; echo \"$T times $1\"; times; echo \"$T /times $1\"; }; "
            + LISTENING;

    private SideScript() {
    }

    /** A command that is true when something on the host uses {@code port} (as a local or remote port in /proc/net/tcp). */
    static String inUse(String port) {
        return "grep -q \":$(printf %04X " + port + ") \" /proc/net/tcp /proc/net/tcp6 2>/dev/null";
    }

    /**
     * The whole program.
     *
     * @param deadlineSeconds when the body is stopped if nothing else ended it
     */
    static String text(String token, ShellJob job, long deadlineSeconds) {
        String text = "T=" + token + "; trap '' PIPE HUP; exec 3<&0 </dev/null; " + FUNCTIONS + "; "
                + "{ if { " + job.prepare() + "; }; then ( " + job.body() + " ) & B=$!; "
                + "( read _ <&3; echo \"$T stopped\"; z $B ) & W=$!; "
                + "( sleep " + Math.max(1, deadlineSeconds) + " & w=$!; trap 'kill $w; exit 0' TERM; wait $w; echo \"$T deadline\"; z $B ) & Z=$!; "
                + "wait $B; c=$?; echo \"$T rc $c\"; kill $W $Z 2>/dev/null; else c=1; fi; " + job.cleanup() + "; echo \"$T end\"; } 4>&1 2>&1 | s";
        if (text.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("a side's script is one line");
        }
        return text;
    }

    /** A path or word quoted for sh. */
    static String q(String word) {
        return RemoteCommand.quote(word);
    }

    /** A printf format that prints the test's token, byte by byte (octal escapes). */
    static String printfToken(byte[] token) {
        StringBuilder sb = new StringBuilder("printf '");
        for (byte b : token) {
            sb.append('\\').append(String.format("%03o", b & 0xff));
        }
        return sb.append('\'').toString();
    }

    /** The token as od prints it ({@code od -An -v -tx1}), its bytes in lower-case hex separated by single spaces. */
    static String odToken(byte[] token) {
        StringBuilder sb = new StringBuilder();
        for (byte b : token) {
            sb.append(sb.isEmpty() ? "" : " ").append(HexFormat.of().toHexDigits(b));
        }
        return sb.toString();
    }
}
