package benchsh.shell.report;

import benchsh.shell.result.SessionInfo;
import benchsh.shell.secret.Secrets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What produced a session's results, kept for reports and the result store: when the session
 * started, the command line to rerun it, the script (a file, {@code -e} statements, or the lines
 * typed in the REPL), the comparisons it showed and the error that stopped it. Parameters, overrides and expectations live in
 * the session's {@link benchsh.shell.result.Scenario}.
 *
 * <p>The one redacting source: text is kept as given, in memory, and every accessor masks it with
 * the session's {@link Secrets} at the time it is asked, so a secret given after a line was recorded
 * ({@code pw = 'x'} before {@code host ..., password: pw}) is masked too. Command-line words are
 * masked before they are shell-quoted. Thread-safe.
 */
public final class Provenance {
    /** The source name the REPL evaluates its lines under. */
    public static final String REPL = "<repl>";

    private final Clock clock;
    private final Secrets secrets;
    private final Instant started;
    private final String id;
    private String launcher = "benchsh";
    private List<String> words = List.of();
    private String scriptPath;
    private String scriptText;
    private final List<String> replLines = new ArrayList<>();
    private final List<Comparison> comparisons = new ArrayList<>();
    private String error;

    public Provenance(Clock clock, Secrets secrets) {
        this.clock = clock;
        this.secrets = secrets;
        this.started = clock.instant();
        this.id = SessionInfo.newId(started);
    }

    public Provenance(Secrets secrets) {
        this(Clock.systemUTC(), secrets);
    }

    /** The secrets this provenance masks with (for the parameters and overrides a report shows). */
    public Secrets secrets() {
        return secrets;
    }

    /** What the result store records of this session, masked. */
    public synchronized SessionInfo sessionInfo() {
        return new SessionInfo(id, started, commandLine(), scriptText());
    }

    public Instant started() {
        return started;
    }

    public Instant now() {
        return clock.instant();
    }

    /**
     * The command line that reruns this session: the launcher (e.g. {@code scripts/benchsh}) and the
     * arguments as given (e.g. {@code run x.groovy --report r.md}).
     */
    public synchronized void command(String launcher, List<String> args) {
        this.launcher = launcher;
        this.words = List.copyOf(args);
    }

    /** The command line, masked and shell-quoted. */
    public synchronized String commandLine() {
        List<String> masked = words.stream().map(secrets::redact).toList();
        return launcher + (masked.isEmpty() ? "" : " " + ShellQuote.join(masked));
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

    /** Keeps a comparison the session showed ({@code compare}), for its report. */
    public synchronized void compared(Comparison c) {
        comparisons.add(c);
    }

    /** The comparisons the session showed, in order. */
    public synchronized List<Comparison> comparisons() {
        return List.copyOf(comparisons);
    }

    /** Why the script stopped early (masked), or null. */
    public synchronized String error() {
        return secrets.redact(error);
    }

    /** The script's path, or {@link #REPL} for a REPL session, or null when nothing ran. */
    public synchronized String scriptPath() {
        return scriptPath != null ? scriptPath : replLines.isEmpty() ? null : REPL;
    }

    /** The script's text, or the REPL lines one per line, masked; or null. */
    public synchronized String scriptText() {
        return secrets.redact(rawScript());
    }

    private String rawScript() {
        return scriptText != null ? scriptText : replLines.isEmpty() ? null : String.join("\n", replLines) + "\n";
    }

    /** How to rerun: the command line of a batch run, or {@code benchsh -e '...'} for REPL lines; masked. */
    public synchronized String rerun() {
        if (scriptPath == null && !replLines.isEmpty()) {
            return commandLine() + " -e " + ShellQuote.quote(secrets.redact(String.join("\n", replLines)));
        }
        return commandLine();
    }
}
