package benchsh.shell.host;

import benchsh.peer.protocol.ClockExchange;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * This shell's estimate of a peer's clock ({@link System#nanoTime()} in the peer's JVM) against its own, from the clock
 * exchanges its PINGs make ({@link ClockExchange}): of the last {@link #KEPT}, the one that bounds the offset best now,
 * NTP's clock filter (RFC 5905, section 10.1) — half its round trip, plus what the clocks may have drifted apart since it
 * was taken at {@link #DRIFT}. What a {@code together} block and a test's phases schedule their sides by: an instant on
 * the shell's clock is {@link #toPeer} on the peer's. Thread-safe.
 */
public final class PeerClock {
    /** How many recent exchanges are kept. */
    static final int KEPT = 16;
    /** How fast two clocks may drift apart, taken at its worst for quartz: 100 ppm. */
    static final double DRIFT = 100e-6;

    private final Deque<ClockExchange> recent = new ArrayDeque<>();

    /**
     * The peer's clock less the shell's, and how far the truth may lie from it, in nanoseconds.
     *
     * @param roundTripNanos the round trip of the exchange it rests on (less the peer's hold)
     */
    public record Estimate(double offsetNanos, double uncertaintyNanos, long roundTripNanos) {
    }

    /** Adds an exchange the shell made with the peer (t1 and t4 on the shell's clock). */
    public synchronized void add(ClockExchange e) {
        if (e.delayNanos() < 0) {
            return; // a clock that went backwards, or stamps that are no exchange: nothing to learn
        }
        recent.addLast(e);
        while (recent.size() > KEPT) {
            recent.removeFirst();
        }
    }

    /** The best estimate now, or empty before the first exchange. */
    public synchronized Optional<Estimate> estimate() {
        long now = System.nanoTime();
        Estimate best = null;
        for (ClockExchange e : recent) {
            double uncertainty = e.delayNanos() / 2.0 + Math.max(0, now - e.t4()) * DRIFT;
            if (best == null || uncertainty < best.uncertaintyNanos()) {
                best = new Estimate(e.offsetNanos(), uncertainty, e.delayNanos());
            }
        }
        return Optional.ofNullable(best);
    }

    /** An instant on the shell's clock as the peer's clock reads it (the same, before any exchange). */
    public long toPeer(long shellNanos) {
        return shellNanos + estimate().map(e -> Math.round(e.offsetNanos())).orElse(0L);
    }
}
