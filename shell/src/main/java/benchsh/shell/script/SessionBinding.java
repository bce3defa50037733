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

    public Session session() {
        return session;
    }
}
