package benchsh.shell.args;

import java.util.List;
import java.util.Optional;

/**
 * The declaration of a verb: its name, a one-line summary, its positional usage, its named
 * arguments and runnable examples. {@code help}, completion and argument checking all read it.
 */
public record VerbSpec(String name, String summary, String positional, List<Arg> args, List<String> examples) {
    public VerbSpec {
        args = List.copyOf(args);
        examples = List.copyOf(examples);
    }

    public Optional<Arg> arg(String name) {
        return args.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /**
     * Its arguments but {@code names}: what a verb that hands its calls on to this one declares of it (a search that runs
     * this verb's tests and sets the rest itself), so that help, checks and ranges stay this verb's. See {@link Args#share}.
     */
    public List<Arg> argsBut(java.util.Set<String> names) {
        return args.stream().filter(a -> !names.contains(a.name())).toList();
    }
}
