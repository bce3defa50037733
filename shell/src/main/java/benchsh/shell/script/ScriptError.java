package benchsh.shell.script;

import benchsh.shell.secret.Secrets;

/**
 * A scenario failed to compile or run: reported as {@code file:line: message}, or {@code file:line:column: message}
 * for a syntax error. The message may quote
 * the script, so what is written after {@code password:} is masked here ({@link Secrets}); whoever
 * prints it masks the session's known secrets too.
 */
public class ScriptError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String file;
    private final int line;
    private final int column;

    public ScriptError(String file, int line, String message, Throwable cause) {
        this(file, line, 0, message, cause);
    }

    /** @param column the 1-based column of a syntax error, or 0 */
    public ScriptError(String file, int line, int column, String message, Throwable cause) {
        super(Secrets.redactWritten(message), cause);
        this.file = file;
        this.line = line;
        this.column = column;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    /** The column of a syntax error, or 0. */
    public int column() {
        return column;
    }

    /** {@code file:line: message} ({@code file:line:column:} for a syntax error), or {@code file: message} when the line is unknown. */
    public String located() {
        return file + (line > 0 ? ":" + line + (column > 0 ? ":" + column : "") : "") + ": " + getMessage();
    }
}
