package benchsh.peer.workload;

import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the sides of {@link RequestResponse} share: the transaction meter, cancellation, and the
 * sockets to close. {@link #track}, {@link #closeAll} and {@link #cancel} may be called from any thread.
 */
abstract class RrSide implements Side {
    final RequestResponse.Spec spec;
    final Meter meter;
    private final List<Closeable> open = new ArrayList<>();
    volatile boolean cancelled;

    /** @param ownIdleCheck the side notices silence itself, so the meter never declares a stall */
    RrSide(RequestResponse.Spec spec, SideContext context, boolean ownIdleCheck) {
        this.spec = spec;
        this.meter = new Meter(Meter.Unit.TRANSACTIONS, 1, Duration.ofNanos(spec.omitNanos()), Duration.ofNanos(spec.intervalNanos()),
                Duration.ofNanos(ownIdleCheck ? RequestResponse.MAX_NANOS : spec.timeoutNanos()), context, this::closeAll);
    }

    synchronized <T extends Closeable> T track(T c) {
        open.add(c);
        if (cancelled) {
            closeAll();
        }
        return c;
    }

    /** Forgets the tracked sockets that are closed already (one per TCP_CRR transaction). */
    synchronized void untrackClosed() {
        open.removeIf(c -> c instanceof java.nio.channels.Channel ch && !ch.isOpen());
    }

    synchronized void closeAll() {
        for (Closeable c : open) {
            try {
                c.close();
            } catch (IOException ignored) {
                // best effort
            }
        }
        open.clear();
    }

    @Override
    public void cancel() {
        cancelled = true;
        closeAll();
    }

    String describe(Exception e) {
        if (cancelled) {
            return "cancelled";
        }
        if (meter.stallError() != null) {
            return meter.stallError();
        }
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    Outcome finish(String error, Map<String, Object> extra) {
        closeAll();
        return meter.finish(cancelled ? "cancelled" : error, extra);
    }
}
