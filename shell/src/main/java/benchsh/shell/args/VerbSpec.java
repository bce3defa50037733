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
}
