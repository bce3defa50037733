package benchsh.peer.protocol;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Typed, strict access to the fields of a decoded JSON object.
 *
 * <p>Every getter checks the type (and, where given, the bounds) of its field; {@link #end()}
 * rejects any field nobody asked for. Decoders read all fields they know and then call
 * {@code end()}, so unknown, missing or ill-typed fields are errors, never silently ignored.
 * Not thread-safe.
 */
public final class Fields {
    private final String context;
    private final Map<String, Object> values;
    private final Set<String> read = new HashSet<>();

    public Fields(String context, Map<String, Object> values) {
        this.context = context;
        this.values = values;
    }

    /** The name used in error messages, e.g. {@code start.spec}. */
    public String context() {
        return context;
    }

    public boolean has(String name) {
        return values.containsKey(name) && values.get(name) != null;
    }

    public String string(String name) throws ProtocolException {
        return typed(name, String.class, "a string");
    }

    public String string(String name, String fallback) throws ProtocolException {
        return has(name) ? string(name) : mark(name, fallback);
    }

    /** An optional string: null when absent. */
    public String optString(String name) throws ProtocolException {
        return has(name) ? string(name) : mark(name, null);
    }

    public long integer(String name) throws ProtocolException {
        return typed(name, Long.class, "an integer");
    }

    /** An integer within [min, max]: the peer's hard caps are checked here. */
    public long integer(String name, long min, long max) throws ProtocolException {
        long v = integer(name);
        if (v < min || v > max) {
            throw new ProtocolException(context + "." + name + " = " + v + " is outside [" + min + ", " + max + "]");
        }
        return v;
    }

    public long integer(String name, long min, long max, long fallback) throws ProtocolException {
        return has(name) ? integer(name, min, max) : mark(name, fallback);
    }

    public double number(String name) throws ProtocolException {
        Object v = require(name);
        if (v instanceof Long || v instanceof Double) {
            return ((Number) v).doubleValue();
        }
        throw illTyped(name, "a number", v);
    }

    public boolean bool(String name) throws ProtocolException {
        return typed(name, Boolean.class, "true or false");
    }

    /** Accepts an optional field: true when it is present (and not null); either way it counts as known to {@link #end()}. */
    public boolean optional(String name) {
        read.add(name);
        return has(name);
    }

    public boolean bool(String name, boolean fallback) throws ProtocolException {
        return has(name) ? typed(name, Boolean.class, "true or false") : mark(name, fallback);
    }

    @SuppressWarnings("unchecked")
    public Fields object(String name) throws ProtocolException {
        return new Fields(context + "." + name, typed(name, Map.class, "an object"));
    }

    @SuppressWarnings("unchecked")
    public Map<String, Object> map(String name) throws ProtocolException {
        return typed(name, Map.class, "an object");
    }

    @SuppressWarnings("unchecked")
    public List<Object> list(String name) throws ProtocolException {
        return typed(name, List.class, "a list");
    }

    /** The value of a field, whatever its type (the caller checks it); missing is an error. */
    public Object raw(String name) throws ProtocolException {
        return require(name);
    }

    /** Fails if a field was present that no getter consumed. */
    public void end() throws ProtocolException {
        for (String name : values.keySet()) {
            if (!read.contains(name)) {
                throw new ProtocolException("unknown field '" + name + "' in " + context);
            }
        }
    }

    private <T> T mark(String name, T fallback) {
        read.add(name);
        return fallback;
    }

    private Object require(String name) throws ProtocolException {
        read.add(name);
        Object v = values.get(name);
        if (v == null) {
            throw new ProtocolException("missing field '" + name + "' in " + context);
        }
        return v;
    }

    private <T> T typed(String name, Class<T> type, String what) throws ProtocolException {
        Object v = require(name);
        if (!type.isInstance(v)) {
            throw illTyped(name, what, v);
        }
        return type.cast(v);
    }

    private ProtocolException illTyped(String name, String what, Object v) {
        return new ProtocolException(context + "." + name + " must be " + what + ", not " + v.getClass().getSimpleName());
    }
}
