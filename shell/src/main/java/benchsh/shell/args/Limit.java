package benchsh.shell.args;

import benchsh.peer.protocol.Range;
import java.lang.reflect.RecordComponent;
import java.util.Locale;
import java.util.Optional;

/**
 * The values an argument may take, in its normalized unit (bytes, nanoseconds, bits/s, a count): the
 * {@link Range} of the peer's spec field the argument feeds (so the shell and the peer share one cap), or
 * a cap of the shell's own. A value outside is refused with the verb, the argument and the range in the
 * argument's units ({@code tcp: window must be between 1 B and 1 GiB, not 5 GiB}). Immutable.
 *
 * @param field the spec record component whose {@code @Range} this is ({@code window}, {@code timeNanos}), or null for the shell's own cap
 */
public record Limit(long min, long max, String field) {
    public Limit {
        if (min > max) {
            throw new IllegalArgumentException("an empty limit [" + min + ", " + max + "]");
        }
    }

    /** A cap of the shell's own, e.g. the runs of a repeat. */
    public static Limit of(long min, long max) {
        return new Limit(min, max, null);
    }

    /** The {@code @Range} of a spec record's component. */
    public static Limit of(RecordComponent component) {
        Range r = component.getAnnotation(Range.class);
        if (r == null) {
            throw new IllegalArgumentException(component.getDeclaringRecord().getSimpleName() + "." + component.getName() + " has no @Range");
        }
        return new Limit(r.min(), r.max(), component.getName());
    }

    /** The {@code @Range} of the component of {@code spec} named {@code field} ({@link #feeds}: {@code time} finds {@code timeNanos}). */
    public static Limit of(Class<? extends Record> spec, String field) {
        return of(component(spec, field).orElseThrow(() -> new IllegalArgumentException(spec.getSimpleName() + " has no field " + field)));
    }

    /** The component of {@code spec} that argument {@code arg} feeds, by {@link #feeds}. */
    public static Optional<RecordComponent> component(Class<? extends Record> spec, String arg) {
        for (RecordComponent c : spec.getRecordComponents()) {
            if (feeds(arg, c.getName())) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /**
     * Whether argument {@code arg} carries spec field {@code field}: the same name, ignoring case, or with
     * {@code Nanos} after it for a duration ({@code time} → {@code timeNanos}, {@code busywait} → {@code busyWaitNanos}).
     */
    public static boolean feeds(String arg, String field) {
        return field.equalsIgnoreCase(arg) || field.equalsIgnoreCase(arg + "Nanos");
    }

    /** This limit within {@code other} (the values an argument's own kind allows, e.g. sizes from 1 byte). */
    public Limit within(Limit other) {
        return new Limit(Math.max(min, other.min), Math.min(max, other.max), field);
    }

    public boolean contains(long v) {
        return v >= min && v <= max;
    }

    public boolean contains(double v) {
        return v >= min && v <= max;
    }

    /**
     * For help: "between 1 B and 1 GiB" in {@code type}'s units; when no value a user types reaches the top,
     * "at least 10 ms", or "" if that is all the kind says already.
     */
    public String describe(ArgType type) {
        if (max >= Long.MAX_VALUE / 2 || type.isCount() && max == Integer.MAX_VALUE) {
            return type.bounds() != null && min <= type.bounds().min() ? "" : "at least " + type.show(min);
        }
        return range(type);
    }

    private String range(ArgType type) {
        if (type == ArgType.DURATION && min == 1) {
            return "more than 0 s and at most " + type.show(max); // not "between 1 ns and ..."
        }
        return "between " + type.show(min) + " and " + type.show(max);
    }

    /** The usage error for {@code value} of argument {@code arg} of {@code verb}, outside this limit: the range in full. */
    public UsageException refuse(String verb, String arg, ArgType type, Number value) {
        String shown = value instanceof Double d ? String.format(Locale.ROOT, "%s", d) : type.show(value.longValue());
        return new UsageException(verb + ": " + arg + " must be " + range(type) + ", not " + shown);
    }

    /** @throws UsageException when {@code value} is outside */
    public long check(String verb, String arg, ArgType type, long value) {
        if (!contains(value)) {
            throw refuse(verb, arg, type, value);
        }
        return value;
    }
}
