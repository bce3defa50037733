package benchsh.peer.latency;

import benchsh.peer.workload.Timing;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link LatencyProbe}'s specs for tests, by name: {@code latency().probe(Duration.ofMillis(5)).time(Duration.ofSeconds(1))
 * .window(0, 300).window(700, 1000).prober()}. Unless set: a probe every 10 ms for 600 ms, samples every 100 ms, a 10 s
 * timeout, one window over the whole test. Not thread-safe.
 */
public final class LatencySpecBuilder {
    private long probeNanos = 10_000_000L;
    private long timeNanos = 600_000_000L;
    private Timing timing = new Timing(100_000_000L, 10_000_000_000L);
    private final List<LatencyProbe.Window> windows = new ArrayList<>();

    private LatencySpecBuilder() {
    }

    public static LatencySpecBuilder latency() {
        return new LatencySpecBuilder();
    }

    /** One probe every {@code d}. */
    public LatencySpecBuilder probe(Duration d) {
        probeNanos = d.toNanos();
        return this;
    }

    /** How long to probe. */
    public LatencySpecBuilder time(Duration d) {
        timeNanos = d.toNanos();
        return this;
    }

    public LatencySpecBuilder timing(Timing t) {
        timing = t;
        return this;
    }

    /** A window from {@code fromMillis} to {@code toMillis} after the first probe. */
    public LatencySpecBuilder window(long fromMillis, long toMillis) {
        windows.add(new LatencyProbe.Window(fromMillis * 1_000_000L, toMillis * 1_000_000L));
        return this;
    }

    public LatencyProbe.ProberSpec prober() {
        return new LatencyProbe.ProberSpec(probeNanos, timeNanos, windows.isEmpty() ? List.of(new LatencyProbe.Window(0, timeNanos)) : windows, timing);
    }

    public LatencyProbe.ReflectorSpec reflector() {
        return new LatencyProbe.ReflectorSpec(timeNanos, timing);
    }
}
