package benchsh.shell.definition;

import benchsh.peer.protocol.Range;
import benchsh.peer.protocol.SpecCodec;
import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.Limit;
import benchsh.shell.args.UsageException;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The shell's one check of a spec record against the peer's caps, where it leaves the shell: every number
 * (in nested records too) within its {@code @Range}, and every list's length. A field fed by an argument
 * ({@link Limit#feeds}, or the field an argument's {@link Arg#within} names) is refused in that argument's
 * words and units ({@code rr: request must be between 1 B and 65,507 B, not 100,000 B}). With the arguments'
 * own limits ({@link Arg#within}, checked as they are parsed, before any narrowing: {@link Args#intSize}) this
 * catches what a definition derives or chooses (a tree's files times its scale, the UDP cap of an rr request),
 * so a value the peer would refuse never travels. Stateless.
 */
final class SpecLimits {
    private SpecLimits() {
    }

    /** The wire form of {@code spec}, once every field is within its range. */
    static Map<String, Object> encode(Args args, Record spec) {
        check(args, spec);
        return SpecCodec.encode(spec);
    }

    /** @throws UsageException naming the argument (else the field) and its range, for the first field outside it */
    static void check(Args args, Record spec) {
        for (RecordComponent c : spec.getClass().getRecordComponents()) {
            Object value = value(spec, c);
            Range range = c.getAnnotation(Range.class);
            if (value instanceof Record nested) {
                check(args, nested);
            } else if (value instanceof List<?> list && range != null && !Limit.of(c).contains(list.size())) {
                throw new UsageException(args.spec().name() + ": " + wire(c) + " has " + list.size()
                        + " entries, not " + range.min() + " to " + range.max());
            } else if (value instanceof Number n && range != null) {
                number(args, c, n);
            }
        }
    }

    private static void number(Args args, RecordComponent c, Number value) {
        Limit field = Limit.of(c);
        if (value instanceof Double d ? field.contains(d) : field.contains(value.longValue())) {
            return;
        }
        String verb = args.spec().name();
        Optional<Arg> arg = argFor(args, c.getName());
        if (arg.isEmpty()) {
            throw field.refuse(verb, wire(c), ArgType.COUNT, value);
        }
        Arg a = arg.get();
        throw field.within(a.type().bounds()).refuse(verb, a.name(), a.type(), value);
    }

    /** The argument that feeds field {@code field}: one the user gave before one left at its default. */
    private static Optional<Arg> argFor(Args args, String field) {
        List<Arg> feeding = args.spec().args().stream()
                .filter(a -> a.type().bounds() != null)
                .filter(a -> a.limit() != null && field.equals(a.limit().field()) || Limit.feeds(a.name(), field))
                .toList();
        return feeding.stream().filter(a -> args.given(a.name())).findFirst().or(() -> feeding.stream().findFirst());
    }

    /** The field's name on the wire ({@code time_nanos}), for a field no argument feeds. */
    private static String wire(RecordComponent c) {
        RecordComponent[] all = c.getDeclaringRecord().getRecordComponents();
        for (int i = 0; i < all.length; i++) {
            if (all[i].getName().equals(c.getName())) {
                return SpecCodec.fieldNames(c.getDeclaringRecord().asSubclass(Record.class)).get(i);
            }
        }
        return c.getName();
    }

    private static Object value(Record r, RecordComponent c) {
        try {
            c.getAccessor().setAccessible(true);
            return c.getAccessor().invoke(r);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + c, e);
        }
    }
}
