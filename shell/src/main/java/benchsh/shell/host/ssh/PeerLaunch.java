package benchsh.shell.host.ssh;

import benchsh.peer.protocol.ControlChannel;
import benchsh.shell.host.HostException;
import benchsh.shell.host.LocalHost;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumSet;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionListener;

/**
 * The peer running on a host: {@code java -jar <jar> --stdio} on an exec channel, started by a
 * {@link LaunchScript} that runs only the jar whose hash it checked; the control channel over the
 * exec channel's stdin/stdout, and the tail of its stderr (and why the SSH connection was lost, if
 * it was) for error messages. The peer exits when its stdin closes, so closing this ends it.
 * Thread-safe.
 */
public final class PeerLaunch implements AutoCloseable {
    /** Marks the peer's command line, so {@code pgrep -f benchsh-peer} finds it. */
    public static final String MARKER = "-Dbenchsh.process=benchsh-peer";
    private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(3);
    /** JVM options of every peer; {@link #MARKER} names the process; no perf data file a killed peer would leave ({@link LocalHost#NO_PERF_DATA}). */
    static final String JVM_OPTIONS = "-XX:+UseSerialGC -Xss512k " + LocalHost.NO_PERF_DATA + " " + MARKER;

    private final ChannelExec channel;
    private final StderrTail stderr;
    private final ControlChannel control;
    private final SessionLoss loss;

    private PeerLaunch(ChannelExec channel, StderrTail stderr, ControlChannel control, SessionLoss loss) {
        this.channel = channel;
        this.stderr = stderr;
        this.control = control;
        this.loss = loss;
    }

    /**
     * The command that starts the peer from {@code d} (see {@link LaunchScript}): the jar's hash is
     * checked through the file handle that java then runs, and {@code -Dbenchsh.jar=<path>} shows
     * which jar it is.
     *
     * @param cpus the CPUs to run the peer on ({@link SshTarget#cpus()}), or null
     */
    public static String command(String java, PeerUpload.Deployed d, String cpus) {
        return RemoteCommand.sh(LaunchScript.of(java, JVM_OPTIONS, d, LaunchScript.FD_PATHS, cpus));
    }

    /** @param cpus the CPUs to run the peer on ({@link SshTarget#cpus()}), or null */
    public static PeerLaunch start(ClientSession session, String host, String java, PeerUpload.Deployed d, String cpus)
            throws HostException {
        String command;
        try {
            command = command(java, d, cpus);
        } catch (IllegalArgumentException e) {
            throw new HostException(host, "start peer", "the java path or the jar's directory contains a '!' or a line break, which "
                    + "no login shell passes on safely; give java: and dir: without them");
        }
        ChannelExec ch = null;
        SessionLoss loss = new SessionLoss();
        try {
            ch = session.createExecChannel(command);
            StderrTail err = new StderrTail();
            ch.setErr(err);
            session.addSessionListener(loss);
            ch.addCloseFutureListener(f -> session.removeSessionListener(loss));
            ch.open().verify(OPEN_TIMEOUT);
            ControlChannel control = new ControlChannel("peer on " + host, ch.getInvertedOut(), ch.getInvertedIn());
            return new PeerLaunch(ch, err, control, loss);
        } catch (IOException | RuntimeException e) {
            session.removeSessionListener(loss);
            if (ch != null) {
                ch.close(true);
            }
            throw new HostException(host, "start peer", "cannot open an exec channel: " + e.getMessage());
        }
    }

    public ControlChannel control() {
        return control;
    }

    /**
     * What the launch script said when it refused to start the peer (e.g. no taskset for {@code cpus:}),
     * as the error naming its step; null when the peer did not end with a refusal. Waits briefly for the
     * exit status, which may arrive after the end of the peer's output.
     */
    public HostException refusal(String host) {
        channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED, ClientChannelEvent.EXIT_STATUS), CLOSE_WAIT);
        return LaunchScript.refusal(host, channel.getExitStatus(), stderr.tail());
    }

    /** The exit status (if any), why the SSH connection was lost (if it was) and the last lines of stderr; may be empty. */
    public String diagnostics() {
        Integer exit = channel.getExitStatus();
        String signal = channel.getExitSignal();
        String tail = stderr.tail();
        StringBuilder sb = new StringBuilder();
        if (exit != null) {
            sb.append("exit status ").append(exit);
        } else if (signal != null) {
            sb.append("killed by SIG").append(signal);
        } else if (loss.reason != null) {
            sb.append(loss.reason);
        }
        if (!tail.isEmpty()) {
            sb.append(sb.length() > 0 ? ": " : "").append(tail);
        }
        return sb.toString();
    }

    @Override
    public void close() {
        control.close();
        channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED, ClientChannelEvent.EXIT_STATUS), CLOSE_WAIT);
        channel.close(false);
    }

    /** Remembers why the SSH session failed, e.g. a server that stopped answering keepalives. */
    private static final class SessionLoss implements SessionListener {
        volatile String reason;

        @Override
        public void sessionException(Session session, Throwable t) {
            String m = String.valueOf(t.getMessage());
            reason = m.contains("heartbeat requests without reply")
                    ? "the SSH connection went silent: " + SshSettings.UNANSWERED_KEEPALIVES + " keepalives in a row got no reply"
                    : "the SSH connection failed: " + t.getClass().getSimpleName() + ": " + m;
        }
    }

    /** Keeps the last 4 KiB the peer wrote to stderr. */
    static final class StderrTail extends OutputStream {
        private static final int KEEP = 4096;
        private final byte[] ring = new byte[KEEP];
        private long total;

        @Override
        public synchronized void write(int b) {
            ring[(int) (total++ % KEEP)] = (byte) b;
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            for (int i = 0; i < len; i++) {
                write(b[off + i]);
            }
        }

        /** The last three non-blank lines, joined with " | ". */
        synchronized String tail() {
            int n = (int) Math.min(total, KEEP);
            byte[] out = new byte[n];
            for (int i = 0; i < n; i++) {
                out[i] = ring[(int) ((total - n + i) % KEEP)];
            }
            String[] lines = new String(out, StandardCharsets.UTF_8).strip().split("\\R");
            StringBuilder sb = new StringBuilder();
            for (int i = Math.max(0, lines.length - 3); i < lines.length; i++) {
                if (!lines[i].isBlank()) {
                    sb.append(sb.length() > 0 ? " | " : "").append(lines[i].strip());
                }
            }
            return sb.toString();
        }
    }
}
