package benchsh.peer.latency;

import benchsh.peer.workload.Pacer;
import java.util.function.BooleanSupplier;

/**
 * A fixed schedule of probe slots, slot {@code k} due {@code k × interval} after the start, kept rather than caught up:
 * a sender more than one interval behind (its timer woke late, it was descheduled) skips the slots it missed instead of
 * sending them in a burst, which would queue the probes behind each other and measure the sender. What was skipped is
 * counted, so a schedule the host's timers cannot keep (an interval shorter than their granularity) shows as skipped
 * slots and a longer achieved interval. Not thread-safe: one sender uses it.
 */
final class ProbeSchedule {
    private final long start;
    private final long interval;
    private final int slots;
    private final Pacer.Clock clock;
    private int next;
    private int skipped;

    ProbeSchedule(long startNanos, long intervalNanos, int slots, Pacer.Clock clock) {
        this.start = startNanos;
        this.interval = intervalNanos;
        this.slots = slots;
        this.clock = clock;
    }

    /**
     * Waits until the next slot is due and returns its number; -1 once every slot is past or {@code stop} says so. A slot
     * due more than one interval ago is skipped.
     */
    int next(BooleanSupplier stop) {
        while (next < slots && !stop.getAsBoolean()) {
            long due = start + next * interval;
            long now = clock.nanoTime();
            if (now - due > interval) {
                int current = (int) Math.min(slots, (now - start) / interval);
                skipped += current - next;
                next = current;
                continue;
            }
            if (due - now > 0) {
                clock.parkNanos(due - now);
                continue;
            }
            return next++;
        }
        return -1;
    }

    /** Slots skipped so far. */
    int skipped() {
        return skipped;
    }

    /** When the schedule ends: the last slot's due time plus one interval. */
    long endNanos() {
        return start + slots * interval;
    }
}
