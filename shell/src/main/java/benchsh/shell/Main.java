package benchsh.shell;

import benchsh.shell.config.Config;
import benchsh.shell.config.Dirs;
import benchsh.shell.console.BatchInterrupts;
import benchsh.shell.console.BatchPrompts;
import benchsh.shell.console.Repl;
import benchsh.shell.host.Version;
import benchsh.shell.host.ssh.HostKeyPrompt;
import benchsh.shell.report.Formats;
import benchsh.shell.report.IntervalLines;
import benchsh.shell.report.JsonLines;
import benchsh.shell.report.ReportContext;
import benchsh.shell.report.ReportFormat;
import benchsh.shell.report.ThroughputUnit;
import benchsh.shell.result.store.ResultStore;
import benchsh.shell.result.store.StoreException;
import benchsh.shell.result.store.StoreSink;
import benchsh.shell.run.TestCancelledException;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptError;
import benchsh.shell.script.Inventory;
import benchsh.shell.result.Scenario;
import benchsh.shell.script.ScriptRunner;
import benchsh.shell.verb.HelpVerb;
import benchsh.shell.verb.PlanVerb;
import benchsh.shell.verb.VerbReference;
import benchsh.shell.verb.Verbs;
import benchsh.shell.args.UsageException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code benchsh [options] [-e STATEMENTS | run FILE | demo]}. Without a command it starts the REPL.
 * Exit codes: 0 everything ran, 1 a test failed, 2 a usage or script error, 3 a result could not be
 * stored (in place of 0 or 1), 128 + the signal's number when stopped by one (130 SIGINT, 143 SIGTERM,
 * 129 SIGHUP; the partial result is kept).
 */
public final class Main {
    static final int OK = 0;
    static final int TEST_FAILED = 1;
    static final int USAGE = 2;
    static final int NOT_STORED = 3;

    private static final String USAGE_TEXT = """
            usage: benchsh [options]                 interactive shell
                   benchsh [options] -e STATEMENTS   evaluate Groovy statements and exit
                   benchsh [options] run FILE|-      run a scenario script (- reads it from stdin)
                   benchsh [options] demo            TCP message-size sweep on this machine
                   benchsh help [VERB|--markdown|--metrics]
                                                     the verbs, one verb, or the reference pages
                   benchsh completion bash|zsh       print a shell completion script
            options (before or after the command; --opt=value works too; -- ends them):
              --json -|FILE     write every result as one JSON object per line
              --units UNIT      throughput unit: MB/s (default), Mbit/s, Gbit/s, KByte/s, ...
              --set NAME=VALUE  override a param('NAME', default) of the script (repeatable)
              --hosts FILE      declare named hosts (inventory.groovy or inventory.ini)
              --dry-run         list the tests the script would run, without connecting
              --db FILE|URL     the result store: a SQLite file, or a shared PostgreSQL
                                postgresql://user@host[:port]/db (password from
                                PGPASSWORD or ~/.pgpass); default $BENCHSH_DB, else
                                ~/.local/share/benchsh/results.db
              --progress        print a line per interval while tests run
              --report FILE     after the run, write a report: .html, .md, .csv or .json
              --accept-new-host-keys
                                trust and record SSH host keys not yet in known_hosts
              --deploy-runtime  run every host's peer on benchsh's own Java runtime, also
                                where the host has Java 22+ (runtime: true for every host)
              --version         print the version
            exit codes: 0 all ran, 1 a test failed or an expectation did not hold, 2 usage or script error,
                        3 a result could not be stored (it is in --json and --report; instead of 0 or 1),
                        130, 143, 129 stopped by SIGINT (Ctrl-C), SIGTERM, SIGHUP (the partial result is kept)
            """;

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs benchsh as the command line would; returns the exit code. */
    public static int run(String[] args, PrintStream stdout, PrintStream stderr) {
        Options o;
        try {
            o = Options.parse(args);
        } catch (UsageException e) {
            stderr.println("benchsh: " + e.getMessage());
            stderr.print(USAGE_TEXT);
            return USAGE;
        }
        if (o.help) {
            stdout.print(USAGE_TEXT);
            return OK;
        }
        if (o.version) {
            stdout.println("benchsh " + Version.current());
            return OK;
        }
        if ("help".equals(o.command)) {
            return help(o, stdout, stderr);
        }
        if ("completion".equals(o.command)) {
            stdout.print(Completions.script(o.argument));
            return OK;
        }
        try {
            Config config = Config.load(Dirs.current().config().resolve("config.groovy"));
            config.warnings().forEach(w -> stderr.println("benchsh: warning: " + w));
            String envStore = System.getenv("BENCHSH_DB");
            o.defaults(config, envStore != null && !envStore.isBlank());
        } catch (Config.ConfigException e) {
            stderr.println("benchsh: " + e.getMessage());
            return USAGE;
        }
        JsonLines json = null;
        try {
            if (o.json != null) {
                json = o.json.equals("-") ? new JsonLines(stdout) : JsonLines.append(Path.of(o.json));
            }
        } catch (IOException e) {
            stderr.println("benchsh: cannot write " + o.json + ": " + e.getMessage());
            return USAGE;
        }
        PrintStream human = o.json != null && o.json.equals("-") ? stderr : stdout;
        PrintWriter out = new PrintWriter(new OutputStreamWriter(human, StandardCharsets.UTF_8), true);
        try (Session session = new Session(out)) {
            session.provenance().command(launcher(), List.of(args));
            Thread hook = new Thread(session::close, "benchsh-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            if (json != null) {
                session.log().addSink(json);
            }
            if (System.console() != null) {
                session.width(Main::terminalWidth); // a terminal: rows fit it; piped output keeps every column
            }
            if (o.units != null) {
                session.unit(ThroughputUnit.named(o.units));
            }
            StoreSink stored = openStore(o, session, stderr);
            if (o.progress && o.command != null) {
                session.progress(new IntervalLines(session.out(), session::unit, session.control()::step));
            }
            if (o.acceptNewHostKeys) {
                session.ssh().settings(session.ssh().settings().withHostKeys(HostKeyPrompt.ACCEPT));
            }
            if (o.deployRuntime) {
                session.ssh().settings(session.ssh().settings().withDeployRuntime(true));
            }
            if (o.command != null) { // password: prompt asks on the terminal the batch run was started from, if any
                session.ssh().settings(session.ssh().settings().withSecrets(BatchPrompts.onTerminal(session.secrets())));
            }
            int code = o.command == null ? repl(session, o.hosts) : interruptible(session, stderr, () -> batch(o, session, stderr));
            String left = o.command == null || o.dryRun ? null : session.leftBehind(); // the REPL says it as it quits
            if (left != null) {
                stderr.print("benchsh: " + left);
            }
            code = storeOutcome(code, stored, session, stderr);
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down already
            }
            return code;
        } catch (IllegalArgumentException e) {
            stderr.println("benchsh: " + e.getMessage());
            return USAGE;
        } finally {
            if (json != null) {
                json.close();
            }
        }
    }

    /**
     * Opens the result store ({@code --db}, else {@code $BENCHSH_DB}, else the default file): a file for
     * SQLite or a {@code postgresql://} URL, whose password the session masks from then on. A store that
     * cannot be opened costs one message, never the measurement: --json and --report still get every
     * result, and {@link #storeOutcome} counts them as not stored. A write that fails is one message each time.
     */
    private static StoreSink openStore(Options o, Session session, PrintStream stderr) {
        String target = o.db != null ? o.db : ResultStore.defaultTarget();
        ResultStore.secretsIn(target).forEach(session.secrets()::remember);
        StoreSink sink;
        try {
            ResultStore store = ResultStore.open(target, note -> stderr.println("benchsh: " + note));
            session.log().store(store);
            sink = new StoreSink(store, message -> stderr.println("benchsh: " + session.secrets().redact(message)));
        } catch (StoreException e) {
            stderr.println("benchsh: " + session.secrets().redact(e.getMessage()) + "; measuring goes on without storing results");
            sink = StoreSink.unavailable();
        }
        session.log().addSink(sink);
        return sink;
    }

    /**
     * At the end: results that are not in the store are counted on stderr and make the exit code
     * {@link #NOT_STORED} in place of {@link #OK} or {@link #TEST_FAILED}; a usage error or a signal keeps its own.
     */
    private static int storeOutcome(int code, StoreSink sink, Session session, PrintStream stderr) {
        Optional<String> lost = sink.summary();
        lost.ifPresent(m -> stderr.println("benchsh: " + session.secrets().redact(m)));
        return lost.isPresent() && (code == OK || code == TEST_FAILED) ? NOT_STORED : code;
    }

    /**
     * Runs a batch command with SIGINT, SIGTERM and SIGHUP handled: the test stops, its result is kept,
     * the exit code is 128 + the signal's number.
     */
    private static int interruptible(Session session, PrintStream stderr, java.util.function.IntSupplier batch) {
        try (BatchInterrupts signals = BatchInterrupts.install(session, stderr)) {
            int code = batch.getAsInt();
            BatchInterrupts.Signal signal = signals.signal();
            if (signal != null) {
                int n = session.results().size();
                stderr.println("benchsh: stopped by SIG" + signal + "; " + Formats.count(n, "result") + (n == 1 ? " was" : " were") + " written");
                return signal.exitCode();
            }
            return code;
        }
    }

    /** Runs the script, then writes the report, also when a test failed or the script stopped early. */
    private static int batch(Options o, Session session, PrintStream stderr) {
        int code = evaluate(o, session, stderr);
        if (o.report != null && !o.dryRun && (code != USAGE || session.provenance().error() != null)) {
            try {
                List<Result> results = session.results();
                ReportFormat.write(Path.of(o.report), results,
                        ReportContext.of(session.provenance(), session.scenario(), session.hosts().all(), results, Version.current()), session.unit());
                stderr.println("benchsh: wrote " + o.report + " (" + Formats.count(results.size(), "result") + ")");
            } catch (IOException | RuntimeException e) {
                stderr.println("benchsh: cannot write the report " + o.report + ": " + e.getMessage());
                return USAGE;
            }
        }
        return code;
    }

    private static int evaluate(Options o, Session session, PrintStream stderr) {
        ScriptRunner runner = new ScriptRunner(session);
        o.sets.forEach(session.scenario()::override);
        Overrides overrides = new Overrides(session.scenario(), stderr);
        try {
            if (o.hosts != null) {
                Inventory.load(Path.of(o.hosts), session, runner);
            }
            PlanVerb.Body body = switch (o.command) {
                case "-e" -> () -> runner.evaluate(o.argument, "-e", overrides::checked);
                case "run" -> o.argument.equals("-")
                        ? () -> runner.evaluate(new String(System.in.readAllBytes(), StandardCharsets.UTF_8), "stdin", overrides::checked)
                        : () -> runner.evaluateFile(Path.of(o.argument), overrides::checked);
                case "demo" -> () -> runner.evaluateFile(demo(), overrides::checked);
                default -> throw new UsageException("unknown command " + o.command);
            };
            if (o.dryRun) {
                PlanVerb.dryRun(session, body);
            } else {
                body.run();
            }
        } catch (ScriptError e) {
            stderr.println(session.secrets().redact(e.located())); // errors may quote script text or values
            session.provenance().stopped(e.located());
            return USAGE;
        } catch (UsageException e) {
            stderr.println("benchsh: " + session.secrets().redact(e.getMessage()));
            return USAGE;
        } catch (FileNotFoundException | java.nio.file.NoSuchFileException e) {
            stderr.println("benchsh: no such file: " + e.getMessage());
            return USAGE;
        } catch (TestCancelledException e) {
            session.out().flush();
            return BatchInterrupts.Signal.INT.exitCode(); // the signal that stopped it decides the exit code
        } catch (Exception e) {
            stderr.println("benchsh: " + session.secrets().redact(e.getMessage()));
            return USAGE;
        } finally {
            session.endTable(); // what the last table left out, under it
        }
        session.out().flush();
        overrides.finished();
        List<Scenario.Expectation> failedExpectations = session.scenario().failedExpectations();
        if (!failedExpectations.isEmpty()) {
            int all = session.scenario().expectations().size();
            stderr.println("benchsh: " + (all == 1 ? "the expectation" : failedExpectations.size() + " of " + Formats.count(all, "expectation")) + " failed:");
            failedExpectations.forEach(x -> stderr.println("  " + x.location() + ": " + x.text()));
        }
        long failed = session.log().failures();
        if (failed > 0) {
            int all = session.results().size();
            stderr.println("benchsh: " + (all == 1 ? "the test" : failed + " of " + Formats.count(all, "test")) + " did not complete");
        }
        return failed > 0 || !failedExpectations.isEmpty() ? TEST_FAILED : OK;
    }

    /** The terminal's width in batch mode: {@code $COLUMNS} when the shell exports it, else 120. */
    private static int terminalWidth() {
        try {
            return Math.max(40, Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "120").trim()));
        } catch (NumberFormatException e) {
            return 120;
        }
    }

    /** {@code benchsh help [VERB]}, {@code help --markdown}, {@code help --metrics}: what {@code help} prints at the prompt. */
    private static int help(Options o, PrintStream stdout, PrintStream stderr) {
        Verbs verbs = Verbs.standard(file -> {
            throw new UsageException("help evaluates no files");
        });
        try {
            int width = System.console() != null ? terminalWidth() : 0; // a terminal: the meanings wrap to fit it
            stdout.print(o.page == null ? (o.argument == null ? HelpVerb.overview(verbs) : HelpVerb.verb(verbs, o.argument, width))
                    : o.page.equals("--markdown") ? VerbReference.verbs(verbs) : VerbReference.metrics());
            return OK;
        } catch (UsageException e) {
            stderr.println("benchsh: " + e.getMessage());
            return USAGE;
        }
    }

    private static int repl(Session session, String inventory) {
        try {
            Repl.onSystemTerminal(session, inventory == null ? null : Path.of(inventory));
            return OK;
        } catch (IOException e) {
            System.err.println("benchsh: terminal: " + e.getMessage());
            return USAGE;
        }
    }

    /**
     * The command that reruns this one: the launcher that started benchsh ({@code $BENCHSH_LAUNCHER}:
     * {@code scripts/benchsh} in a checkout, {@code bin/benchsh} in a release), relative to the working
     * directory when it lies below it, else {@code benchsh}. The arguments are recorded as words, masked by
     * the provenance.
     */
    static String launcher() {
        String given = System.getenv("BENCHSH_LAUNCHER");
        if (given == null || given.isBlank()) {
            return "benchsh";
        }
        Path launcherPath = Path.of(given).toAbsolutePath().normalize();
        Path cwd = Path.of("").toAbsolutePath();
        return launcherPath.startsWith(cwd) ? cwd.relativize(launcherPath).toString() : launcherPath.toString();
    }

    /** examples/00-demo.groovy, found through $BENCHSH_HOME or next to the build. */
    static Path demo() {
        String home = System.getenv("BENCHSH_HOME");
        Path base;
        if (home != null && !home.isBlank()) {
            base = Path.of(home);
        } else {
            try {
                Path jar = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
                base = jar.getParent().getParent().getParent();
            } catch (java.net.URISyntaxException e) {
                base = Path.of(".");
            }
        }
        return base.resolve("examples").resolve("00-demo.groovy");
    }
}
