package benchsh.peer.workload;

import benchsh.peer.facts.CpuSnapshot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * Measures bytes moved by a side's streams: skips the warm-up ({@code omit}), streams interval
 * samples, samples host and process CPU around the measured span, and calls {@code onStall} when
 * no byte moved for {@code stallTimeout}. Stream threads call {@link #add} (any thread, atomic) or
 * {@link #addOwned} (the one thread that moves a stream's data: a plain add and a release store, the
 * cheap form for a per-write count); one sampler thread does the rest. Every count is visible to the
 * sampler as soon as it is made, so interval samples and totals stay exact. Its figures are a record, {@link
 * #streamed()} for a meter of bytes and {@link #transacted()} for one of transactions, per-stream figures as lists
 * indexed by stream; its samples are {@link Interval}s. Thread-safe.
 */
public final class Meter {
    private static final long POLL_NANOS = 100_000_000L;
    /** Longs between two streams' counters: 128 bytes, so stream threads never share a cache line (nor its prefetched pair). */
    private static final int STRIDE = 16;
    private static final VarHandle COUNT = MethodHandles.arrayElementVarHandle(long[].class);

    /**
     * What a meter counts, and so its figures and samples: bytes and bits/s (streams: {@link Streamed}, {@link
     * Interval.Bytes}), or transactions and transactions/s (request/response: {@link Transacted}, {@link
     * Interval.Transactions}).
     */
    public enum Unit {
        BYTES(8),
        TRANSACTIONS(1);

        /** Multiplies count per second into the rate (8 for bits/s). */
        private final double rateFactor;

        Unit(double rateFactor) {
            this.rateFactor = rateFactor;
        }

        private Record sample(long count, double rate) {
            return this == BYTES ? new Interval.Bytes(count, rate) : new Interval.Transactions(count, rate);
        }
    }

    private final Unit unit;
    /** Stream {@code i}'s count is at {@code (i + 1) * STRIDE}: padded on both sides, also from the array's header and neighbours. */
    private final long[] counters;
    private final int streams;
    private final long omitNanos;
    private final long intervalNanos;
    private final long stallNanos;
    private final SideContext context;
    private final Runnable onStall;
    private final List<Interval<?>> intervals = new ArrayList<>();
    private volatile boolean finished;
    private volatile String stallError;
    private volatile long stalledSeconds;
    private volatile boolean stalledBySide;
    /** Until when ({@link System#nanoTime()}) silence is no stall: a side draining its last bytes waits by its own rule. */
    private volatile long quietUntil;
    private volatile boolean quiet;
    /** The counts at the start of the current second and of the one before (never the start's), for {@link #recentRate}. */
    private volatile Snapshot thisSecond;
    private volatile Snapshot lastSecond;
    private volatile SampleExtension extension;
    private Thread sampler;
    private Snapshot start;
    private Snapshot baseline;
    /** Where {@link #stop} ended the measured span, or null while it runs. */
    private Snapshot stopped;

    /** The counts at one instant; {@code cpu} is null on an interval's end (only the span's ends carry it). */
    private record Snapshot(long nanos, long bytes, long[] streams, CpuSnapshot cpu) {
    }

    public Meter(int streams, Duration omit, Duration interval, Duration stallTimeout, SideContext context, Runnable onStall) {
        this(Unit.BYTES, streams, omit, interval, stallTimeout, context, onStall);
    }

    public Meter(Unit unit, int streams, Duration omit, Duration interval, Duration stallTimeout, SideContext context, Runnable onStall) {
        this.unit = unit;
        this.streams = streams;
        this.counters = new long[(streams + 2) * STRIDE];
        this.omitNanos = omit.toNanos();
        this.intervalNanos = interval.toNanos();
        this.stallNanos = stallTimeout.toNanos();
        this.context = context;
        this.onStall = onStall;
    }

    /** Counts {@code bytes} moved by stream {@code stream}; any thread may call it. */
    public void add(int stream, long bytes) {
        COUNT.getAndAdd(counters, slot(stream), bytes);
    }

    /**
     * Counts {@code bytes} moved by stream {@code stream}, for the one thread that owns the stream: no other
     * thread may count for it, neither here nor with {@link #add}. No atomic read-modify-write, so it costs
     * about a plain store per call; the sampler still sees every count at once.
     */
    public void addOwned(int stream, long bytes) {
        int i = slot(stream);
        COUNT.setRelease(counters, i, (long) COUNT.get(counters, i) + bytes);
    }

    /** What stream {@code stream} has moved so far, warm-up included. */
    public long count(int stream) {
        return (long) COUNT.getAcquire(counters, slot(stream));
    }

    private static int slot(int stream) {
        return (stream + 1) * STRIDE;
    }

    public long total() {
        long sum = 0;
        for (int i = 0; i < streams; i++) {
            sum += count(i);
        }
        return sum;
    }

    /** Adds {@code e}'s figures to every interval sample from now on; call it before {@link #start}. */
    public void extend(SampleExtension e) {
        this.extension = e;
    }

    /** Starts the clock: data begins to flow now. */
    public synchronized void start() {
        start = snapshot();
        baseline = start;
        thisSecond = start;
        sampler = new Thread(this::sample, "meter");
        sampler.setDaemon(true);
        sampler.start();
    }

    public boolean started() {
        return start != null;
    }

    /** Nanoseconds since {@link #start}, or 0 before it. */
    public synchronized long runningNanos() {
        return start == null ? 0 : System.nanoTime() - start.nanos;
    }

    /**
     * Stream {@code stream}'s count per second over the last one to two seconds, or 0 in the first two seconds after
     * the start: when a sender's socket buffer is full, the rate its partner takes the data at. The first second is
     * never part of it, as a sender fills the socket buffers at memory speed then.
     */
    public double recentRate(int stream) {
        Snapshot from = lastSecond;
        if (from == null) {
            return 0;
        }
        long nanos = System.nanoTime() - from.nanos;
        return nanos > 0 ? (count(stream) - from.streams[stream]) * 1e9 / nanos : 0;
    }

    /**
     * Silence until {@code nanoTime} ({@link System#nanoTime()}) is no stall: a side that has written its last byte
     * and waits for its partner to take the rest bounds that wait itself. The latest of several calls holds.
     */
    public synchronized void quietUntil(long nanoTime) {
        if (!quiet || nanoTime - quietUntil > 0) {
            quietUntil = nanoTime;
            quiet = true;
        }
    }

    /** The stall message if the meter gave up waiting for data, else null. */
    public String stallError() {
        return stallError;
    }

    /**
     * Notes a stall the side detected itself (a side that watches for silence on its own): {@code seconds} without
     * data when it gave up, reported in its figures as a stall of the meter's would be.
     */
    public void stalled(long seconds) {
        stalledSeconds = seconds;
        stalledBySide = true;
    }

    private Snapshot snapshot() {
        return snapshot(true);
    }

    /**
     * The counts and the clock, read together, after the CPU counters when {@code withCpu}: reading those takes
     * about a millisecond, and the first read in a JVM tens to hundreds (the management classes load), which
     * must not fall inside the span. Interval samples need no CPU counters.
     */
    private Snapshot snapshot(boolean withCpu) {
        CpuSnapshot cpu = withCpu ? CpuSnapshot.now() : null;
        long[] perStream = new long[streams];
        long sum = 0;
        for (int i = 0; i < streams; i++) {
            perStream[i] = count(i);
            sum += perStream[i];
        }
        return new Snapshot(System.nanoTime(), sum, perStream, cpu);
    }

    private void sample() {
        long next = start.nanos + (omitNanos > 0 ? omitNanos : intervalNanos);
        boolean omitted = omitNanos == 0;
        if (omitted) {
            begin(); // here, not in start(): the side's data starts flowing meanwhile
        }
        Snapshot intervalStart = start;
        long lastBytes = 0;
        long lastProgress = start.nanos;
        while (!finished) {
            LockSupport.parkNanos(Math.min(POLL_NANOS, Math.max(1, next - System.nanoTime())));
            long now = System.nanoTime();
            long bytes = total();
            if (bytes != lastBytes) {
                lastBytes = bytes;
                lastProgress = now;
            } else if (stallError == null && now - lastProgress > stallNanos && !(quiet && now - quietUntil < 0)) {
                stalledSeconds = Duration.ofNanos(now - lastProgress).toSeconds();
                stallError = "no data for " + stalledSeconds + " s";
                onStall.run();
            }
            if (now - thisSecond.nanos >= 1_000_000_000L) {
                lastSecond = thisSecond == start ? null : thisSecond;
                thisSecond = snapshot(false);
            }
            if (now >= next && !finished) {
                Snapshot s = snapshot(!omitted); // the baseline carries CPU counters, interval ends need none
                if (!omitted) {
                    omitted = true;
                    synchronized (this) {
                        baseline = s;
                    }
                    begin();
                } else {
                    report(intervalStart, s);
                }
                intervalStart = s;
                next += intervalNanos;
            }
        }
    }

    private void report(Snapshot from, Snapshot to) {
        Snapshot base;
        synchronized (this) {
            base = baseline;
        }
        long count = to.bytes - from.bytes;
        Interval<?> sample = new Interval<>((from.nanos - base.nanos) / 1e9, (to.nanos - base.nanos) / 1e9,
                extended(unit.sample(count, rate(count, (to.nanos - from.nanos) / 1e9))));
        synchronized (intervals) {
            intervals.add(sample);
        }
        context.interval(sample);
    }

    private void begin() {
        if (extension != null) {
            extension.begin();
        }
    }

    /** {@code counted} with the extension's figures, if the side has one. */
    private Record extended(Record counted) {
        return extension == null ? counted : extension.sample(counted);
    }

    private double rate(long count, double seconds) {
        return seconds > 0 ? count * unit.rateFactor / seconds : 0.0;
    }

    /**
     * Ends the measured span now: sampling and stall detection stop, and {@link #streamed()} reports the span up
     * to here, so what a side does afterwards (verifying or removing what it wrote) stays out of its figures.
     * Does nothing on a meter that never started or already stopped.
     */
    public void stop() {
        halt();
        synchronized (this) {
            if (start != null && stopped == null) {
                stopped = snapshot();
            }
        }
    }

    private void halt() {
        finished = true;
        if (sampler != null) {
            LockSupport.unpark(sampler);
            try {
                sampler.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The interval samples so far (all of them once the side ended). */
    public List<Interval<?>> intervals() {
        synchronized (intervals) {
            return List.copyOf(intervals);
        }
    }

    /**
     * The figures of a meter of bytes over the measured span (up to {@link #stop}, else now), with the stall if there
     * was one; null if it never started. Ends sampling.
     */
    public Streamed streamed() {
        Span s = span();
        if (s == null) {
            return null;
        }
        List<Long> perStream = new ArrayList<>();
        List<Long> perStreamMeasured = new ArrayList<>();
        List<Double> perStreamRate = new ArrayList<>();
        for (int i = 0; i < streams; i++) {
            perStream.add(s.end.streams[i]);
            perStreamMeasured.add(s.end.streams[i] - s.base.streams[i]);
            perStreamRate.add(rate(s.end.streams[i] - s.base.streams[i], s.seconds()));
        }
        long bytes = s.end.bytes - s.base.bytes;
        return new Streamed(bytes, s.end.bytes, s.seconds(), s.omittedSeconds(), rate(bytes, s.seconds()), s.cpu(), perStream, perStreamMeasured,
                perStreamRate, stall());
    }

    /** The figures of a meter of transactions over the measured span, as {@link #streamed()}; null if it never started. */
    public Transacted transacted() {
        Span s = span();
        if (s == null) {
            return null;
        }
        long n = s.end.bytes - s.base.bytes;
        return new Transacted(n, s.end.bytes, s.seconds(), s.omittedSeconds(), rate(n, s.seconds()), s.cpu(), stall());
    }

    /** The measured span's ends: the start, the baseline after the warm-up, and the end. */
    private record Span(Snapshot start, Snapshot base, Snapshot end) {
        double seconds() {
            return (end.nanos - base.nanos) / 1e9;
        }

        double omittedSeconds() {
            return (base.nanos - start.nanos) / 1e9;
        }

        SideCpu cpu() {
            return new SideCpu(end.cpu.hostPercentSince(base.cpu), end.cpu.cpus(), end.cpu.processSecondsSince(base.cpu));
        }
    }

    /** The span up to {@link #stop}, or up to the first call of this (which stops it there); null if it never started. */
    private Span span() {
        halt();
        synchronized (this) {
            if (start == null) {
                return null;
            }
            if (stopped == null) {
                stopped = snapshot();
            }
            return new Span(start, baseline, stopped);
        }
    }

    private Long stall() {
        return stallError != null || stalledBySide ? stalledSeconds : null;
    }
}
