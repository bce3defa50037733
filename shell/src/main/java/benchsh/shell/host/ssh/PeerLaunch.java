package benchsh.shell.host.ssh;

import benchsh.peer.protocol.ControlChannel;
import benchsh.shell.host.HostException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumSet;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;

/**
 * The peer running on a host: {@code java -jar <jar> --stdio} on an exec channel, the control
 * channel over the exec channel's stdin/stdout, and the tail of its stderr for error messages.
 * The peer exits when its stdin closes, so closing this ends it. Thread-safe.
 */
public final class PeerLaunch implements AutoCloseable {
    /** Marks the peer's command line, so {@code pgrep -f benchsh-peer} finds it. */
    public static final String MARKER = "-Dbenchsh.process=benchsh-peer";
    private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(3);

    private final ChannelExec channel;
    private final StderrTail stderr;
    private final ControlChannel control;

    private PeerLaunch(ChannelExec channel, StderrTail stderr, ControlChannel control) {
        this.channel = channel;
        this.stderr = stderr;
        this.control = control;
    }

    /** The command that starts the peer (the work directory is where the jar lies). */
    public static String command(String java, String jarPath) {
        return "exec " + RemoteCommand.quote(java) + " -XX:+UseSerialGC -Xss512k " + MARKER + " -jar " + RemoteCommand.quote(jarPath)
                + " --stdio";
    }

    public static PeerLaunch start(ClientSession session, String host, String java, String jarPath) throws HostException {
        ChannelExec ch = null;
        try {
            ch = session.createExecChannel(command(java, jarPath));
            StderrTail err = new StderrTail();
            ch.setErr(err);
            ch.open().verify(OPEN_TIMEOUT);
            ControlChannel control = new ControlChannel("peer on " + host, ch.getInvertedOut(), ch.getInvertedIn());
            return new PeerLaunch(ch, err, control);
        } catch (IOException | RuntimeException e) {
            if (ch != null) {
                ch.close(true);
            }
            throw new HostException(host, "start peer", "cannot open an exec channel: " + e.getMessage());
        }
    }

    public ControlChannel control() {
        return control;
    }

    /** The exit status (if any) and the last lines of stderr, for error messages; may be empty. */
    public String diagnostics() {
        Integer exit = channel.getExitStatus();
        String signal = channel.getExitSignal();
        String tail = stderr.tail();
        StringBuilder sb = new StringBuilder();
        if (exit != null) {
            sb.append("exit status ").append(exit);
        } else if (signal != null) {
            sb.append("killed by SIG").append(signal);
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
