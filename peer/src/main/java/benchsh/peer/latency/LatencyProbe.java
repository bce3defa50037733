package benchsh.peer.latency;

import benchsh.peer.metric.Each;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Prefix;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.Range;
import benchsh.peer.workload.Pacer;
import benchsh.peer.workload.Role;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Timing;
import benchsh.peer.workload.Workload;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Latency probes on a fixed schedule (irtt, crusader, flent's UDP pings), the measuring half of the latency-under-load
 * test: the prober ("connect") sends a UDP probe every {@code probeNanos}, carrying the test's token, a sequence number
 * and its clock; the reflector ("listen") answers each at once with the probe's sequence number and send time and its own
 * clock as the probe arrived and as it answered. Each probe is thus an NTP exchange of four timestamps ({@link
 * benchsh.peer.protocol.ClockExchange}): its round trip (less the time the reflector held it) and, with the clock offset
 * the probes themselves estimate ({@link ClockOffset}), its delay each way. The prober reports, per window of its spec
 * (the test's phases), the round trips' percentiles and trimmed mean, each way's delay and the probes lost; its interval
 * samples are {@link Sample}s on the same time axis.
 *
 * <p>The schedule is kept, never caught up: a probe more than one interval late is skipped ({@link ProbeSchedule}), and
 * the report says how many were and at what interval the probes actually went out, so a schedule the host's timers
 * cannot keep shows as such. A probe not answered by the end (the prober waits {@link Prober#LOST_AFTER} after its last
 * one) is lost.
 */
public final class LatencyProbe implements Workload {
    public static final String NAME = "latency";
    /** The shortest interval between probes: 0.1 ms. */
    public static final long MIN_PROBE_NANOS = 100_000L;
    /** The most probes one test sends (their timestamps are kept until it ends): 600,000, an hour and 40 minutes at 10 ms. */
    public static final long MAX_PROBES = 600_000L;
    /** The most windows (phases) one prober reports on. */
    public static final int MAX_WINDOWS = 16;
    /** The most interval samples one prober reports (they travel in its DONE). */
    public static final long MAX_SAMPLES = 10_000L;

    /**
     * The reflector's spec.
     *
     * @param timeNanos how long the prober probes (the reflector lingers past it, and ends when the prober says it is done)
     */
    public record ReflectorSpec(@Range(min = 1, max = Timing.MAX_NANOS) long timeNanos, Timing timing) {
    }

    /**
     * The prober's spec.
     *
     * @param probeNanos the schedule: one probe every so many nanoseconds
     * @param timeNanos  how long to probe
     * @param windows    the spans to report on, in nanoseconds from the first probe's slot; the clock offset is measured in
     *                   the first and the last (the test's idle phases). A window past the end, or empty, has no probes.
     * @param timing     the interval of the samples, and how long without any answer before the prober gives up
     */
    public record ProberSpec(@Range(min = MIN_PROBE_NANOS, max = 10_000_000_000L) long probeNanos,
                             @Range(min = 1, max = Timing.MAX_NANOS) long timeNanos,
                             @Range(min = 1, max = MAX_WINDOWS) List<Window> windows, Timing timing) {
        public ProberSpec {
            windows = List.copyOf(windows);
            if (timeNanos / probeNanos > MAX_PROBES) {
                throw new IllegalArgumentException("at most " + MAX_PROBES + " probes per test, not " + timeNanos / probeNanos
                        + ": probe less often or for a shorter time");
            }
            if (timeNanos / timing.intervalNanos() > MAX_SAMPLES) {
                throw new IllegalArgumentException("at most " + MAX_SAMPLES + " interval samples per test, not " + timeNanos / timing.intervalNanos()
                        + ": take a longer interval or a shorter test");
            }
        }

        /** How many probe slots the schedule has. */
        int slots() {
            return (int) Math.max(1, timeNanos / probeNanos);
        }
    }

    /** A span of the test, in nanoseconds from the first probe's slot: the probes sent in [from, to). */
    public record Window(@Range(min = 0, max = Timing.MAX_NANOS) long fromNanos, @Range(min = 0, max = Timing.MAX_NANOS) long toNanos) {
        boolean holds(long nanos) {
            return nanos >= fromNanos && nanos < toNanos;
        }
    }

    /** What the reflector reports: the probes it answered and the datagrams without the token it dropped. */
    public record ReflectorReport(@Metric(unit = Unit.COUNT, means = "probes the reflector answered") long probesAnswered,
                                  @Metric(unit = Unit.COUNT, means = "connections or datagrams without the test's token, dropped")
                                  long straysDropped) {
    }

    /**
     * What the prober reports: its schedule as kept, the clock offset (the reflector's clock less the prober's, at the
     * first and the last clock window, ± its uncertainty: half the shortest round trip there), and per window of its spec
     * (keyed by the window's index) the probes' figures.
     */
    public record ProberReport(@Metric(unit = Unit.COUNT, means = "probes sent") long probesSent,
                               @Metric(unit = Unit.COUNT, means = "probes with no answer by the end of the test") long probesLost,
                               @Metric(unit = Unit.COUNT, means = "slots of the probe schedule skipped, the prober being more than one interval late")
                               long probesSkipped,
                               @Metric(unit = Unit.MICROSECONDS, means = "the mean interval between the probes as they went out")
                               double probeIntervalAchievedUs,
                               @Metric(unit = Unit.MICROSECONDS, means = "the reflector's clock less the prober's, as the probes measured it at the"
                                       + " start (the first idle phase)") double clockOffsetUs,
                               @Metric(unit = Unit.MICROSECONDS, means = "the same at the end (the last idle phase); it differs from clock_offset_us"
                                       + " by the clocks' drift") double clockOffsetEndUs,
                               @Metric(unit = Unit.MICROSECONDS, means = "how far the true offset may lie from the estimate: half the shortest"
                                       + " round trip it was measured with") double clockOffsetUncertaintyUs,
                               @Each("window") @Prefix(value = "window_{window}_", means = "a window of the test") Map<String, Probes> windows) {
    }

    /**
     * The probes of a span of the test: how many went out and how many were lost, their round trips (reflector's hold
     * time left out) as percentiles, maximum and the mean of all but the slowest 5 % (the trimmed mean of
     * draft-ietf-ippm-responsiveness), and each way's delay, the clock offset taken out. Figures no probe answered for
     * are absent (NaN).
     */
    public record Probes(@Metric(unit = Unit.COUNT, means = "probes sent") long probesSent,
                         @Metric(unit = Unit.COUNT, means = "probes with no answer") long probesLost,
                         @Metric(unit = Unit.MICROSECONDS, means = "round trip of the probes, median") double latencyP50Us,
                         @Metric(unit = Unit.MICROSECONDS, means = "round trip, 90th percentile") double latencyP90Us,
                         @Metric(unit = Unit.MICROSECONDS, means = "round trip, 99th percentile") double latencyP99Us,
                         @Metric(unit = Unit.MICROSECONDS, means = "round trip, the slowest") double latencyMaxUs,
                         @Metric(unit = Unit.MICROSECONDS, means = "round trip, the mean of the fastest 95 % (a single-sided trimmed mean)")
                         double latencyTrimmedMeanUs,
                         @Metric(unit = Unit.MICROSECONDS, means = "one-way delay up, prober → reflector (from → to), median")
                         double upDelayP50Us,
                         @Metric(unit = Unit.MICROSECONDS, means = "one-way delay up, 99th percentile") double upDelayP99Us,
                         @Metric(unit = Unit.MICROSECONDS, means = "one-way delay down, reflector → prober (to → from), median")
                         double downDelayP50Us,
                         @Metric(unit = Unit.MICROSECONDS, means = "one-way delay down, 99th percentile") double downDelayP99Us) {
    }

    /** One interval of the prober: the probes sent in it, the lost ones, their round trip and each way's delay. */
    public record Sample(@Metric(unit = Unit.COUNT, means = "probes sent in the interval") long probes,
                         @Metric(unit = Unit.COUNT, means = "of them, not answered") long probesLost,
                         @Metric(unit = Unit.MICROSECONDS, means = "their round trip, median") double latencyP50Us,
                         @Metric(unit = Unit.MICROSECONDS, means = "their round trip, the slowest") double latencyMaxUs,
                         @Metric(unit = Unit.MICROSECONDS, means = "their one-way delay up (prober → reflector), median") double upDelayP50Us,
                         @Metric(unit = Unit.MICROSECONDS, means = "their one-way delay down (reflector → prober), median") double downDelayP50Us) {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, Role> roles() {
        return Map.of(LISTEN, new Role(ReflectorSpec.class, ReflectorReport.class, Sample.class),
                CONNECT, new Role(ProberSpec.class, ProberReport.class, Sample.class));
    }

    @Override
    public Side open(String role, Record spec, Link link, SideContext context) throws IOException {
        return open(role, spec, link, context, Pacer.Clock.SYSTEM);
    }

    /** The side, reading {@code clock} for its timestamps: a test's may be skewed. */
    static Side open(String role, Record spec, Link link, SideContext context, Pacer.Clock clock) throws IOException {
        return spec instanceof ReflectorSpec r ? Reflector.bind(r, link, context, clock) : new Prober((ProberSpec) spec, link, context, clock);
    }
}
