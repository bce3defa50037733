package benchsh.shell.host.ssh;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;

/**
 * Runs a short command on a host over an exec channel and returns its exit status and output.
 * Bounded by a timeout; output capped at 64 KiB per stream.
 */
public final class RemoteCommand {
    private static final int CAP = 64 * 1024;

    /** @param exit the exit status, or -1 when the server reported none (e.g. killed by a signal) */
    public record Outcome(int exit, String stdout, String stderr) {
        /** stdout and stderr together, trimmed, for messages. */
        public String output() {
            return (stdout.strip() + "\n" + stderr.strip()).strip();
        }
    }

    private RemoteCommand() {
    }

    public static Outcome run(ClientSession session, String command, Duration timeout) throws IOException {
        return run(session, command, null, timeout);
    }

    /** As {@link #run(ClientSession, String, Duration)}, with {@code input} (or nothing, for null) on the command's standard input. */
    public static Outcome run(ClientSession session, String command, String input, Duration timeout) throws IOException {
        ByteArrayOutputStream out = new CappedBuffer(CAP);
        ByteArrayOutputStream err = new CappedBuffer(CAP);
        try (ChannelExec ch = session.createExecChannel(command)) {
            if (input != null) {
                ch.setIn(new java.io.ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
            }
            ch.setOut(out);
            ch.setErr(err);
            ch.open().verify(timeout);
            Set<ClientChannelEvent> events = ch.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), timeout);
            if (events.contains(ClientChannelEvent.TIMEOUT)) {
                throw new IOException("'" + command + "' did not finish within " + timeout.toSeconds() + " s");
            }
            Integer exit = ch.getExitStatus();
            return new Outcome(exit == null ? -1 : exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        }
    }

    /**
     * The command that runs a one-line POSIX script with {@code /bin/sh} whatever the login shell is
     * (csh, fish, ...): the script must not contain newlines or {@code !}.
     */
    public static String sh(String script) {
        if (script.indexOf('\n') >= 0 || script.indexOf('!') >= 0) {
            throw new IllegalArgumentException("a script for any login shell must be one line without '!': " + script);
        }
        return "exec /bin/sh -c " + quote(script);
    }

    /** Quotes a word for a POSIX shell. */
    public static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** A byte buffer that keeps the first {@code cap} bytes and drops the rest. Thread-safe. */
    public static final class CappedBuffer extends ByteArrayOutputStream {
        private final int cap;

        public CappedBuffer(int cap) {
            this.cap = cap;
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            super.write(b, off, Math.max(0, Math.min(len, cap - count)));
        }

        @Override
        public synchronized void write(int b) {
            if (count < cap) {
                super.write(b);
            }
        }
    }
}
