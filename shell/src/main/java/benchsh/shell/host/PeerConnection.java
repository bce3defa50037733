package benchsh.shell.host;

import benchsh.peer.protocol.ClockExchange;
import benchsh.peer.protocol.ControlChannel;
import benchsh.peer.protocol.Link;
import benchsh.peer.protocol.Message;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.workload.Role;
import benchsh.peer.workload.Workload;
import benchsh.peer.workload.Workloads;
import java.io.EOFException;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * A live control connection to one peer: the handshake, starting and stopping test sides, and a
 * dispatcher thread that routes READY/INTERVAL/DONE to their {@link SideHandle}s, pings the peer
 * every {@link #PING_EVERY} whatever it sends (a peer running a test takes {@code Peer.SHELL_SILENCE}
 * without a frame as the shell gone) and declares it dead when it stops answering. Every PING carries the
 * shell's clock and its answer the peer's, so the peer's clock is known all along ({@link PeerClock}); {@link
 * #syncClock} asks for a few fresh exchanges before a scheduled start. All text from the peer passes through
 * {@link PeerText} as it arrives. Thread-safe.
 */
public final class PeerConnection implements AutoCloseable {
    public static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(30);
    static final Duration PING_EVERY = Duration.ofSeconds(10);
    static final Duration DEAD_AFTER = Duration.ofSeconds(40);
    private static final Duration POLL = Duration.ofSeconds(1);

    private final String host;
    private final ControlChannel channel;
    private final Supplier<String> diagnostics;
    private final Duration pingEvery;
    private final Duration deadAfter;
    private final Map<String, SideHandle> sides = new ConcurrentHashMap<>();
    private final PeerClock clock = new PeerClock();
    /** The clock exchanges {@link #syncClock} waits for, by the shell's stamp. */
    private final Map<Long, CompletableFuture<ClockExchange>> exchanges = new ConcurrentHashMap<>();
    private volatile Message.Welcome welcome;
    private volatile String deadReason;
    private Thread dispatcher;

    /**
     * @param diagnostics what to add to an error when the peer dies (e.g. the tail of its stderr)
     */
    public PeerConnection(String host, ControlChannel channel, Supplier<String> diagnostics) {
        this(host, channel, diagnostics, PING_EVERY, DEAD_AFTER);
    }

    /**
     * @param pingEvery how often to ping the peer, whatever it sends
     * @param deadAfter how long the peer may be silent before it is declared dead
     */
    PeerConnection(String host, ControlChannel channel, Supplier<String> diagnostics, Duration pingEvery, Duration deadAfter) {
        this.host = host;
        this.channel = channel;
        this.diagnostics = diagnostics;
        this.pingEvery = pingEvery;
        this.deadAfter = deadAfter;
    }

    /** Says hello and waits for the peer's welcome; then starts dispatching. */
    public Message.Welcome handshake(String shellVersion, Duration timeout) throws HostException, InterruptedException {
        try {
            channel.send(new Message.Hello(Message.PROTOCOL, shellVersion));
            Message m = PeerText.message(channel.receive(timeout));
            if (m instanceof Message.Error e) {
                throw new HostException(host, "handshake", e.message());
            }
            if (!(m instanceof Message.Welcome w)) {
                throw new HostException(host, "handshake", "expected WELCOME, got " + m.type());
            }
            welcome = w;
        } catch (EOFException e) {
            throw new HostException(host, "start peer", "the peer exited before the handshake" + detail());
        } catch (IOException | TimeoutException e) {
            throw new HostException(host, "handshake", PeerText.line(e.getMessage()) + detail());
        }
        dispatcher = new Thread(this::dispatch, "peer-dispatch " + host);
        dispatcher.setDaemon(true);
        dispatcher.start();
        return welcome;
    }

    public Message.Welcome welcome() {
        return welcome;
    }

    public boolean alive() {
        return deadReason == null;
    }

    /** Why the connection died, or null. */
    public String deadReason() {
        return deadReason;
    }

    /** The peer's clock as the exchanges so far tell it. */
    public PeerClock clock() {
        return clock;
    }

    /**
     * Makes up to {@code exchanges} clock exchanges with the peer, one after the other, each answered within {@code
     * timeout} or given up; returns the estimate then (empty if none was ever answered).
     */
    public Optional<PeerClock.Estimate> syncClock(int exchanges, Duration timeout) throws InterruptedException {
        for (int i = 0; i < exchanges && alive(); i++) {
            long t1 = System.nanoTime();
            CompletableFuture<ClockExchange> answer = new CompletableFuture<>();
            this.exchanges.put(t1, answer);
            try {
                channel.send(Message.Ping.asking(t1));
                answer.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            } catch (IOException | ExecutionException | TimeoutException e) {
                break; // the estimate so far stands; a dead peer fails its sides by itself
            } finally {
                this.exchanges.remove(t1);
            }
        }
        return clock.estimate();
    }

    /**
     * Starts one side of a test; its readiness and end arrive on the handle.
     *
     * @param link     the partner's token and address for a two-host test, else null
     * @param deadline how long the shell waits for the side's end (the peer ends the side's waits before it)
     */
    public SideHandle start(String id, String workload, String role, Map<String, Object> spec, Link link, Duration deadline) throws HostException {
        return start(id, workload, role, spec, link, deadline, false);
    }

    /**
     * {@link #start}; a {@code held} side is set up (READY) and waits until {@link #go} names the instant it begins at.
     */
    public SideHandle start(String id, String workload, String role, Map<String, Object> spec, Link link, Duration deadline, boolean held)
            throws HostException {
        Workload w = Workloads.named(workload);
        Role r = w == null ? null : w.roles().get(role);
        if (r == null) {
            throw new HostException(host, "start test", "no workload " + workload + " with a role " + role + " in this build");
        }
        SideHandle side = new SideHandle(id, host, () -> stop(id), at -> go(id, at), r);
        if (!alive()) {
            throw new HostException(host, "start test", deadReason);
        }
        sides.put(id, side);
        try {
            long nanos = Math.max(1, Math.min(deadline.toNanos(), Message.Start.LONGEST_DEADLINE_NANOS));
            channel.send(new Message.Start(id, workload, role, spec, link, nanos, held));
        } catch (IOException e) {
            sides.remove(id);
            throw new HostException(host, "start test", e.getMessage());
        }
        return side;
    }

    /**
     * Has held side {@code id} begin at {@code atShellNanos} on the shell's clock ({@link System#nanoTime()}), which the
     * peer gets as its own clock reads that instant ({@link PeerClock#toPeer}); its DONE says how late it began ({@link
     * SideHandle#lateNanos}).
     */
    void go(String id, long atShellNanos) throws HostException {
        try {
            channel.send(new Message.Go(id, clock.toPeer(atShellNanos)));
        } catch (IOException e) {
            throw new HostException(host, "start test", e.getMessage());
        }
    }

    void stop(String id) {
        try {
            channel.send(new Message.Stop(id));
        } catch (IOException e) {
            // the peer is gone; its sides fail by themselves
        }
    }

    private void dispatch() {
        long lastHeard = System.nanoTime();
        long nextPing = lastHeard + pingEvery.toNanos();
        try {
            while (true) {
                long now = System.nanoTime();
                if (now - nextPing >= 0) {
                    nextPing = now + pingEvery.toNanos();
                    channel.send(Message.Ping.asking(now)); // also while intervals flow: the peer's proof that the shell is there
                }
                Message m;
                try {
                    m = channel.receive(Duration.ofNanos(Math.max(1, Math.min(POLL.toNanos(), nextPing - now))));
                    lastHeard = System.nanoTime();
                } catch (TimeoutException e) {
                    if (System.nanoTime() - lastHeard > deadAfter.toNanos()) {
                        die("no reply from the peer for " + deadAfter.toSeconds() + " s");
                        return;
                    }
                    continue;
                }
                route(PeerText.message(m), lastHeard);
            }
        } catch (EOFException e) {
            die("the peer exited" + detail());
        } catch (ProtocolException e) {
            die("bad frame from the peer: " + e.getMessage());
        } catch (IOException e) {
            die("control connection lost: " + e.getMessage() + detail());
        } catch (InterruptedException e) {
            die("interrupted");
        }
    }

    /** Hands a frame, had at {@code heard} on the shell's clock, to whom it is for. */
    private void route(Message m, long heard) {
        if (m instanceof Message.Ping p && p.exchange(heard) != null) {
            ClockExchange e = p.exchange(heard);
            clock.add(e);
            CompletableFuture<ClockExchange> waiting = exchanges.get(e.t1());
            if (waiting != null) {
                waiting.complete(e);
            }
        } else if (m instanceof Message.Ready r) {
            withSide(r.id(), s -> s.readied(r.endpoint()));
        } else if (m instanceof Message.Interval i) {
            withSide(i.id(), s -> s.interval(i.sample()));
        } else if (m instanceof Message.Done d) {
            SideHandle s = sides.remove(d.id());
            if (s != null) {
                s.done(d);
            }
        } else if (m instanceof Message.Error e) {
            SideHandle s = e.id() == null ? null : sides.remove(e.id());
            if (s != null) {
                s.fail(e.message(), e.kind());
            }
        }
    }

    private void withSide(String id, java.util.function.Consumer<SideHandle> action) {
        SideHandle s = sides.get(id);
        if (s != null) {
            action.accept(s);
        }
    }

    private void die(String why) {
        String reason = PeerText.line(why); // a bad frame's message may quote the peer
        deadReason = reason;
        for (SideHandle s : sides.values()) {
            s.lost(host + ": " + reason);
        }
        sides.clear();
    }

    private String detail() {
        String d = diagnostics.get();
        return d == null || d.isBlank() ? "" : " (" + PeerText.line(d.strip()) + ")";
    }

    @Override
    public void close() {
        deadReason = deadReason == null ? "closed" : deadReason;
        channel.close();
    }
}
