package benchsh.shell.script;

import benchsh.shell.Session;
import benchsh.shell.args.Suggest;
import benchsh.shell.args.UsageException;
import benchsh.shell.verb.Verb;
import groovy.lang.Script;
import java.util.ArrayList;
import java.util.List;

/**
 * The base class of every scenario line and script: unknown method calls and names are looked up
 * among the session's verbs, so {@code tcp to: local} runs the {@code tcp} verb and {@code results}
 * runs {@code results}. Anything else unknown gets a "did you mean" error.
 */
public abstract class BenchScript extends Script {

    private Session session() {
        return ((SessionBinding) getBinding()).session();
    }

    private benchsh.shell.verb.Verbs verbs() {
        return ((SessionBinding) getBinding()).verbs();
    }

    public Object methodMissing(String name, Object args) throws Exception {
        if (getBinding().hasVariable(name) && getBinding().getVariable(name) instanceof groovy.lang.Closure<?> c) {
            return c.call(args instanceof Object[] a ? a : new Object[] {args});
        }
        Verb verb = verbs().get(name);
        if (verb == null) {
            throw new UsageException("unknown verb '" + name + "'" + Suggest.hint(name, verbs().names()) + " (help lists them)");
        }
        return invoke(verb, args instanceof Object[] a ? a : new Object[] {args});
    }

    /** Runs a verb unless the user asked to stop; one that reads results is skipped in a dry run, which has none. */
    private Object invoke(Verb verb, Object[] args) throws Exception {
        Session session = session();
        session.control().checkCancelled();
        if (verb.readsResults() && session.context().planning()) {
            return null;
        }
        return verb.invoke(session, args);
    }

    public Object propertyMissing(String name) throws Exception {
        Verb verb = verbs().get(name);
        if (verb != null) {
            if (verb.measures()) {
                return new benchsh.shell.verb.VerbRef(verb.spec());
            }
            return invoke(verb, new Object[0]);
        }
        List<String> known = new ArrayList<>(verbs().names());
        for (Object k : getBinding().getVariables().keySet()) {
            known.add(k.toString());
        }
        throw new UsageException("unknown name '" + name + "'" + Suggest.hint(name, known));
    }
}
