package benchsh.shell.script;

import benchsh.shell.Session;
import benchsh.shell.verb.Suggest;
import benchsh.shell.verb.UsageException;
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

    public Object methodMissing(String name, Object args) throws Exception {
        if (getBinding().hasVariable(name) && getBinding().getVariable(name) instanceof groovy.lang.Closure<?> c) {
            return c.call(args instanceof Object[] a ? a : new Object[] {args});
        }
        Verb verb = session().verbs().get(name);
        if (verb == null) {
            throw new UsageException("unknown verb '" + name + "'" + Suggest.hint(name, session().verbs().names()) + " (help lists them)");
        }
        Object[] callArgs = args instanceof Object[] a ? a : new Object[] {args};
        Session session = session();
        session.control().checkCancelled();
        if (session.collecting() && verb.measures()) {
            benchsh.shell.run.Frame frame = session.frame();
            session.defer(gate -> session.within(frame.withGate(gate), () -> {
                try {
                    return verb.invoke(session, callArgs);
                } catch (Exception e) {
                    throw e instanceof RuntimeException r ? r : new java.lang.reflect.UndeclaredThrowableException(e);
                }
            }));
            return null;
        }
        return verb.invoke(session, callArgs);
    }

    public Object propertyMissing(String name) throws Exception {
        Verb verb = session().verbs().get(name);
        if (verb != null) {
            if (verb.measures()) {
                return new benchsh.shell.verb.VerbRef(verb.spec());
            }
            session().control().checkCancelled();
            return verb.invoke(session(), new Object[0]);
        }
        List<String> known = new ArrayList<>(session().verbs().names());
        for (Object k : getBinding().getVariables().keySet()) {
            known.add(k.toString());
        }
        throw new UsageException("unknown name '" + name + "'" + Suggest.hint(name, known));
    }
}
