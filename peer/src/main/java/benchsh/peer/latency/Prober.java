package benchsh.peer.latency;

import benchsh.peer.net.ReadyWait;
import benchsh.peer.net.TokenGate;
import benchsh.peer.protocol.Endpoint;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Link;
import benchsh.peer.workload.Interval;
import benchsh.peer.workload.Meter;
import benchsh.peer.workload.Pacer;
import benchsh.peer.workload.SideBase;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Timing;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The measuring side of the latency probes: sends a probe in every slot of its schedule ({@link ProbeSchedule}) on a
 * UDP socket connected to the reflector, logs each answer as it arrives on a second thread ({@link ProbeLog}), and after
 * the last slot waits up to {@link #LOST_AFTER} for the answers still out before it tells the reflector it is done. Live
 * interval samples go out {@link #LIVE_LAG} after their interval ends, with the clock offset known so far; the samples
 * in its DONE and its report are reckoned at the end, with the offset of the whole test ({@link ClockOffset}). Its slots
 * count from the instant it was scheduled for, when it was ({@link SideContext#scheduledNanos}): a late start skips the
 * first ones rather than shifting every probe against the phases. No answer at all for the timeout is STALLED.
 * Thread-safety as {@link SideBase}.
 */
final class Prober extends SideBase {
    /** A probe: the token, the sequence number, the prober's clock. */
    static final int PROBE_BYTES = TokenGate.TOKEN_BYTES + 16;
    /** An answer: the sequence number, the prober's clock echoed, the reflector's as the probe arrived and as the answer left. */
    static final int ANSWER_BYTES = 32;
    /** How long after its last probe the prober waits for the answers still out; later ones are lost. */
    static final Duration LOST_AFTER = Duration.ofSeconds(2);
    /** How long after an interval ends its live sample goes out, so that the answers to its last probes are in. */
    static final Duration LIVE_LAG = Duration.ofSeconds(1);
    /** The end: three datagrams with sequence number -1, in case one is lost. */
    private static final int END_PROBES = 3;

    private final LatencyProbe.ProberSpec spec;
    private final Link link;
    private final SideContext context;
    private final Pacer.Clock clock;
    private final ProbeLog log;
    private DatagramChannel channel;
    private long start;
    private int skipped;
    private volatile long lastAnswer;

    Prober(LatencyProbe.ProberSpec spec, Link link, SideContext context, Pacer.Clock clock) {
        // the side watches for silence itself; its samples are the probes', not a meter's
        super(Meter.Unit.TRANSACTIONS, 1, Duration.ZERO, spec.timing().interval(), Duration.ofNanos(Timing.MAX_NANOS), context);
        this.spec = spec;
        this.link = link;
        this.context = context;
        this.clock = clock;
        this.log = new ProbeLog(spec.slots());
    }

    @Override
    public Endpoint endpoint() {
        return null;
    }

    @Override
    protected void work() throws IOException, InterruptedException {
        channel = track(DatagramChannel.open());
        channel.connect(new InetSocketAddress(link.address(), link.port()));
        channel.configureBlocking(false);
        start = context.scheduledNanos().orElseGet(clock::nanoTime); // the probes line up with the phases even if this side began late
        lastAnswer = System.nanoTime();
        Thread receiver = new Thread(this::receive, "latency-answers");
        receiver.setDaemon(true);
        receiver.start();
        ProbeSchedule schedule = new ProbeSchedule(start, spec.probeNanos(), spec.slots(), clock);
        ByteBuffer probe = ByteBuffer.allocate(PROBE_BYTES).put(link.tokenBytes());
        long nextSample = spec.timing().intervalNanos();
        while (schedule.next(this::stopping) >= 0) {
            long t1 = clock.nanoTime();
            int seq = log.sent(t1);
            probe.putLong(TokenGate.TOKEN_BYTES, seq).putLong(TokenGate.TOKEN_BYTES + 8, t1).clear();
            channel.write(probe);
            while (t1 - start - nextSample - LIVE_LAG.toNanos() >= 0) {
                context.interval(sample(nextSample - spec.timing().intervalNanos(), nextSample, liveClock()));
                nextSample += spec.timing().intervalNanos();
            }
        }
        skipped = schedule.skipped();
        awaitAnswers();
        end();
        receiver.join(LOST_AFTER.toMillis());
    }

    /** Whether to stop probing: cancelled, failed (everything closed), or no answer for the timeout (then STALLED). */
    private boolean stopping() {
        if (cancelled() || !channel.isOpen()) {
            return true;
        }
        long quiet = System.nanoTime() - lastAnswer;
        if (quiet > spec.timing().timeoutNanos()) {
            long seconds = Duration.ofNanos(quiet).toSeconds();
            meter.stalled(seconds);
            fail(ErrorKind.STALLED, "no answer to the probes for " + seconds + " s");
            return true;
        }
        return false;
    }

    /** Logs the answers until the channel closes. */
    private void receive() {
        ByteBuffer in = ByteBuffer.allocate(ANSWER_BYTES + 1);
        try (ReadyWait ready = new ReadyWait(() -> !channel.isOpen())) {
            while (channel.isOpen()) {
                in.clear();
                if (read(in) <= 0) {
                    ready.await(channel, SelectionKey.OP_READ, System.nanoTime() + 100_000_000L);
                    continue;
                }
                long t4 = clock.nanoTime();
                if (in.position() == ANSWER_BYTES && log.answered(in.getLong(0), in.getLong(8), in.getLong(16), in.getLong(24), t4)) {
                    lastAnswer = System.nanoTime();
                }
            }
        } catch (IOException e) {
            // closed: the side is ending (a refused port reads as an error too; the silence rule reports it)
        }
    }

    /** One answer into {@code in}; 0 for none, and for the port-unreachable a probe met (the silence rule reports a reflector that is gone). */
    private int read(ByteBuffer in) throws IOException {
        try {
            return channel.read(in);
        } catch (PortUnreachableException e) {
            return 0;
        }
    }

    /** Waits up to {@link #LOST_AFTER} (and never past the side's deadline) for the answers still out. */
    private void awaitAnswers() throws InterruptedException {
        long until = Math.min(System.nanoTime() + LOST_AFTER.toNanos(), context.deadlineNanos());
        while (!cancelled() && channel.isOpen() && log.answeredCount() < log.sentCount() && System.nanoTime() - until < 0) {
            Thread.sleep(10);
        }
    }

    private void end() {
        ByteBuffer end = ByteBuffer.allocate(PROBE_BYTES).put(link.tokenBytes()).putLong(-1L).putLong(0L).flip();
        for (int i = 0; i < END_PROBES && channel.isOpen(); i++) {
            try {
                channel.write(end.rewind());
            } catch (IOException e) {
                return; // the reflector took an earlier one and closed its port
            }
        }
    }

    /** The offset from the probes so far: the fastest one in the first clock window, or of all if none is there yet. */
    private ClockOffset liveClock() {
        LatencyProbe.Window w = spec.windows().get(0);
        var fastest = log.fastest(start, w.fromNanos(), w.toNanos());
        return ClockOffset.of(fastest != null ? fastest : log.fastest(start, 0, whole()), null);
    }

    /** The offset of the whole test: from the fastest probes of the first and the last window. */
    private ClockOffset clock() {
        LatencyProbe.Window first = spec.windows().get(0);
        LatencyProbe.Window last = spec.windows().get(spec.windows().size() - 1);
        var a = log.fastest(start, first.fromNanos(), first.toNanos());
        var b = spec.windows().size() > 1 ? log.fastest(start, last.fromNanos(), last.toNanos()) : null;
        return a == null && b == null ? ClockOffset.of(log.fastest(start, 0, whole()), null) : ClockOffset.of(a, b);
    }

    /** The end of the whole test, in nanoseconds from its first slot: past every probe. */
    private long whole() {
        return spec.timeNanos() + spec.probeNanos();
    }

    private Interval<LatencyProbe.Sample> sample(long from, long to, ClockOffset offset) {
        return new Interval<>(from / 1e9, to / 1e9, log.sample(start, from, to, offset));
    }

    @Override
    protected LatencyProbe.ProberReport report() {
        ClockOffset offset = clock();
        Map<String, LatencyProbe.Probes> windows = new LinkedHashMap<>();
        for (int i = 0; i < spec.windows().size(); i++) {
            LatencyProbe.Window w = spec.windows().get(i);
            windows.put(Integer.toString(i), log.probes(start, w.fromNanos(), w.toNanos(), offset));
        }
        int sent = log.sentCount();
        return new LatencyProbe.ProberReport(sent, sent - log.answeredCount(), skipped, log.achievedIntervalUs(), offset.offsetNanos() / 1e3,
                offset.endOffsetNanos() / 1e3, offset.uncertaintyNanos() / 1e3, windows);
    }

    /** The samples of every interval the probes went out in, with the offset of the whole test. */
    @Override
    protected List<Interval<?>> intervals() {
        List<Interval<?>> out = new ArrayList<>();
        if (log.sentCount() == 0) {
            return out;
        }
        ClockOffset offset = clock();
        long interval = spec.timing().intervalNanos();
        for (long from = 0; from < Math.min(spec.timeNanos(), spec.probeNanos() * spec.slots()); from += interval) {
            out.add(sample(from, Math.min(from + interval, spec.timeNanos()), offset));
        }
        return out;
    }
}
