package benchsh.shell.report;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What produced a session's results, kept for reports: when the session started, the command line to
 * rerun it, the script (a file, {@code -e} statements, or the lines typed in the REPL) and the error
 * that stopped it. Parameters, overrides and expectations live in the session's
 * {@link benchsh.shell.result.Scenario}. Thread-safe.
 */
public final class Provenance {
    /** The source name the REPL evaluates its lines under. */
    public static final String REPL = "<repl>";

    private final Clock clock;
    private final Instant started;
    private final String id;
    private String command = "benchsh";
    private String scriptPath;
    private String scriptText;
    private final List<String> replLines = new ArrayList<>();
    private String error;

    public Provenance(Clock clock) {
        this.clock = clock;
        this.started = clock.instant();
        this.id = benchsh.shell.result.SessionInfo.newId(started);
    }

    /** What the result store records of this session. */
    public synchronized benchsh.shell.result.SessionInfo sessionInfo() {
        return new benchsh.shell.result.SessionInfo(id, started, command, scriptText());
    }

    public Provenance() {
        this(Clock.systemUTC());
    }

    public Instant started() {
        return started;
    }

    public Instant now() {
        return clock.instant();
    }

    /** The command line that reruns this session, e.g. {@code scripts/benchsh run x.groovy --report r.md}. */
    public synchronized void command(String commandLine) {
        this.command = commandLine;
    }

    /**
     * Records evaluated scenario text: a REPL line is appended to the transcript, anything else (a file,
     * {@code -e}) is the script; the last one wins, as an inventory file is evaluated before the script.
     */
    public synchronized void evaluated(String source, String code) {
        if (REPL.equals(source)) {
            replLines.add(code);
        } else {
            scriptPath = source;
            scriptText = code;
        }
    }

    /** The error that stopped the script, as {@code file:line: message}. */
    public synchronized void stopped(String located) {
        this.error = located;
    }

    /** Why the script stopped early, or null. */
    public synchronized String error() {
        return error;
    }

    /** The script's path, or {@link #REPL} for a REPL session, or null when nothing ran. */
    public synchronized String scriptPath() {
        return scriptPath != null ? scriptPath : replLines.isEmpty() ? null : REPL;
    }

    /** The script's text, or the REPL lines one per line, or null. */
    public synchronized String scriptText() {
        return scriptText != null ? scriptText : replLines.isEmpty() ? null : String.join("\n", replLines) + "\n";
    }

    /** How to rerun: the command line of a batch run, or {@code benchsh -e '...'} for REPL lines. */
    public synchronized String rerun() {
        if (scriptPath == null && !replLines.isEmpty()) {
            return command + " -e " + ShellQuote.quote(String.join("\n", replLines));
        }
        return command;
    }
}
