package benchsh.shell.args;

import benchsh.shell.host.Host;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A verb call's arguments, checked against its {@link VerbSpec}: unknown names are refused with the
 * closest known one, values are converted and validated, defaults filled in. Immutable.
 */
public final class Args {
    private final VerbSpec spec;
    private final Map<String, Object> named;
    private final List<Object> positional;

    private Args(VerbSpec spec, Map<String, Object> named, List<Object> positional) {
        this.spec = spec;
        this.named = named;
        this.positional = positional;
    }

    public static Args parse(VerbSpec spec, Map<?, ?> raw, List<Object> positional, Function<String, Host> hosts) {
        Map<String, Object> named = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : raw.entrySet()) {
            String name = String.valueOf(e.getKey());
            Arg arg = spec.arg(name).orElseThrow(() -> new UsageException(
                    spec.name() + " has no argument '" + name + "'" + Suggest.hint(name, spec.args().stream().map(Arg::name).toList())
                            + " (help " + spec.name() + " lists them)"));
            if (e.getValue() == null) {
                throw new UsageException(spec.name() + ": " + name + " is null");
            }
            named.put(name, arg.type().convert(spec.name(), name, e.getValue(), hosts, arg.limit()));
        }
        return new Args(spec, named, List.copyOf(positional));
    }

    /**
     * This call's arguments as a call of {@code other}, which the verb hands its work on to (a search's trials): those
     * given here that {@code other} declares, as they were checked here, and {@code set} (raw values, checked by
     * {@code other}'s declaration) in place of any of them. The verb's call is not split again.
     */
    public Args share(VerbSpec other, Map<String, ?> set, Function<String, Host> hosts) {
        Map<String, Object> shared = new LinkedHashMap<>();
        named.forEach((name, value) -> {
            if (other.arg(name).isPresent() && !set.containsKey(name)) {
                shared.put(name, value);
            }
        });
        shared.putAll(parse(other, set, List.of(), hosts).named);
        return new Args(other, shared, List.of());
    }

    /** The declaration these arguments were checked against. */
    public VerbSpec spec() {
        return spec;
    }

    public boolean given(String name) {
        return named.containsKey(name);
    }

    public Object get(String name) {
        Object v = named.get(name);
        if (v != null) {
            return v;
        }
        return spec.arg(name).orElseThrow(() -> new IllegalArgumentException(spec.name() + " does not declare " + name)).fallback();
    }

    public long size(String name) {
        return ((Number) get(name)).longValue();
    }

    /**
     * A size as an {@code int}, for a spec field that is one: only for an argument declared {@link Arg#within} an
     * {@code int} field's range, so the value was checked before it could wrap in the narrowing.
     *
     * @throws IllegalStateException when the declaration has no such limit (a definition's mistake, not the user's)
     */
    public int intSize(String name) {
        Arg a = spec.arg(name).orElseThrow(() -> new IllegalArgumentException(spec.name() + " does not declare " + name));
        if (a.limit() == null || a.limit().max() > Integer.MAX_VALUE || a.limit().min() < Integer.MIN_VALUE) {
            throw new IllegalStateException(spec.name() + " " + name + ": an int needs a limit within int; declare the argument within(...) its spec field");
        }
        return (int) size(name);
    }

    public int count(String name) {
        return ((Number) get(name)).intValue();
    }

    /** A size, rate or count as it was given, or a duration in nanoseconds: the unit of the spec field it feeds. */
    public long quantity(String name) {
        return get(name) instanceof Duration d ? d.toNanos() : ((Number) get(name)).longValue();
    }

    public Duration duration(String name) {
        return (Duration) get(name);
    }

    public boolean bool(String name) {
        return Boolean.TRUE.equals(get(name));
    }

    public Host host(String name) {
        return (Host) get(name);
    }

    /** A {@link ArgType#HOSTS} argument; empty when not given. */
    @SuppressWarnings("unchecked")
    public List<Host> hosts(String name) {
        Object v = get(name);
        return v == null ? List.of() : (List<Host>) v;
    }

    public String text(String name) {
        Object v = get(name);
        return v == null ? null : v.toString();
    }

    @SuppressWarnings("unchecked")
    public Map<String, Object> map(String name) {
        Object v = get(name);
        return v == null ? Map.of() : (Map<String, Object>) v;
    }

    public List<Object> positional() {
        return positional;
    }

    /**
     * The arguments as a result's params: every declared argument except hosts and tags, durations
     * in seconds, sizes in bytes, rates in bits/s.
     */
    public Map<String, Object> params() {
        Map<String, Object> p = new LinkedHashMap<>();
        for (Arg a : spec.args()) {
            if (a.type() == ArgType.HOST || a.type() == ArgType.HOSTS || a.type() == ArgType.MAP || a.type() == ArgType.CLOSURE || a.name().equals("repeats")
                    || a.name().equals("label")) {
                continue;
            }
            Object v = get(a.name());
            if (v != null) {
                p.put(a.name(), Values.recorded(v));
            }
        }
        return p;
    }
}
