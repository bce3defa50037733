package benchsh.shell.args;

/**
 * One declared argument of a verb: help, completion and parsing all read this declaration.
 *
 * @param fallback the default value (already normalized), or null for none
 */
public record Arg(String name, ArgType type, Object fallback, String help) {
    public static Arg of(String name, ArgType type, Object fallback, String help) {
        return new Arg(name, type, fallback, help);
    }
}
