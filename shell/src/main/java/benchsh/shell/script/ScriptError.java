package benchsh.shell.script;

import benchsh.shell.secret.Secrets;

/**
 * A scenario failed to compile or run: reported as {@code file:line: message}. The message may quote
 * the script, so what is written after {@code password:} is masked here ({@link Secrets}); whoever
 * prints it masks the session's known secrets too.
 */
public class ScriptError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String file;
    private final int line;

    public ScriptError(String file, int line, String message, Throwable cause) {
        super(Secrets.redactWritten(message), cause);
        this.file = file;
        this.line = line;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    /** {@code file:line: message}, or {@code file: message} when the line is unknown. */
    public String located() {
        return file + (line > 0 ? ":" + line : "") + ": " + getMessage();
    }
}
