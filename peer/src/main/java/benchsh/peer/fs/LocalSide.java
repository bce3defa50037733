package benchsh.peer.fs;

import benchsh.peer.workload.Meter;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
import java.time.Duration;
import java.util.Map;

/**
 * A side that works on its own host only (disk, tree): no endpoint, one meter for progress samples and
 * stall detection (a stall cancels the side), and a cancel flag the work loop checks.
 */
abstract class LocalSide implements Side {
    protected final Meter meter;
    protected volatile boolean cancelled;

    protected LocalSide(long intervalNanos, long timeoutNanos, SideContext context) {
        this.meter = new Meter(1, Duration.ZERO, Duration.ofNanos(intervalNanos), Duration.ofNanos(timeoutNanos), context, this::cancel);
    }

    @Override
    public Map<String, Object> endpoint() {
        return Map.of();
    }

    @Override
    public void cancel() {
        cancelled = true;
    }

    /** Why a cancelled side stopped: the meter's stall message, else "cancelled". */
    protected String cancelReason() {
        return meter.stallError() != null ? meter.stallError() : "cancelled";
    }
}
