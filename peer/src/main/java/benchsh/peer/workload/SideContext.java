package benchsh.peer.workload;

import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;

/** What a running side may use of its peer: the interval report channel, a private temp directory and its deadline. */
public interface SideContext {
    /** Streams one interval sample to the shell; its figures are of the side's role's sample type ({@link Role#sample}). */
    void interval(Interval<?> sample);

    /** A directory removed when the peer exits. */
    Path tempDir();

    /**
     * By when ({@link System#nanoTime()}) the side must have ended so that its report reaches the shell before the
     * shell gives the test up: the limit the shell sent with START, less the time a report needs to travel. No wait
     * of the side runs past it.
     */
    long deadlineNanos();

    /**
     * How long a wait on the partner may last by the timeout rule ({@link LinkedSide}): {@code wait} (the spec's
     * timeout), or less when the side's {@link #deadlineNanos} comes first; at least a millisecond (a zero would mean no
     * limit to a socket).
     */
    default Duration waitAtMost(Duration wait) {
        long left = deadlineNanos() - System.nanoTime();
        return Duration.ofNanos(Math.max(1_000_000L, Math.min(wait.toNanos(), left)));
    }

    /**
     * The instant ({@link System#nanoTime()}) the side was to begin at, when it was held for one (a GO named it): a side on
     * a schedule of its own (latency probes) counts from it, so that its figures line up with the sides that begin with
     * it also when it began late. Empty for a side started at once.
     */
    default OptionalLong scheduledNanos() {
        return OptionalLong.empty();
    }
}
