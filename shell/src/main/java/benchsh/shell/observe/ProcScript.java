package benchsh.shell.observe;

import java.time.Duration;
import java.util.Locale;

/**
 * The POSIX shell loop that watches a host without a peer, as one line for {@code eval}: it reads
 * {@code /proc/uptime}, {@code /proc/stat}, {@code /proc/net/dev}, {@code /proc/net/softnet_stat} and, when
 * {@code tc -s qdisc show} prints statistics there, that too, with {@code cat}; once at the start and then
 * every interval, until its standard input ends (the shell stops the watch, or the SSH channel closes) or
 * after {@code samples} readings; then it takes one last reading and exits. A {@code sleep} that takes no
 * fractions (some busyboxes) is probed: the loop then sleeps whole seconds. It uses only {@code sh},
 * {@code cat}, {@code sleep}, {@code kill} and {@code tc} if there; it writes no file, and the {@code sleep}
 * it waits on is killed with it, so nothing of it outlives the watch.
 *
 * <p>Every reading is framed by lines that start with a random token ({@link ProcFrames} reads them):
 * {@code TOKEN begin N}, {@code TOKEN file NAME} before each file's text, {@code TOKEN end N}; the last
 * reading is numbered {@code last}. {@code TOKEN interval S} says the sleep it chose. Immutable.
 *
 * @param token    starts every frame line; no file's text can start with it
 * @param interval between readings
 * @param max      the longest the loop runs if its input never ends
 */
public record ProcScript(String token, Duration interval, Duration max) {
    /** The shortest interval the loop sleeps: each reading forks a few {@code cat}s. */
    static final Duration SHORTEST = Duration.ofMillis(100);

    public ProcScript {
        if (!token.matches("[A-Za-z0-9@_-]{8,64}")) {
            throw new IllegalArgumentException("a frame token is 8 to 64 letters, digits, @, _ or -: " + token);
        }
        interval = interval.compareTo(SHORTEST) < 0 ? SHORTEST : interval;
    }

    /** The script, one line. */
    public String text() {
        double seconds = interval.toNanos() / 1e9;
        long whole = Math.max(1, (long) Math.ceil(seconds));
        String file = "echo \"$T file %s\"; cat %s 2>/dev/null; ";
        return "T=" + token + "; "
                + "r() { echo \"$T begin $1\"; "
                + String.format(Locale.ROOT, file, "uptime", "/proc/uptime")
                + String.format(Locale.ROOT, file, "stat", "/proc/stat")
                + String.format(Locale.ROOT, file, "dev", "/proc/net/dev")
                + String.format(Locale.ROOT, file, "softnet", "/proc/net/softnet_stat")
                + "if [ -n \"$Q\" ]; then echo \"$T file qdisc\"; tc -s qdisc show 2>/dev/null; fi; "
                + "echo \"$T end $1\"; }; "
                + "Q=; case \"$(tc -s qdisc show 2>/dev/null)\" in *dropped*) Q=1;; esac; "
                + String.format(Locale.ROOT, "if sleep 0.01 2>/dev/null; then I=%.3f; N=%d; else I=%d; N=%d; fi; ", seconds,
                        count(seconds), whole, count(whole))
                + "echo \"$T interval $I\"; "
                + "exec 3<&0 </dev/null; "
                + "( trap 'kill $w 2>/dev/null; exit 0' TERM; i=0; while [ $i -lt $N ]; do r $i; i=$((i+1)); sleep $I & w=$!; wait $w; done ) & L=$!; "
                + "( read _ <&3; kill $L 2>/dev/null ) & W=$!; "
                + "wait $L; kill $W 2>/dev/null; r last";
    }

    /** Readings in the longest run: one at the start and one per interval of {@code max}. */
    private long count(double intervalSeconds) {
        return Math.min(1_000_000, (long) Math.ceil(max.toNanos() / 1e9 / intervalSeconds) + 1);
    }
}
