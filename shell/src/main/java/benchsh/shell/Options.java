package benchsh.shell;

import benchsh.shell.args.UsageException;
import benchsh.shell.config.Config;
import benchsh.shell.report.ReportFormat;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * benchsh's command line, parsed the way people expect of a Unix tool: options before or after the command
 * and its file ({@code benchsh run --dry-run FILE} = {@code benchsh run FILE --dry-run}), {@code --opt=value}
 * as well as {@code --opt value}, {@code --} ending the options, and {@code run -} reading the script from
 * standard input. Not thread-safe; built once by {@link #parse}.
 */
final class Options {
    /** The commands; at most one is given. */
    static final List<String> COMMANDS = List.of("-e", "run", "demo", "help", "completion");

    /** {@code -e}, {@code run}, {@code demo}, {@code help}, {@code completion} or null (the interactive shell). */
    String command;
    /** The statements of -e, the file of run ({@code -} for stdin), the verb of help, the shell of completion; or null. */
    String argument;
    String json;
    String units;
    String report;
    boolean help;
    boolean version;
    boolean acceptNewHostKeys;
    boolean deployRuntime;
    boolean progress;
    String db;
    boolean dryRun;
    String hosts;
    /** {@code --markdown} or {@code --metrics} after {@code help}: a reference page, or null. */
    String page;
    final Map<String, String> sets = new LinkedHashMap<>();

    static Options parse(String[] args) {
        Options o = new Options();
        boolean optionsEnded = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (optionsEnded || !a.startsWith("-") || a.equals("-")) {
                o.operand(a);
                continue;
            }
            if (a.equals("--")) {
                optionsEnded = true;
                continue;
            }
            int eq = a.indexOf('=');
            String inline = a.startsWith("--") && eq > 0 ? a.substring(eq + 1) : null;
            String name = inline != null ? a.substring(0, eq) : a;
            CommandLineOption option = CommandLineOption.named(name);
            if (option == null) {
                throw new UsageException("unknown option '" + name + "'");
            }
            if (!option.takesValue()) {
                if (inline != null) {
                    throw new UsageException(name + " takes no value");
                }
                o.flag(option, name);
                continue;
            }
            String value;
            if (inline != null) {
                value = inline;
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new UsageException(name + " needs a value");
            }
            o.option(option, value);
        }
        o.check();
        return o;
    }

    private void flag(CommandLineOption option, String name) {
        switch (option) {
            case HELP -> help = true;
            case VERSION -> version = true;
            case ACCEPT_NEW_HOST_KEYS -> acceptNewHostKeys = true;
            case DEPLOY_RUNTIME -> deployRuntime = true;
            case DRY_RUN -> dryRun = true;
            case PROGRESS -> progress = true;
            case MARKDOWN, METRICS -> page = name;
            default -> throw new IllegalStateException(name + " takes a value");
        }
    }

    private void option(CommandLineOption option, String value) {
        switch (option) {
            case JSON -> json = value;
            case UNITS -> units = value;
            case SET -> set(value);
            case HOSTS -> hosts = value;
            case DB -> db = value;
            case REPORT -> report = reportFile(value);
            case EVALUATE -> command("-e", value);
            default -> throw new IllegalStateException(option + " takes no value");
        }
    }

    /** A word that is not an option: the command, or the command's file or verb. */
    private void operand(String word) {
        if (command == null && COMMANDS.contains(word)) {
            command(word, null);
        } else if (("run".equals(command) || "help".equals(command) || "completion".equals(command)) && argument == null) {
            argument = word;
        } else {
            throw new UsageException(command == null ? "unknown command '" + word + "' (commands: run FILE, -e STATEMENTS, demo, help, completion bash|zsh)"
                    : "unexpected argument '" + word + "' after " + command + (argument == null ? "" : " " + argument));
        }
    }

    private void command(String c, String arg) {
        if (command != null) {
            throw new UsageException("give one of -e, run, demo, help and completion");
        }
        command = c;
        argument = arg;
    }

    /**
     * Fills what the command line left open from the user's config file; a store in {@code $BENCHSH_DB}
     * ({@code storeInEnvironment}) still wins over the config's.
     */
    void defaults(Config config, boolean storeInEnvironment) {
        units = units != null ? units : config.units();
        hosts = hosts != null ? hosts : config.hosts();
        db = db != null || storeInEnvironment ? db : config.db();
    }

    private void check() {
        if ("run".equals(command) && argument == null) {
            throw new UsageException("run needs a script file (or - to read the script from standard input)");
        }
        if ("completion".equals(command) && !Completions.SHELLS.contains(String.valueOf(argument))) {
            throw new UsageException("completion needs a shell: " + String.join(" or ", Completions.SHELLS)
                    + (argument == null ? "" : ", not '" + argument + "'"));
        }
        if (page != null && !"help".equals(command)) {
            throw new UsageException(page + " goes with help: benchsh help " + page);
        }
    }

    private void set(String assignment) {
        int eq = assignment.indexOf('=');
        if (eq <= 0) {
            throw new UsageException("--set needs name=value, not '" + assignment + "'");
        }
        sets.put(assignment.substring(0, eq).trim(), assignment.substring(eq + 1).trim());
    }

    private static String reportFile(String file) {
        try {
            ReportFormat.of(Path.of(file));
            return file;
        } catch (IllegalArgumentException e) {
            throw new UsageException("--report: " + e.getMessage());
        }
    }
}
