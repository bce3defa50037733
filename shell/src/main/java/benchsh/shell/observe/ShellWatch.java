package benchsh.shell.observe;

import benchsh.peer.observe.Load;
import benchsh.peer.observe.Observation;
import benchsh.peer.observe.ObserveWorkload;
import benchsh.peer.observe.ProcCounters;
import benchsh.peer.workload.Interval;
import benchsh.shell.host.HostException;
import benchsh.shell.host.SshHost;
import benchsh.shell.host.ssh.RemoteCommand;
import benchsh.shell.host.ssh.RemoteLines;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;

/**
 * A watch of a host that has no peer, over plain SSH: one exec channel on the host's login session runs a
 * {@link ProcScript} (sent on its standard input, nothing is uploaded), and a reader thread turns its framed
 * output into readings ({@link ProcFrames}) and those into the peer's figures ({@link Observation}). Stopping
 * closes the channel's input: the loop takes its last reading and exits, and the channel closes. A channel
 * that closes before that (the session was lost) ends the watch with an error; what it read until then is
 * kept. Every wait is bounded. Thread-safe.
 */
final class ShellWatch implements HostWatch {
    /** How long opening the channel may take. */
    static final Duration OPEN_TIMEOUT = Duration.ofSeconds(15);
    static final String STEP = "observe over ssh";
    /** The command: a POSIX sh that runs the first line of its input. */
    static final String COMMAND = RemoteCommand.sh("IFS= read -r s && eval \"$s\"");
    private static final int MAX_LINE = 64 * 1024;
    /** How long a loop that ended may take to deliver what it said on stderr. */
    private static final Duration SAID_WAIT = Duration.ofSeconds(2);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String host;
    private final ChannelExec channel;
    private final ProcScript script;
    private final ProcFrames frames;
    private final Tail said = new Tail();
    private final CountDownLatch firstRead = new CountDownLatch(1);
    private final CountDownLatch ended = new CountDownLatch(1);
    private final List<Interval<Load>> intervals = new ArrayList<>();
    private volatile Instant began;
    private ProcCounters first;
    private ProcCounters previous;
    private ProcCounters last;
    private boolean finalRead;
    private long startNanos;

    private ShellWatch(String host, ChannelExec channel, ProcScript script, boolean loopback) {
        this.host = host;
        this.channel = channel;
        this.script = script;
        this.frames = new ProcFrames(script.token(), loopback);
    }

    /**
     * Opens the channel on {@code h}'s login session and starts the loop; {@link #awaitReady} then waits for
     * its first reading.
     *
     * @param max the longest the loop runs if it is never stopped
     */
    static ShellWatch start(SshHost h, Duration interval, Duration max, boolean loopback) throws HostException, InterruptedException {
        ClientSession session = h.loginSession();
        byte[] random = new byte[8];
        RANDOM.nextBytes(random);
        ProcScript script = new ProcScript("@benchsh-" + HexFormat.of().formatHex(random), interval, max);
        ChannelExec ch = null;
        try {
            ch = session.createExecChannel(COMMAND);
            ShellWatch w = new ShellWatch(h.name(), ch, script, loopback);
            ch.setErr(w.said);
            ch.open().verify(OPEN_TIMEOUT);
            OutputStream in = ch.getInvertedIn();
            in.write((script.text() + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            InputStream out = ch.getInvertedOut();
            Thread reader = new Thread(() -> w.read(out), "observe-ssh-" + h.name());
            reader.setDaemon(true);
            reader.start();
            return w;
        } catch (IOException | RuntimeException e) {
            if (ch != null) {
                ch.close(true);
            }
            throw new HostException(h.name(), STEP, "cannot open an exec channel for the /proc loop: " + e.getMessage()
                    + "; check that the SSH server allows commands");
        }
    }

    /** Waits for the loop's first reading; a loop that prints none in time is closed and explained. */
    void awaitReady(Duration timeout) throws HostException, InterruptedException {
        boolean read = firstRead.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
        synchronized (this) {
            if (read && first != null) {
                return;
            }
        }
        String why = "no reading within " + timeout.toSeconds() + " s";
        if (ended.getCount() == 0) {
            channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), SAID_WAIT); // its last words on stderr may still be coming
            why = "the shell there ended before its first reading";
        }
        String message = why + saidText() + "; it needs a POSIX sh, cat and /proc there";
        close();
        throw new HostException(host, STEP, message);
    }

    private String saidText() {
        String s = said.text();
        Integer exit = channel.getExitStatus();
        return (exit == null ? "" : " (exit " + exit + ")") + (s.isEmpty() ? "" : ": " + s);
    }

    /** The reader thread: bounded lines into frames, until the channel's output ends. */
    private void read(InputStream out) {
        try (out) {
            RemoteLines.read(out, MAX_LINE, StandardCharsets.ISO_8859_1, line -> reading(frames.accept(line)), frames::torn);
        } catch (IOException e) {
            // the channel closed under the reader: what was read stays
        } finally {
            ended.countDown();
            firstRead.countDown();
        }
    }

    private void reading(ProcFrames.Reading r) {
        if (r == null) {
            return;
        }
        synchronized (this) {
            if (first == null) {
                first = r.counters();
                previous = first;
                began = Instant.now();
                startNanos = System.nanoTime();
                firstRead.countDown();
            } else if (!r.last()) {
                intervals.add(Observation.interval(first, previous, r.counters()));
                previous = r.counters();
            }
            last = r.counters();
            finalRead |= r.last();
        }
    }

    @Override
    public String via() {
        return "ssh";
    }

    @Override
    public Instant began() {
        Instant b = began;
        return b == null ? Instant.now() : b;
    }

    @Override
    public void stop() {
        try {
            channel.getInvertedIn().close();
        } catch (IOException | RuntimeException e) {
            // the channel is gone already: the watch has ended
        }
    }

    @Override
    public boolean isDone() {
        return ended.getCount() == 0;
    }

    @Override
    public synchronized List<Interval<Load>> intervals() {
        return List.copyOf(intervals);
    }

    @Override
    public synchronized ObserveWorkload.Report figures() {
        return first == null ? null : Observation.whole(first, last);
    }

    @Override
    public synchronized String error() {
        if (finalRead) {
            return null;
        }
        double after = first == null ? 0 : (System.nanoTime() - startNanos) / 1e9;
        String kept = first == null ? "" : "; the figures up to its last reading are kept";
        if (!isDone()) {
            return host + ": " + STEP + ": no last reading within " + Observers.STOP_TIMEOUT.toSeconds() + " s after the test" + kept;
        }
        return host + ": " + STEP + String.format(Locale.ROOT, ": the SSH channel closed %.1f s into the watch, before its last reading "
                + "(the session was lost?)", after) + saidText() + kept;
    }

    @Override
    public List<String> notes() {
        String chose = frames.interval();
        double asked = script.interval().toNanos() / 1e9;
        if (chose != null && !chose.contains(".")) {
            double whole = Double.parseDouble(chose);
            if (whole != asked) {
                return List.of(String.format(Locale.ROOT, "sleep on %s takes whole seconds: read every %s s, not %.3f s", host, chose, asked));
            }
        }
        return List.of();
    }

    @Override
    public void close() {
        channel.close(true);
    }

    /** The last 2 KiB the loop wrote to its standard error, for messages. */
    private static final class Tail extends OutputStream {
        private static final int KEEP = 2048;
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            bytes.write(b, off, len);
            if (bytes.size() > 2 * KEEP) {
                byte[] all = bytes.toByteArray();
                bytes.reset();
                bytes.write(all, all.length - KEEP, KEEP);
            }
        }

        synchronized String text() {
            String s = bytes.toString(StandardCharsets.UTF_8).strip();
            s = s.length() > KEEP ? s.substring(s.length() - KEEP) : s;
            return s.replaceAll("\\s*\\R\\s*", "; ");
        }
    }
}
