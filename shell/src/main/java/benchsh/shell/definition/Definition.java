package benchsh.shell.definition;

import benchsh.shell.args.Args;
import benchsh.shell.args.UsageException;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.host.Hosts;
import benchsh.shell.result.Result;
import benchsh.shell.run.Test;

/**
 * A measuring verb as data: its declaration (name, arguments with defaults and units, examples — read by
 * help, completion, the argument fuzzer and the docs) and how its arguments become a {@link Test}: the
 * sides' specs, the expected duration, how the sides' figures merge, the row's columns. Building does no
 * I/O; the executor runs, plans or collects the test. A new measuring verb is one such class in this
 * package (found there by {@link Definitions}) and its peer workload. Implementations are stateless.
 */
public interface Definition {
    VerbSpec verb();

    /**
     * The test these arguments ask for.
     *
     * @throws benchsh.shell.args.UsageException for arguments that do not fit together
     */
    Test build(Args args, Hosts hosts);

    /**
     * {@link #build}, with a spec record's own refusal (a cross-field rule of its compact constructor, an
     * {@link IllegalArgumentException}) as the usage error it is, in the verb's name. Every field's range is
     * checked where the spec leaves the shell ({@link SpecLimits}). What the verbs call.
     */
    default Test test(Args args, Hosts hosts) {
        try {
            return build(args, hosts);
        } catch (IllegalArgumentException e) {
            throw new UsageException(verb().name() + ": " + e.getMessage());
        }
    }

    /**
     * What the verb returns to the script for the result of {@code test}: the result itself unless the verb
     * hands out something to use later (a generated tree).
     */
    default Object returned(Result result, Test test) {
        return result;
    }
}
