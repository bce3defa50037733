package benchsh.shell.host;

import benchsh.peer.io.StreamSockets;
import benchsh.peer.protocol.ControlChannel;
import benchsh.peer.protocol.Endpoint;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.protocol.Message;
import benchsh.peer.protocol.SpecCodec;
import benchsh.peer.stream.TcpSample;
import benchsh.peer.stream.TcpStream;
import benchsh.peer.workload.Interval;
import java.io.EOFException;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A scripted peer in this JVM, speaking the control protocol over pipes: it welcomes the shell with
 * {@code facts}, answers every START with READY, then {@code intervals} INTERVAL samples (of bytes moved, or the
 * raw {@code sample} given) {@code every} apart and a DONE carrying {@code report} and {@code error}, answers PINGs
 * (with its clock, this JVM's plus {@link #skew}) and counts them, and keeps the instant each GO names. A STOP ends a
 * side at once. Close it to make the shell see the peer exit. Thread-safe.
 */
final class FakePeer implements AutoCloseable {
    private final ControlChannel shellEnd;
    private final ControlChannel peerEnd;
    private final Map<String, Object> facts;
    private final Map<String, Object> sample;
    private final Record report;
    private final int intervals;
    private final Duration every;
    private final String error;
    private final AtomicInteger pings = new AtomicInteger();
    private final Set<String> stopped = ConcurrentHashMap.newKeySet();
    /** The instant each GO named ({@code at_ns}, on this peer's clock), by side id. */
    final Map<String, Long> startAt = new ConcurrentHashMap<>();
    /** How far this peer's clock reads ahead of the JVM's. */
    volatile long skew;
    private final Thread loop;

    /** A peer whose sides send samples of bytes moved and report a tcp side's figures. */
    FakePeer(Map<String, Object> facts, int intervals, Duration every, String error) throws IOException {
        this(facts, null, new TcpStream.Report(null, 0, null, null, StreamSockets.Chosen.byDefault(), null), intervals, every, error);
    }

    /**
     * @param sample    what each INTERVAL carries as it is, or null for samples of bytes moved
     * @param report    the record each DONE carries
     * @param intervals how many samples each side sends before its DONE (Integer.MAX_VALUE: until stopped)
     */
    FakePeer(Map<String, Object> facts, Map<String, Object> sample, Record report, int intervals, Duration every, String error) throws IOException {
        this.facts = facts;
        this.sample = sample;
        this.report = report;
        this.intervals = intervals;
        this.every = every;
        this.error = error;
        Pipe toPeer = Pipe.open();
        Pipe toShell = Pipe.open();
        shellEnd = new ControlChannel("fake peer", Channels.newInputStream(toShell.source()), Channels.newOutputStream(toPeer.sink()));
        peerEnd = new ControlChannel("shell", Channels.newInputStream(toPeer.source()), Channels.newOutputStream(toShell.sink()));
        loop = new Thread(this::serve, "fake-peer");
        loop.setDaemon(true);
        loop.start();
    }

    /** The shell's end of the control channel. */
    ControlChannel shellEnd() {
        return shellEnd;
    }

    /** PINGs received from the shell so far. */
    int pings() {
        return pings.get();
    }

    private void serve() {
        try {
            for (int i = 0; i < 1_000_000; i++) {
                Message m;
                try {
                    m = peerEnd.receive(Duration.ofSeconds(1));
                } catch (TimeoutException e) {
                    continue;
                }
                if (m instanceof Message.Hello) {
                    peerEnd.send(new Message.Welcome(Message.PROTOCOL, "fake", facts));
                } else if (m instanceof Message.Ping p) {
                    pings.incrementAndGet();
                    long now = System.nanoTime() + skew;
                    peerEnd.send(p.sentNanos() == null ? new Message.Ping() : new Message.Ping(p.sentNanos(), now, now));
                } else if (m instanceof Message.Stop s) {
                    stopped.add(s.id());
                } else if (m instanceof Message.Go g) {
                    startAt.put(g.id(), g.atNanos());
                } else if (m instanceof Message.Start s) {
                    peerEnd.send(new Message.Ready(s.id(), new Endpoint(9)));
                    Thread side = new Thread(() -> runSide(s.id(), s.workload()), "fake-side " + s.id());
                    side.setDaemon(true);
                    side.start();
                }
            }
        } catch (EOFException e) {
            // the shell closed the channel
        } catch (IOException | InterruptedException e) {
            // closed while serving
        }
    }

    /** A side of {@code workload}: its samples of bytes moved are tcp's own record there, {@link Interval.Bytes} elsewhere. */
    private void runSide(String id, String workload) {
        List<Object> sent = new ArrayList<>();
        try {
            for (int i = 0; i < intervals && !stopped.contains(id); i++) {
                double seconds = every.toMillis() / 1000.0;
                Interval.Bytes moved = new Interval.Bytes(1000, 8000 / seconds);
                Map<String, Object> s = sample != null ? sample : SpecCodec.encode(new Interval<>(i * seconds, (i + 1) * seconds,
                        TcpStream.NAME.equals(workload) ? new TcpSample(moved, null) : moved));
                peerEnd.send(new Message.Interval(id, s));
                sent.add(s);
                Thread.sleep(every.toMillis());
            }
            peerEnd.send(new Message.Done(id, SpecCodec.encode(report), sent, error, error == null ? null : ErrorKind.IO));
        } catch (IOException | InterruptedException e) {
            // closed while the side ran
        }
    }

    @Override
    public void close() {
        peerEnd.close();
        loop.interrupt();
    }
}
