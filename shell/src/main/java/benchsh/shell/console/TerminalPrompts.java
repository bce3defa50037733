package benchsh.shell.console;

import benchsh.shell.host.ssh.HostKeyPrompt;
import benchsh.shell.host.ssh.SecretPrompt;
import java.nio.file.Path;
import java.util.Locale;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;

/**
 * SSH questions asked on the REPL's terminal: trust a new host key (yes/no) and passwords or key
 * passphrases (read without echo, never kept in history). Called from SSH threads while the REPL
 * waits for the connection; one question at a time. Thread-safe.
 */
final class TerminalPrompts implements HostKeyPrompt, SecretPrompt {
    private static final char NO_ECHO = 0;
    private final Terminal terminal;
    private final LineReader reader;

    TerminalPrompts(Terminal terminal) {
        this.terminal = terminal;
        this.reader = LineReaderBuilder.builder().terminal(terminal).appName("benchsh-prompt")
                .variable(LineReader.DISABLE_HISTORY, true).build();
    }

    @Override
    public synchronized boolean acceptNewKey(String host, String keyType, String fingerprint, Path file) {
        terminal.writer().println("The " + keyType + " host key of " + host + " is not known yet:");
        terminal.writer().println("  " + fingerprint);
        terminal.writer().flush();
        String answer = read("Trust it and add it to " + file + "? [y/N] ", null);
        return answer != null && (answer.strip().toLowerCase(Locale.ROOT).equals("y") || answer.strip().toLowerCase(Locale.ROOT).equals("yes"));
    }

    @Override
    public synchronized char[] ask(String question) {
        String s = read(question, NO_ECHO);
        return s == null || s.isEmpty() ? null : s.toCharArray();
    }

    private String read(String prompt, Character mask) {
        try {
            return reader.readLine(prompt, mask);
        } catch (UserInterruptException | EndOfFileException e) {
            return null;
        }
    }
}
