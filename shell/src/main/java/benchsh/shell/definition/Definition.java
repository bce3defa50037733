package benchsh.shell.definition;

import benchsh.peer.workload.Interval;
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
 * package (found there by {@link Definitions}), with the record of its figures, and its peer workload. Implementations
 * are stateless.
 */
public interface Definition {
    VerbSpec verb();

    /**
     * The record its results' figures are (flattened into their metrics when they are recorded), with its units, its
     * meanings and its {@link benchsh.peer.metric.Headline}: the registry of metrics is derived from these.
     */
    Class<? extends Record> figures();

    /** The figures of its results' interval samples: bytes moved, unless the definition's sides count something else. */
    default Class<? extends Record> samples() {
        return Interval.Bytes.class;
    }

    /**
     * The test these arguments ask for.
     *
     * @throws benchsh.shell.args.UsageException for arguments that do not fit together
     */
    Test build(Args args, Hosts hosts);

    /**
     * The test these arguments ask for, with what benchsh generated at hand ({@link TreeLedger}): for a definition that
     * takes a tree by its path ({@code remove '/tmp/m'}). By default {@link #build(Args, Hosts)}.
     */
    default Test build(Args args, Hosts hosts, TreeLedger trees) {
        return build(args, hosts);
    }

    /** {@link #test(Args, Hosts, TreeLedger)} knowing no tree. */
    default Test test(Args args, Hosts hosts) {
        return test(args, hosts, TreeLedger.NONE);
    }

    /**
     * {@link #build}, with a spec record's own refusal (a cross-field rule of its compact constructor, an
     * {@link IllegalArgumentException}) as the usage error it is, in the verb's name. Every field's range is
     * checked where the spec leaves the shell ({@link SpecLimits}). What the verbs call.
     */
    default Test test(Args args, Hosts hosts, TreeLedger trees) {
        try {
            return build(args, hosts, trees);
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
