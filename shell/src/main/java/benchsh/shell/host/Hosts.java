package benchsh.shell.host;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The session's host inventory, by name, with the built-in {@code local}. Thread-safe. */
public final class Hosts implements AutoCloseable {
    private final Map<String, Host> byName = new LinkedHashMap<>();
    private volatile boolean connectionsAllowed = true;

    public Hosts() {
        add(new LocalHost("local", LocalJava.choose()));
    }

    /** While false (a dry run), every host refuses to start its peer. */
    public void allowConnections(boolean allowed) {
        connectionsAllowed = allowed;
    }

    public synchronized Host add(Host h) {
        h.guard(() -> connectionsAllowed);
        Host old = byName.put(h.name(), h);
        if (old != null && old != h) {
            old.close();
        }
        return h;
    }

    public synchronized Host get(String name) {
        return byName.get(name);
    }

    public synchronized Host local() {
        return byName.get("local");
    }

    public synchronized List<Host> all() {
        return new ArrayList<>(byName.values());
    }

    @Override
    public synchronized void close() {
        byName.values().forEach(Host::close);
    }
}
