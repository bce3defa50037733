package benchsh.shell.verb;

import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.host.Host;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code param('size', 4.KiB)}: a scenario parameter with its default, overridable from the command
 * line with {@code --set size=8KiB}. The override is read as the default's type (size, duration,
 * count, boolean, host, list, text). Every parameter in force is recorded with the run.
 */
public final class ParamVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("param", "a scenario parameter with a default, overridable with --set name=value",
            "'name', default", List.of(),
            List.of("size = param('size', 4.KiB)", "a = param('a', local)   // --set a=h1"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object call(Args args, Session session) throws Exception {
        List<Object> p = args.positional();
        if (p.size() != 2 || !(p.get(0) instanceof CharSequence)) {
            throw new UsageException("usage: param('name', default), e.g. param('size', 4.KiB)");
        }
        String name = p.get(0).toString();
        Object fallback = p.get(1);
        String override = session.scenario().overrideOf(name);
        Object value = override == null ? fallback : convert(name, override, fallback, session);
        session.scenario().parameter(name, value instanceof Host h ? h.name() : value);
        return value;
    }

    static Object convert(String name, String text, Object like, Session session) throws Exception {
        String arg = "--set " + name;
        if (like instanceof Host) {
            Host h = session.host(text);
            return h != null ? h : new HostVerb().invoke(session, new Object[] {text});
        }
        if (like instanceof Duration) {
            return ArgType.DURATION_OR_ZERO.convert(arg, text, session::host);
        }
        if (like instanceof Long) {
            return ArgType.SIZE.convert(arg, text, session::host);
        }
        if (like instanceof Integer) {
            return ArgType.COUNT.convert(arg, text, session::host);
        }
        if (like instanceof Boolean) {
            return ArgType.BOOL.convert(arg, text, session::host);
        }
        if (like instanceof Number) {
            try {
                return Double.parseDouble(text);
            } catch (NumberFormatException e) {
                throw new UsageException(arg + ": '" + text + "' is not a number");
            }
        }
        if (like instanceof List<?> list && !list.isEmpty()) {
            List<Object> out = new ArrayList<>();
            for (String part : text.split(",")) {
                out.add(convert(name, part.trim(), list.get(0), session));
            }
            return out;
        }
        return text;
    }
}
