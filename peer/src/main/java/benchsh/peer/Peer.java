package benchsh.peer;

import benchsh.peer.facts.HostFacts;
import benchsh.peer.protocol.ControlChannel;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.ErrorWords;
import benchsh.peer.protocol.Message;
import benchsh.peer.protocol.ProtocolException;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.workload.Interval;
import benchsh.peer.workload.Outcome;
import benchsh.peer.workload.Side;
import benchsh.peer.workload.SideContext;
import benchsh.peer.workload.Workload;
import benchsh.peer.workload.Workloads;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * The peer's control loop: handshake, then START/STOP/PING until the shell goes away or falls
 * silent. The shell sends a frame at least every 10 s (it pings on a fixed cadence), so a peer that
 * has run a side and then hears nothing for {@link #SHELL_SILENCE} takes the shell for gone (its
 * machine vanished without a FIN) and exits; a peer that has run nothing since the shell last spoke
 * waits the longer idle timeout. Each started side runs on its own thread (a held one from the instant its GO names:
 * {@link ScheduledSide}) and ends with a DONE message; a PING is answered with this peer's clock. On
 * exit every running side is cancelled and the peer's temp directory is removed.
 */
public final class Peer {
    static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(15);
    static final Duration POLL = Duration.ofSeconds(1);
    /** How long one control frame may take to arrive in full once its header has been read. */
    static final Duration FRAME_DEADLINE = Duration.ofSeconds(10);
    /** How long a peer that runs (or ran) a side waits for a frame from the shell: three of its 10 s pings. */
    public static final Duration SHELL_SILENCE = Duration.ofSeconds(30);
    /** The exit code when the shell fell silent during a test. */
    static final int SHELL_SILENT = 3;
    /** How long before the shell's deadline a side must end, so that its DONE reaches the shell in time. */
    static final Duration REPORT_MARGIN = Duration.ofSeconds(2);
    private static final Duration STOP_WAIT = Duration.ofSeconds(3);
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(2);

    private final ControlChannel channel;
    private final Duration idleTimeout;
    private final Duration shellSilence;
    /** The time ({@link System#nanoTime()}, or a test's clock) that the shell's silence is measured on. */
    private final LongSupplier clock;
    private final Map<String, ScheduledSide> running = new ConcurrentHashMap<>();
    private Path tempDir;

    public Peer(ControlChannel channel, Duration idleTimeout) {
        this(channel, idleTimeout, SHELL_SILENCE);
    }

    /**
     * @param idleTimeout how long to wait for the shell while no side has run since it last spoke
     * @param shellSilence how long to wait for the shell once a side has run since it last spoke
     */
    public Peer(ControlChannel channel, Duration idleTimeout, Duration shellSilence) {
        this(channel, idleTimeout, shellSilence, System::nanoTime);
    }

    /** A peer that measures the shell's silence on {@code clock} (nanoseconds; a test's, which the test moves). */
    Peer(ControlChannel channel, Duration idleTimeout, Duration shellSilence, LongSupplier clock) {
        this.channel = channel;
        this.idleTimeout = idleTimeout;
        this.shellSilence = shellSilence;
        this.clock = clock;
    }

    public static String version() {
        try (var in = Peer.class.getResourceAsStream("/benchsh/peer/version.properties")) {
            java.util.Properties p = new java.util.Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "dev");
        } catch (IOException e) {
            return "dev";
        }
    }

    /**
     * Serves until the shell closes the channel; returns a process exit code: 0 the shell closed it or
     * the peer was idle too long, 2 a protocol error, 3 the shell fell silent while a side ran.
     */
    public int serve() {
        try {
            if (!handshake()) {
                return 2;
            }
            return loop();
        } catch (EOFException e) {
            return 0;
        } catch (IOException | TimeoutException e) {
            System.err.println("benchsh-peer: " + e.getMessage());
            trySend(new Message.Error(null, e.getMessage(), e instanceof ProtocolException ? ErrorKind.PROTOCOL : ErrorKind.IO));
            return 2;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        } finally {
            shutdown();
        }
    }

    private boolean handshake() throws IOException, TimeoutException, InterruptedException {
        Message first = channel.receive(HANDSHAKE_TIMEOUT);
        if (!(first instanceof Message.Hello hello)) {
            throw new ProtocolException("expected HELLO, got " + first.type());
        }
        if (hello.protocol() != Message.PROTOCOL) {
            channel.send(new Message.Error(null, "protocol " + hello.protocol() + " not supported; this peer (" + version()
                    + ") speaks " + Message.PROTOCOL + ": use the same benchsh version on both ends", ErrorKind.PROTOCOL));
            return false;
        }
        channel.send(new Message.Welcome(Message.PROTOCOL, version(), HostFacts.collect()));
        Workloads.names(); // finds the workloads now, not in the first START
        return true;
    }

    private int loop() throws IOException, InterruptedException {
        long lastHeard = clock.getAsLong();
        boolean ranSinceHeard = false; // a side ran since the shell last spoke: its silence then means it is gone
        while (true) {
            Message m;
            try {
                m = channel.receive(POLL);
            } catch (TimeoutException e) {
                Duration stuck = channel.partialFrameAge();
                String partial = channel.partialFrame();
                if (partial != null && stuck.compareTo(FRAME_DEADLINE) > 0) {
                    throw new ProtocolException("a " + partial + " frame from the shell is incomplete after " + stuck.toSeconds() + " s");
                }
                ranSinceHeard |= !running.isEmpty();
                long silent = clock.getAsLong() - lastHeard;
                if (ranSinceHeard && silent > shellSilence.toNanos()) {
                    System.err.println("benchsh-peer: no word from the shell for " + shellSilence.toSeconds()
                            + " s while a test ran (its machine or network is gone); cancelling " + running.size() + " side(s) and exiting");
                    return SHELL_SILENT;
                }
                if (!ranSinceHeard && silent > idleTimeout.toNanos()) {
                    System.err.println("benchsh-peer: idle for " + idleTimeout.toSeconds() + " s, exiting");
                    return 0;
                }
                continue;
            }
            long heard = System.nanoTime(); // a PING's answer reads the real clock
            lastHeard = clock.getAsLong();
            ranSinceHeard = !running.isEmpty();
            if (m instanceof Message.Start start) {
                start(start);
                ranSinceHeard = true;
            } else if (m instanceof Message.Stop stop) {
                Side side = running.get(stop.id());
                if (side != null) {
                    side.cancel();
                }
            } else if (m instanceof Message.Go go) {
                go(go);
            } else if (m instanceof Message.Ping ping) {
                channel.send(ping.answer(heard));
            } else {
                throw new ProtocolException("unexpected " + m.type() + " from the shell");
            }
        }
    }

    /** Releases a held side; a GO for a side that is not held or gone is ignored, one for more than a day ahead refused. */
    private void go(Message.Go go) throws IOException {
        if (go.atNanos() - System.nanoTime() > Message.Start.LONGEST_DEADLINE_NANOS) {
            channel.send(new Message.Error(go.id(), "the start of test id " + go.id() + " is more than 24 h away", ErrorKind.PROTOCOL));
            return;
        }
        ScheduledSide side = running.get(go.id());
        if (side != null) {
            side.go(go.atNanos());
        }
    }

    private void start(Message.Start start) throws IOException {
        Workload workload = Workloads.named(start.workload());
        if (workload == null) {
            channel.send(new Message.Error(start.id(), "unknown workload '" + start.workload() + "'; this peer knows " + Workloads.names(),
                    ErrorKind.PROTOCOL));
            return;
        }
        if (running.containsKey(start.id())) {
            channel.send(new Message.Error(start.id(), "test id " + start.id() + " is already running", ErrorKind.PROTOCOL));
            return;
        }
        ScheduledSide side;
        long deadline = System.nanoTime() + Math.max(0, start.deadlineNanos() - REPORT_MARGIN.toNanos());
        try {
            AtomicReference<ScheduledSide> scheduled = new AtomicReference<>();
            side = new ScheduledSide(workload.open(start.role(), start.spec(), start.link(), context(start.id(), deadline, scheduled)), start.hold(),
                    deadline);
            scheduled.set(side);
        } catch (IOException | RuntimeException e) {
            // a malformed spec is the shell's mistake; anything else is this host refusing to set the side up
            ErrorKind kind = e instanceof ProtocolException ? ErrorKind.PROTOCOL : ErrorKind.REFUSED;
            channel.send(new Message.Error(start.id(), ErrorWords.of(e), kind));
            return;
        }
        running.put(start.id(), side);
        channel.send(new Message.Ready(start.id(), side.endpoint()));
        Thread t = new Thread(() -> {
            Outcome o;
            try {
                o = side.run();
            } catch (RuntimeException e) {
                e.printStackTrace(); // on the peer's stderr, for a bug report
                o = Outcome.failed(ErrorKind.IO, "internal error in the peer (" + ErrorWords.of(e) + "); its stderr has the details");
            }
            trySend(new Message.Done(start.id(), o.report() == null ? null : SpecCodec.encode(o.report()), wire(o.intervals()), o.error(), o.kind(),
                    side.lateNanos()));
            running.remove(start.id()); // after its DONE is sent: shutdown waits for it before closing the channel
        }, "side-" + start.workload() + "-" + start.role());
        t.setDaemon(true);
        t.start();
    }

    /** A side's context; {@code scheduled} holds the side as its START asked it to begin, once it is set up. */
    private SideContext context(String id, long deadlineNanos, AtomicReference<ScheduledSide> scheduled) {
        return new SideContext() {
            @Override
            public OptionalLong scheduledNanos() {
                ScheduledSide s = scheduled.get();
                return s == null ? OptionalLong.empty() : s.instant();
            }

            @Override
            public void interval(Interval<?> sample) {
                trySend(new Message.Interval(id, SpecCodec.encode(sample)));
            }

            @Override
            public Path tempDir() {
                return Peer.this.tempDir();
            }

            @Override
            public long deadlineNanos() {
                return deadlineNanos;
            }
        };
    }

    private static List<Object> wire(List<Interval<?>> samples) {
        return samples.stream().map(s -> (Object) SpecCodec.encode(s)).toList();
    }

    private synchronized Path tempDir() {
        if (tempDir == null) {
            try {
                tempDir = Files.createTempDirectory("benchsh-peer-");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return tempDir;
    }

    private void trySend(Message m) {
        try {
            channel.send(m);
        } catch (IOException | RuntimeException e) {
            // the shell is gone; shutdown follows
        }
    }

    private void shutdown() {
        running.values().forEach(Side::cancel);
        long deadline = System.nanoTime() + STOP_WAIT.toNanos();
        while (!running.isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                break;
            }
        }
        removeTempDir();
        // closing flushes stdout, which blocks while a side thread is stuck writing to a shell that is gone
        Thread closer = new Thread(channel::close, "close-control");
        closer.setDaemon(true);
        closer.start();
        try {
            closer.join(CLOSE_WAIT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    synchronized void removeTempDir() {
        if (tempDir == null) {
            return;
        }
        try (Stream<Path> walk = Files.walk(tempDir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("benchsh-peer: could not remove " + tempDir + ": " + e.getMessage());
        }
        tempDir = null;
    }
}
