package benchsh.shell.verb;

import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.Session;

/**
 * A command of the scenario language, e.g. {@code tcp}. Verbs build tests from their arguments, run
 * them through the session and return data (results, tables); they never talk to JLine. Register
 * new verbs in {@link Verbs}.
 */
public interface Verb {
    VerbSpec spec();

    Object call(Args args, Session session) throws Exception;

    /** Whether the verb measures something (it runs tests through the executor). */
    default boolean measures() {
        return false;
    }

    /**
     * Whether the verb reads or reports measured results (tables, comparisons, expectations, exports): in a
     * dry run there are none, so the script skips it.
     */
    default boolean readsResults() {
        return false;
    }

    /**
     * Whether the verb reaches a host outside of a test ({@code connect}, {@code sysinfo}): a dry run, which
     * connects nowhere, skips it.
     */
    default boolean connects() {
        return false;
    }

    /** Checks a call's arguments as {@link #invoke} would, without calling the verb: for the verbs a dry run skips. */
    default void check(Session session, Object[] groovyArgs) {
        args(session, groovyArgs);
    }

    /** Called from Groovy: named arguments arrive as a leading map, the rest are positional. */
    default Object invoke(Session session, Object[] groovyArgs) throws Exception {
        Args args = args(session, groovyArgs);
        if (!args.given("repeats") || args.count("repeats") <= 1) {
            return call(args, session);
        }
        return Repetition.fixed(session, args.count("repeats"), () -> call(args, session));
    }

    /** A Groovy call's arguments checked against {@link #spec}: a leading map is the named ones, the rest are positional. */
    private Args args(Session session, Object[] groovyArgs) {
        java.util.Map<?, ?> named = java.util.Map.of();
        java.util.List<Object> positional = new java.util.ArrayList<>(java.util.Arrays.asList(groovyArgs));
        if (!positional.isEmpty() && positional.get(0) instanceof java.util.Map<?, ?> m) {
            named = m;
            positional.remove(0);
        }
        return Args.parse(spec(), named, positional, session::host);
    }
}
