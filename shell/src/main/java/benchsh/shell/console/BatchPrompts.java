package benchsh.shell.console;

import benchsh.shell.host.ssh.SecretPrompt;
import benchsh.shell.secret.Secrets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * {@code password: prompt} (and SSH's passphrase questions) in batch mode: asked without echo on the terminal
 * benchsh was started from, as in the REPL, when there is one — its input is a terminal, and so is its error or
 * standard output (the other may be piped, e.g. {@code --json - | jq}). The terminal is opened for each question
 * and closed after it. Answers are remembered by the session's {@link Secrets}, so they are masked from then on.
 * Thread-safe: one question at a time.
 */
public final class BatchPrompts implements SecretPrompt {
    private final Secrets secrets;

    private BatchPrompts(Secrets secrets) {
        this.secrets = secrets;
    }

    /** A prompt on this process's terminal, or {@link SecretPrompt#NONE} when it has none (a pipe, cron, CI). */
    public static SecretPrompt onTerminal(Secrets secrets) {
        return hasTerminal() ? new BatchPrompts(secrets) : SecretPrompt.NONE;
    }

    /** Whether standard input is a terminal and standard error or output is one too. */
    static boolean hasTerminal() {
        return System.console() != null || tty(0) && (tty(2) || tty(1));
    }

    /** Whether file descriptor {@code fd} is a terminal, as Linux's /proc shows it (elsewhere: false). */
    private static boolean tty(int fd) {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    @Override
    public synchronized char[] ask(String question) {
        try (Terminal terminal = TerminalBuilder.builder().name("benchsh").system(true).dumb(false)
                .systemOutput(TerminalBuilder.SystemOutput.SysErrOrSysOut).nativeSignals(false).build()) {
            return secrets.remember(new TerminalPrompts(terminal).ask(question));
        } catch (IOException | UncheckedIOException | IllegalStateException e) {
            return null; // the terminal went away: nobody to ask
        }
    }
}
