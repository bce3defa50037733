package benchsh.shell.script;

import benchsh.shell.Session;
import benchsh.shell.args.UsageException;
import benchsh.shell.run.RunContext;
import benchsh.shell.verb.Verb;
import groovy.lang.Script;
import org.codehaus.groovy.runtime.DefaultGroovyStaticMethods;

/**
 * The base class of every scenario line and script: unknown method calls and names are looked up
 * among the session's verbs, so {@code tcp to: local} runs the {@code tcp} verb and {@code results}
 * runs {@code results}. Anything else unknown gets an error that says what to write instead
 * ({@link UnknownNames}). While the script is {@linkplain Precheck checked}, verbs are planned, and
 * {@code sleep} does not wait.
 */
public abstract class BenchScript extends Script {

    private SessionBinding binding() {
        return (SessionBinding) getBinding();
    }

    private Session session() {
        return binding().session();
    }

    public Object methodMissing(String name, Object args) throws Exception {
        if (getBinding().hasVariable(name) && getBinding().getVariable(name) instanceof groovy.lang.Closure<?> c) {
            return c.call(args instanceof Object[] a ? a : new Object[] {args});
        }
        Verb verb = binding().verbs().get(name);
        if (verb == null) {
            throw new UsageException(UnknownNames.verb(name, binding()));
        }
        return invoke(verb, args instanceof Object[] a ? a : new Object[] {args});
    }

    /**
     * Runs a verb unless the user asked to stop; in a check, as {@link Precheck#call} says; in a dry run, one that
     * reads results or reaches a host is skipped (there are no results, and nothing connects).
     */
    private Object invoke(Verb verb, Object[] args) throws Exception {
        Session session = session();
        session.control().checkCancelled();
        RunContext context = session.context();
        if (context.checking()) {
            return Precheck.call(verb, session, args);
        }
        if ((verb.readsResults() || verb.connects()) && context.planning()) {
            return null;
        }
        return verb.invoke(session, args);
    }

    public Object propertyMissing(String name) throws Exception {
        Verb verb = binding().verbs().get(name);
        if (verb != null) {
            if (verb.measures()) {
                return new benchsh.shell.verb.VerbRef(verb.spec());
            }
            return invoke(verb, new Object[0]);
        }
        throw new UsageException(UnknownNames.name(name, binding()));
    }

    /**
     * {@code results} used as a value ({@code results.last()}, {@code results[3]}): the session's results, numbered
     * from 1 as their rows are, without printing the table ({@link ScriptRewrites} calls this). A variable the
     * script named {@code results} wins; in a check they are not known yet.
     */
    public Object resultsValue() {
        if (getBinding().getVariables().containsKey("results")) {
            return getBinding().getVariable("results");
        }
        if (session().context().checking()) {
            return Unmeasured.of("results");
        }
        return NumberedResults.of(session().results());
    }

    /** Groovy's {@code sleep}, except in a check, which does not wait. */
    public void sleep(long millis) {
        if (!session().context().checking()) {
            DefaultGroovyStaticMethods.sleep(this, millis);
        }
    }
}
