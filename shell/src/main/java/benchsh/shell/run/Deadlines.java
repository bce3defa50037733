package benchsh.shell.run;

import java.time.Duration;

/**
 * How long the shell waits for a test's sides, the one rule for it: a test's limit is its expected time
 * ({@link Test#expected()}) plus {@link #GRACE}. The grace is the room for how a test ends on the peers: a
 * sender's drain after its last write (the peers' rule, {@code benchsh.peer.workload.LinkedSide}: twice what the
 * bytes still in flight need at the rate measured, plus the idle {@code timeout:}, 10 s unless given) and the
 * reports' way back. Every side is started with the limit (the START's deadline), and a peer ends its waits
 * {@code Peer.REPORT_MARGIN} (2 s) before it: a drain that would outlast the limit fails on the peer, saying what it
 * waited for, and is never cut short by the shell. Stateless.
 */
public final class Deadlines {
    /** Allowed beyond a test's expected duration before it is declared hung. */
    public static final Duration GRACE = Duration.ofSeconds(20);

    private Deadlines() {
    }

    /** How long the shell waits for the sides of a test expected to take {@code expected}. */
    public static Duration limit(Duration expected) {
        return expected.plus(GRACE);
    }
}
