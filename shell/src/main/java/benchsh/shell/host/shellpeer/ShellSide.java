package benchsh.shell.host.shellpeer;

import benchsh.peer.protocol.Endpoint;
import benchsh.peer.protocol.ErrorKind;
import benchsh.peer.workload.Role;
import benchsh.shell.host.HostException;
import benchsh.shell.host.SideHandle;
import benchsh.shell.host.ssh.RemoteCommand;
import benchsh.shell.host.ssh.RemoteLines;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.session.ClientSession;

/**
 * One side of a test run by a host's own tools: one exec channel on the host's login session runs the job's
 * {@link SideScript} (sent on its standard input: nothing is uploaded), and a reader thread reads what it says
 * ({@link Said}) and tells the side's {@link SideHandle}: ready (with its port, for a listener) and, when the channel
 * closes, how it ended. Stopping closes the channel's input: the script stops its tools, cleans up and exits. A
 * channel that closes before the script's end (the session was lost) ends the side with an I/O error; the script,
 * which sees its input end too, still stops its tools and cleans up on the host. Thread-safe.
 */
final class ShellSide {
    /** How long opening the channel may take. */
    static final Duration OPEN_TIMEOUT = Duration.ofSeconds(15);
    /** What the command runs: the first line of its input. */
    static final String COMMAND_LINE = "IFS= read -r s && eval \"$s\"";
    /** The command: a POSIX sh that runs the first line of its input. */
    static final String COMMAND = RemoteCommand.sh(COMMAND_LINE);
    /** The side stops its tools this long before the shell's deadline, to report in time. */
    static final Duration MARGIN = Duration.ofSeconds(2);
    private static final int MAX_LINE = 64 * 1024;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String host;
    private final ShellJob job;
    private final ChannelExec channel;
    private final Said said;
    private final SideHandle.Feed feed;
    private final ByteArrayOutputStream stderr = new RemoteCommand.CappedBuffer(2048);

    private ShellSide(String host, String id, Role role, ShellJob job, ChannelExec channel, String token) {
        this.host = host;
        this.job = job;
        this.channel = channel;
        this.said = new Said(token);
        this.feed = SideHandle.fed(id, host, role, this::stop);
    }

    /** A new random token for a side's frames. */
    static String newToken() {
        byte[] random = new byte[8];
        RANDOM.nextBytes(random);
        return SideScript.TOKEN_PREFIX + HexFormat.of().formatHex(random);
    }

    /**
     * Opens the channel and starts the job's script.
     *
     * @param deadline how long the shell waits for the side's end; the script stops its tools {@link #MARGIN} before
     */
    static SideHandle start(ClientSession session, String host, String id, Role role, ShellJob job, Duration deadline) throws HostException {
        String token = newToken();
        String script = SideScript.text(token, job, Math.max(1, deadline.minus(MARGIN).toSeconds()));
        ChannelExec ch = null;
        try {
            ch = session.createExecChannel(COMMAND);
            ShellSide side = new ShellSide(host, id, role, job, ch, token);
            ch.setErr(side.stderr);
            ch.open().verify(OPEN_TIMEOUT);
            OutputStream in = ch.getInvertedIn();
            in.write((script + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            InputStream out = ch.getInvertedOut();
            Thread reader = new Thread(() -> side.read(out), "shell-side-" + host + "-" + id);
            reader.setDaemon(true);
            reader.start();
            return side.feed.handle();
        } catch (IOException | RuntimeException e) {
            if (ch != null) {
                ch.close(true);
            }
            throw new HostException(host, "start " + job.tools(), "cannot open an exec channel for its tools: " + e.getMessage()
                    + "; check that the SSH server allows commands");
        }
    }

    /** Ends the script's input: it stops its tools, cleans up and ends. */
    private void stop() {
        try {
            channel.getInvertedIn().close();
        } catch (IOException | RuntimeException e) {
            // the channel is gone already: the side has ended or will, as lost
        }
    }

    /** The reader thread: bounded lines to {@link Said}, until the channel's output ends; then the side's end. */
    private void read(InputStream out) {
        try (out) {
            RemoteLines.read(out, MAX_LINE, StandardCharsets.UTF_8, this::accept, () -> { });
        } catch (IOException e) {
            // the channel closed under the reader: what was read stays
        } finally {
            channel.close(false);
            ended();
        }
    }

    private void accept(String line) {
        Integer port = said.accept(line);
        if (port != null) {
            feed.ready(port > 0 ? new Endpoint(port) : null);
        }
    }

    /** Tells the handle how the side ended, once the channel is closed. */
    private void ended() {
        String where = host + ": " + (said.step() == null ? "" : said.step() + " ") + "(" + job.tools() + "): ";
        if (!said.ended()) {
            String err;
            synchronized (stderr) {
                err = stderr.toString(StandardCharsets.UTF_8).strip().replaceAll("\\s*\\R\\s*", "; ");
            }
            feed.end(null, where + "the SSH channel closed before its tools ended (the session was lost?)" + (err.isEmpty() ? "" : ": " + err)
                    + "; its script stops them and removes what it created when it sees the channel gone", ErrorKind.IO, job.tools());
            return;
        }
        ShellJob.Ended e;
        try {
            e = job.end(said);
        } catch (RuntimeException ex) {
            e = new ShellJob.Ended(null, where + "could not read what its tools said: " + ex, ErrorKind.PROTOCOL);
        }
        if (said.stopped()) {
            e = new ShellJob.Ended(e.report(), where + "stopped", ErrorKind.CANCELLED);
        } else if (said.deadline()) {
            e = new ShellJob.Ended(e.report(), where + "did not end before the test's deadline; its tools were stopped", ErrorKind.TIMEOUT);
        }
        feed.end(e.report(), e.error(), e.kind(), job.tools());
    }
}
