package benchsh.shell.script;

import benchsh.shell.Session;
import benchsh.shell.verb.Verbs;
import groovy.lang.Binding;

/** The variables scripts share across lines; hosts are bound by name (e.g. {@code local}). */
public final class SessionBinding extends Binding {
    private final Session session;
    private final Verbs verbs;

    public SessionBinding(Session session, Verbs verbs) {
        this.session = session;
        this.verbs = verbs;
        session.hosts().all().forEach(h -> setVariable(h.name(), h));
    }

    /** {@code out} is the session's output, so {@code println} lands next to the tables. */
    @Override
    public Object getVariable(String name) {
        return name.equals("out") ? session.out() : super.getVariable(name);
    }

    @Override
    public boolean hasVariable(String name) {
        return name.equals("out") || super.hasVariable(name);
    }

    public Session session() {
        return session;
    }

    /** The verbs scripts call. */
    public Verbs verbs() {
        return verbs;
    }
}
