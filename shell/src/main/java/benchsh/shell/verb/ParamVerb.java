package benchsh.shell.verb;

import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.Rate;
import benchsh.shell.args.Size;
import benchsh.shell.args.Values;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.host.Host;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code param('size', 4.KiB)}: a scenario parameter with its default, overridable from the command
 * line with {@code --set size=8KiB}. The override is read as the default's type: a size ({@code 8KiB},
 * {@code 8.KiB}), a rate ({@code 5Gbit}, {@code 5.Gbit}, {@code 5Gbit/s}, {@code 100Mbps}), a duration
 * ({@code 2s}, {@code 500ms}), a whole or decimal number, a boolean, a host, a list of one of them, or text.
 * Every parameter in force is recorded with the run, sizes in bytes, rates in bits/s, durations in seconds.
 */
public final class ParamVerb implements Verb {
    private static final VerbSpec SPEC = new VerbSpec("param", "a scenario parameter with a default, overridable with --set name=value",
            "'name', default", List.of(),
            List.of("size = param('size', 4.KiB)   // --set size=8KiB", "rate = param('rate', 100.Mbit)   // --set rate=5Gbit",
                    "a = param('a', local)   // --set a=h1"));

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
        session.scenario().parameter(name, value instanceof Host h ? h.name() : Values.recorded(value));
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
        if (like instanceof Size) {
            return Size.ofBytes((long) ArgType.SIZE.convert(arg, text, session::host));
        }
        if (like instanceof Rate) {
            return Rate.ofBitsPerSecond((long) ArgType.RATE.convert(arg, text, session::host));
        }
        if (like instanceof Integer || like instanceof Long) {
            return whole(arg, text, like);
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

    /** A whole number like the default {@code like} (an Integer while it fits); one with a unit needs a default with one. */
    private static Number whole(String arg, String text, Object like) {
        long v;
        try {
            v = Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            String unit = text.chars().anyMatch(Character::isLetter)
                    ? "; a value with a unit needs a default with one in the script, e.g. param('max', 100.Mbit) or param('size', 4.KiB)" : "";
            throw new UsageException(arg + ": '" + text + "' is not a whole number, as the default " + like + " is" + unit);
        }
        return like instanceof Integer && v == (int) v ? (Number) (int) v : (Number) v;
    }
}
