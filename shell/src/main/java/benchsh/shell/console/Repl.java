package benchsh.shell.console;

import benchsh.shell.config.Dirs;
import benchsh.shell.Session;
import benchsh.shell.host.ssh.HostKeyPrompt;
import benchsh.shell.host.ssh.SecretPrompt;
import benchsh.shell.result.Result;
import benchsh.shell.run.TestCancelledException;
import benchsh.shell.script.ScriptError;
import benchsh.shell.script.Inventory;
import benchsh.shell.script.ScriptRunner;
import benchsh.shell.verb.HelpVerb;
import benchsh.shell.verb.ResultsVerb;
import benchsh.shell.args.UsageException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;

/**
 * The interactive shell: reads Groovy lines (open braces continue on the next line), evaluates them
 * in the session, prints what they return. {@code help} is answered here. The first Ctrl-C cancels
 * the running test (its partial result is kept, marked interrupted), a second one stops the whole
 * line or script; the REPL survives both. Ctrl-D (or exit) exits, saying which generated trees the session left; {@code clear} clears the screen. A status line
 * shows running tests. Result rows are numbered ({@code _1}, {@code _2}, ...: the names that refer back to them);
 * a line's value is shown after {@code =>}, a result that was measured before as its row. The
 * history file gets lines masked with the session's secrets ({@link HistoryFile}); answers to
 * password prompts are remembered among them. A non-empty {@code $NO_COLOR} turns colours off ({@link Colours}).
 */
public final class Repl {
    private final Terminal terminal;
    private final Session session;
    private final ScriptRunner runner;
    private final Path historyFile;
    private LiveStatus status;

    public Repl(Terminal terminal, Session session, Path historyFile) {
        this.terminal = terminal;
        this.session = session;
        this.runner = new ScriptRunner(session);
        this.historyFile = historyFile;
    }

    /**
     * Runs the REPL on this process's terminal (a dumb one without a TTY), with the default history file, after
     * declaring the hosts of {@code inventory} ({@code --hosts} or the config's {@code hosts}; null for none).
     */
    public static void onSystemTerminal(Session session, Path inventory) throws IOException {
        try (Terminal terminal = org.jline.terminal.TerminalBuilder.builder().name("benchsh").system(true).build()) {
            session.attachTerminal(terminal.writer());
            Repl repl = new Repl(terminal, session, defaultHistory());
            if (inventory != null) {
                repl.declareHosts(inventory);
            }
            repl.run();
        }
    }

    /** Declares the hosts of an inventory file, as {@code --hosts} does in batch mode; a bad file is reported, not fatal. */
    void declareHosts(Path inventory) {
        try {
            Inventory.load(inventory, session, runner);
        } catch (Exception e) {
            terminal.writer().println("benchsh: --hosts " + inventory + ": " + session.secrets().redact(String.valueOf(e.getMessage())));
            terminal.writer().flush();
        }
    }

    /** Default history location: {@code history} in the data directory ({@link Dirs}: ~/.local/share/benchsh). */
    public static Path defaultHistory() {
        return Dirs.current().data().resolve("history");
    }

    public void run() throws IOException {
        HistoryFile history = new HistoryFile(historyFile, session.secrets(), note -> {
            terminal.writer().println("benchsh: " + note);
            terminal.writer().flush();
        });
        DefaultParser parser = new DefaultParser();
        parser.setEofOnUnclosedBracket(DefaultParser.Bracket.CURLY, DefaultParser.Bracket.ROUND, DefaultParser.Bracket.SQUARE);
        parser.setEofOnUnclosedQuote(true);
        Colours colours = Colours.fromEnvironment();
        LineReader reader = colours.configure(LineReaderBuilder.builder())
                .terminal(terminal)
                .appName("benchsh")
                .parser(parser)
                .completer(new VerbCompleter(session, runner.verbs(), runner::variable))
                .highlighter(new GroovyHighlighter(runner.verbs().names(), colours))
                .variable(LineReader.SECONDARY_PROMPT_PATTERN, "%P > ")
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .build();
        reader.setAutosuggestion(LineReader.SuggestionType.HISTORY);
        history.entries().forEach(e -> reader.getHistory().add(e.time(), e.line()));
        session.width(terminal::getWidth); // rows fit the terminal, as wide as it is when each prints
        session.numberRows(true);
        status = new LiveStatus(terminal, session, colours);
        session.progress(status);
        TerminalPrompts prompts = new TerminalPrompts(terminal);
        var ssh = session.ssh().settings();
        SecretPrompt remembered = question -> session.secrets().remember(prompts.ask(question)); // answers are masked from then on
        session.ssh().settings((ssh.hostKeys() == HostKeyPrompt.ACCEPT ? ssh : ssh.withHostKeys(prompts)).withSecrets(remembered));
        var out = terminal.writer();
        out.println("benchsh " + benchsh.shell.host.Version.current() + " — type help, or tcp to: local, time: 3.s; Ctrl-D exits");
        out.flush();
        while (true) {
            String line;
            try {
                line = reader.readLine("benchsh> ");
            } catch (UserInterruptException e) {
                continue;
            } catch (EndOfFileException e) {
                break;
            }
            String trimmed = line.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            if (trimmed.equals("exit") || trimmed.equals("quit")) {
                break;
            }
            if (trimmed.equals("clear")) {
                terminal.puts(org.jline.utils.InfoCmp.Capability.clear_screen);
                terminal.flush();
                continue;
            }
            Instant typed = Instant.now();
            evaluate(trimmed);
            try {
                history.add(typed, line); // after it ran: a password it gave is masked in it already
            } catch (IOException e) {
                terminal.writer().println("benchsh: cannot write the history file " + historyFile + ": " + e.getMessage());
            }
        }
        status.close();
        history.close();
        String left = session.leftBehind();
        if (left != null) {
            out.print("benchsh: " + left);
            out.flush();
        }
    }

    private void evaluate(String line) {
        var out = terminal.writer();
        Thread evaluator = Thread.currentThread();
        session.control().clearCancel();
        java.util.concurrent.atomic.AtomicInteger interrupts = new java.util.concurrent.atomic.AtomicInteger();
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, s -> {
            if (interrupts.incrementAndGet() > 1) {
                session.control().requestCancel(); // the second Ctrl-C stops the whole line or script
            }
            session.print("\n"); // what follows starts below the ^C the terminal echoed
            evaluator.interrupt(); // the first one stops the running test; its partial result is kept
        });
        try {
            String help = helpCommand(line);
            int before = session.results().size();
            Object value = help != null ? null : runner.evaluate(line, "<repl>");
            if (help != null) {
                out.print(help);
            } else if (value instanceof Result r && session.results().indexOf(r) >= 0 && session.results().indexOf(r) < before) {
                session.print(ResultsVerb.table(session.results(), List.of(r), session.unit())); // measured before: its row, numbered
            } else if (value != null && !(value instanceof Result) && !isResults(value) && !(value instanceof benchsh.shell.report.TextTable)
                    && !(value instanceof benchsh.shell.result.Repeated) && !(value instanceof benchsh.shell.report.Comparison)) {
                session.print("=> " + session.secrets().redact(shown(value)) + "\n");
            }
        } catch (ScriptError e) {
            out.println("error: " + session.secrets().redact(e.getMessage()));
        } catch (UsageException e) {
            out.println("error: " + session.secrets().redact(e.getMessage()));
        } catch (TestCancelledException e) {
            out.println("stopped: " + e.getMessage());
        } finally {
            session.endTable(); // the line's table ends: what it left out is said under it
            status.finished(null); // a test that threw after it started leaves no status line behind
            terminal.handle(Terminal.Signal.INT, previous);
            Thread.interrupted();
            out.flush();
        }
    }

    /** {@code help} and {@code help tcp} as shell commands (not Groovy), fitting the terminal; null for other lines. */
    private String helpCommand(String line) {
        String[] words = line.split("\\s+");
        if (!words[0].equals("help") || words.length > 2) {
            return null;
        }
        if (words.length == 1) {
            return HelpVerb.overview(runner.verbs());
        }
        return HelpVerb.verb(runner.verbs(), words[1].replace("'", "").replace("\"", ""), terminal.getWidth());
    }

    /** A value as the line's answer: a duration in its unit ({@code 1,500 ms}), anything else as Groovy prints it. */
    private static String shown(Object value) {
        return value instanceof Duration d ? benchsh.shell.args.ArgType.DURATION_OR_ZERO.show(d.toNanos()) : String.valueOf(value);
    }

    /** Results, and lists of benchsh's own records (history rows, fact changes), were printed by their verb already. */
    private static boolean isResults(Object value) {
        if (!(value instanceof Collection<?> c) || c.isEmpty() || c.iterator().next() == null) {
            return false;
        }
        Object first = c.iterator().next();
        return first instanceof Result || first.getClass().getName().startsWith("benchsh.shell.");
    }
}
