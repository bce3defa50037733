package benchsh.shell.script;

import benchsh.shell.Session;
import groovy.lang.Binding;

/** The variables scripts share across lines; hosts are bound by name (e.g. {@code local}). */
public final class SessionBinding extends Binding {
    private final Session session;

    public SessionBinding(Session session) {
        this.session = session;
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
}
