package benchsh.shell;

import java.util.Arrays;
import java.util.List;

/**
 * Every option of benchsh's command line, declared once: {@link Options} parses by it and {@link Completions}
 * writes the shell completion scripts from it. Immutable.
 */
enum CommandLineOption {
    HELP(Value.NONE, "print the usage", "-h", "--help"),
    VERSION(Value.NONE, "print the version", "--version"),
    ACCEPT_NEW_HOST_KEYS(Value.NONE, "trust and record SSH host keys not yet in known_hosts", "--accept-new-host-keys"),
    DEPLOY_RUNTIME(Value.NONE, "run every host's peer on benchsh's own Java runtime, also where it has Java 22+", "--deploy-runtime"),
    DRY_RUN(Value.NONE, "list the tests the script would run, without connecting", "--dry-run"),
    PROGRESS(Value.NONE, "print a line per interval while tests run", "--progress"),
    MARKDOWN(Value.NONE, "after help, the verb reference as Markdown", "--markdown"),
    METRICS(Value.NONE, "after help, the metrics reference", "--metrics"),
    JSON(Value.FILE, "write every result as one JSON object per line (- for stdout)", "--json"),
    UNITS(Value.UNIT, "throughput unit", "--units"),
    SET(Value.TEXT, "override a param of the script, NAME=VALUE (repeatable)", "--set"),
    HOSTS(Value.FILE, "declare named hosts (inventory.groovy or inventory.ini)", "--hosts"),
    DB(Value.FILE, "the result store, a SQLite file or a PostgreSQL URL", "--db"),
    REPORT(Value.FILE, "after the run, write a report (.html, .md, .csv or .json)", "--report"),
    EVALUATE(Value.TEXT, "evaluate Groovy statements and exit", "-e");

    /** What follows an option: nothing, a file, a throughput unit, or free text. */
    enum Value { NONE, FILE, UNIT, TEXT }

    final Value value;
    /** One line for completion menus. */
    final String description;
    /** Its spellings, e.g. {@code -h} and {@code --help}. */
    final List<String> names;

    CommandLineOption(Value value, String description, String... names) {
        this.value = value;
        this.description = description;
        this.names = List.of(names);
    }

    /** The option spelled {@code name}, or null. */
    static CommandLineOption named(String name) {
        return Arrays.stream(values()).filter(o -> o.names.contains(name)).findFirst().orElse(null);
    }

    boolean takesValue() {
        return value != Value.NONE;
    }
}
