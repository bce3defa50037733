package benchsh.shell.host;

import benchsh.peer.protocol.Endpoint;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Fields;
import benchsh.peer.protocol.Message;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Interval;
import benchsh.peer.workload.Role;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The shell's view of one side of a test: when it is ready, its interval samples as they arrive, and how it ended.
 * A side on a peer ({@link PeerConnection}) has its samples and report decoded with the records of the side's
 * {@link Role} (strictly: a sample or report that does not decode ends the side as a protocol error, and it is
 * stopped); if the peer dies, the side ends with an error and the intervals received so far are kept. A side run
 * by other means (a host's own tools, {@link benchsh.shell.host.shellpeer}) is told the same events, typed, through
 * its {@link Feed}. Thread-safe.
 */
public final class SideHandle {
    private final String id;
    private final String host;
    private final Runnable stopper;
    private final Release release;
    private final Role role;
    private final CompletableFuture<Endpoint> ready = new CompletableFuture<>();
    private final CompletableFuture<SideEnd> done = new CompletableFuture<>();
    private final List<Interval<?>> intervals = new ArrayList<>();
    private volatile Consumer<Interval<?>> intervalListener = s -> { };
    private volatile boolean peerLost;
    private volatile Long lateNanos;

    /** Has a side that was started held begin at an instant on the shell's clock ({@link System#nanoTime()}). */
    @FunctionalInterface
    interface Release {
        void at(long atShellNanos) throws HostException;
    }

    /**
     * @param stopper asks whatever runs the side to stop it (best effort, never blocks long)
     * @param release has a held side begin ({@link #go})
     * @param role    the records of the side's spec, report and samples
     */
    SideHandle(String id, String host, Runnable stopper, Release release, Role role) {
        this.id = id;
        this.host = host;
        this.stopper = stopper;
        this.release = release;
        this.role = role;
    }

    /**
     * A side run by something other than a peer, which tells the handle what happens through the returned feed. It
     * begins when started: {@link #go} does nothing, and it has no {@link #lateNanos}.
     *
     * @param stopper what {@link #stop()} runs
     * @param role    the records its report must be
     */
    public static Feed fed(String id, String host, Role role, Runnable stopper) {
        return new Feed(new SideHandle(id, host, stopper, atShellNanos -> { }, role));
    }

    /**
     * The writing end of a {@link #fed} side: it became ready, it ended with a report of its role's type (or an error).
     * The first end counts; later ones are ignored. Thread-safe.
     */
    public static final class Feed {
        private final SideHandle side;

        private Feed(SideHandle side) {
            this.side = side;
        }

        public SideHandle handle() {
            return side;
        }

        /** The side is set up; {@code endpoint} is where it listens, null for a side that does not. */
        public void ready(Endpoint endpoint) {
            side.readied(endpoint);
        }

        /**
         * The side ended: its report (null for none), when it did not complete the error and its kind, and what ran it
         * ({@code dd if=/dev/zero | nc}: {@link SideEnd#ran()} names the host with it).
         *
         * @throws IllegalArgumentException when the report is not of the role's report type
         */
        public void end(Record report, String error, ErrorKind kind, String ran) {
            if (report != null && !side.role.report().isInstance(report)) {
                throw new IllegalArgumentException("a " + report.getClass().getSimpleName() + " is not a report of " + side.role.report().getSimpleName());
            }
            side.ready.completeExceptionally(new IllegalStateException(error == null ? "ended before it was ready" : error));
            side.done.complete(new SideEnd(report, List.of(), error, kind, ran == null ? null : side.host + ": " + ran));
        }
    }

    public String id() {
        return id;
    }

    public String host() {
        return host;
    }

    public void onInterval(Consumer<Interval<?>> listener) {
        this.intervalListener = listener;
    }

    /** Waits until the side is set up; returns its endpoint (the port it listens on), null for a side that does not listen. */
    public Endpoint awaitReady(Duration timeout) throws HostException, InterruptedException {
        try {
            return ready.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw new HostException(host, "start test", e.getCause().getMessage());
        } catch (TimeoutException e) {
            throw new HostException(host, "start test", "the peer did not set up the test within " + timeout.toSeconds() + " s");
        }
    }

    public boolean isDone() {
        return done.isDone();
    }

    /** How the side ended; null if it has not ended yet. */
    public SideEnd doneNow() {
        return done.getNow(null);
    }

    /** The interval samples received so far. */
    public synchronized List<Interval<?>> intervals() {
        return List.copyOf(intervals);
    }

    /** Has this side, started held, begin at {@code atShellNanos} on the shell's clock ({@link PeerConnection#go}). */
    public void go(long atShellNanos) throws HostException {
        release.at(atShellNanos);
    }

    /** Asks the peer (or what else runs the side) to cancel this side (best effort). */
    public void stop() {
        stopper.run();
    }

    void readied(Endpoint endpoint) {
        ready.complete(endpoint);
    }

    void interval(Map<String, Object> wire) {
        Interval<?> sample;
        try {
            sample = sample(wire);
        } catch (ProtocolException e) {
            fail(host + ": the peer sent an interval sample that does not decode (" + e.getMessage() + ")", ErrorKind.PROTOCOL);
            stop();
            return;
        }
        synchronized (this) {
            intervals.add(sample);
        }
        intervalListener.accept(sample);
    }

    void done(Message.Done d) {
        lateNanos = d.lateNanos();
        ready.completeExceptionally(new IllegalStateException(d.error() == null ? "ended before it was ready" : d.error()));
        List<Interval<?>> samples = new ArrayList<>();
        Record report;
        try {
            for (Object o : d.intervals()) {
                samples.add(sample(wireMap(o)));
            }
            report = d.report() == null ? null : SpecCodec.decodeFigures(role.report(), new Fields("report", d.report()));
        } catch (ProtocolException e) {
            fail(host + ": the peer sent a report that does not decode (" + e.getMessage() + ")", ErrorKind.PROTOCOL);
            return;
        }
        done.complete(new SideEnd(report, samples, d.error(), d.kind()));
    }

    private Interval<?> sample(Map<String, Object> wire) throws ProtocolException {
        return SpecCodec.decodeFigures(Interval.class, new Fields("interval", wire), role.sample());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> wireMap(Object o) throws ProtocolException {
        if (!(o instanceof Map<?, ?> m)) {
            throw new ProtocolException("an interval sample must be an object");
        }
        return (Map<String, Object>) m;
    }

    /**
     * The peer went away before this side reported (killed, its connection lost): it ends with the intervals received
     * so far, and what the side was writing was not cleaned up by it.
     */
    void lost(String error) {
        peerLost = true;
        fail(error, ErrorKind.IO);
    }

    /**
     * For a side started held and released by {@link #go}, how long after the instant the side began, as the peer measured
     * it on its own clock; null before its DONE, or for a side started at once.
     */
    public Long lateNanos() {
        return lateNanos;
    }

    /** Whether the side ended because its peer was lost before it reported (its end made by the shell). */
    public boolean peerLost() {
        return peerLost;
    }

    /** The peer refused or lost the side: it ends with the intervals received so far. */
    void fail(String error, ErrorKind kind) {
        ready.completeExceptionally(new IllegalStateException(error));
        done.complete(new SideEnd(null, intervals(), error, kind));
    }
}
