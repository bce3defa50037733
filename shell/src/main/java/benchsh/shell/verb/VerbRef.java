package benchsh.shell.verb;

import benchsh.shell.args.VerbSpec;

/**
 * A measuring verb named without arguments, e.g. {@code tcp} in {@code help tcp}: it names the verb
 * instead of running a test with every default. Call it with arguments (or {@code tcp()}) to run it.
 */
public record VerbRef(VerbSpec spec) {
    @Override
    public String toString() {
        String example = spec.examples().isEmpty() ? spec.name() + "()" : spec.examples().get(0);
        return spec.name() + ": " + spec.summary() + " (run it with arguments, e.g. " + example + "; help " + spec.name() + " explains it)";
    }
}
