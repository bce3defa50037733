package benchsh.peer.observe;

import benchsh.peer.fs.Commands;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Runs {@code tc -s qdisc show} on this host for the observe workload's qdisc drops ({@link QdiscStats}). The
 * first run decides: a host without tc, or whose tc prints no statistics, is not asked again. Each run is
 * bounded by {@link #TIMEOUT}. Not thread-safe: one watch uses one.
 */
final class TcQdiscs {
    static final Duration TIMEOUT = Duration.ofSeconds(2);
    /** Enough for a few hundred qdiscs. */
    private static final int MAX_CHARS = 1 << 20;

    private final String tc;
    private boolean useful = true;

    private TcQdiscs(String tc) {
        this.tc = tc;
    }

    /** The host's tc, where iproute2 puts it; none when it has none. */
    static TcQdiscs ofThisHost() {
        Path tc = Commands.find("tc");
        return new TcQdiscs(tc == null ? null : tc.toString());
    }

    /** A reader that never runs anything (tests, hosts without tc). */
    static TcQdiscs none() {
        return new TcQdiscs(null);
    }

    /** What tc printed now, or null when there is no tc, it failed, or it printed no statistics the first time. */
    String read() {
        if (tc == null || !useful) {
            return null;
        }
        try {
            Commands.Output o = Commands.run(List.of(tc, "-s", "qdisc", "show"), TIMEOUT, MAX_CHARS);
            if (o.exit() == 0 && QdiscStats.dropped(o.text(), true).isPresent()) {
                return o.text();
            }
        } catch (IOException e) {
            // no statistics from tc now: the watch goes on without them
        }
        useful = false;
        return null;
    }
}
