package benchsh.peer.fuzz;

import benchsh.peer.protocol.OrNull;
import benchsh.peer.protocol.Range;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Random instances of a spec record, derived from its declaration alone, so that a fuzz test covers a new workload
 * without a seed written for it: booleans and enum constants at random, numbers within their {@link Range} (mostly
 * near the low end, so that a side opened from one stays small), nested records likewise (also in lists), a component marked
 * {@link OrNull} sometimes null, and every string (in the specs: paths) from a safe set the caller gives. A record
 * whose own constructor refuses the combination (a cross-field rule) is drawn again. Not thread-safe.
 */
public final class RandomRecords {
    private static final int ATTEMPTS = 200;

    private final Random random;
    private final Supplier<String> strings;

    /** @param strings the only strings a record gets: paths inside a test's own directory, never a random one */
    public RandomRecords(Random random, Supplier<String> strings) {
        this.random = random;
        this.strings = strings;
    }

    /** A random record of {@code type} that its constructor accepts. */
    public <T extends Record> T of(Class<T> type) {
        IllegalArgumentException last = null;
        for (int i = 0; i < ATTEMPTS; i++) {
            try {
                return attempt(type);
            } catch (IllegalArgumentException e) {
                last = e;
            }
        }
        throw new AssertionError("no valid " + type.getSimpleName() + " in " + ATTEMPTS + " random attempts", last);
    }

    private <T extends Record> T attempt(Class<T> type) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            values[i] = value(components[i]);
            types[i] = components[i].getType();
        }
        try {
            Constructor<T> c = type.getDeclaredConstructor(types);
            c.setAccessible(true);
            return c.newInstance(values);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException refused) {
                throw refused;
            }
            throw new IllegalStateException("cannot build " + type.getSimpleName(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + type.getSimpleName(), e);
        }
    }

    private Object value(RecordComponent c) {
        Class<?> t = c.getType();
        if (c.isAnnotationPresent(OrNull.class) && random.nextInt(3) == 0) {
            return null;
        }
        Range range = c.getAnnotation(Range.class);
        if (t == boolean.class) {
            return random.nextBoolean();
        }
        if (t == int.class || t == Integer.class) {
            return (int) number(range);
        }
        if (t == long.class || t == Long.class) {
            return number(range);
        }
        if (t == double.class) {
            return range.min() + random.nextDouble() * Math.min(4.0, (double) range.max() - range.min());
        }
        if (t == String.class) {
            return strings.get();
        }
        if (t.isEnum()) {
            Object[] constants = t.getEnumConstants();
            return constants[random.nextInt(constants.length)];
        }
        if (t == List.class) {
            Class<?> element = c.getGenericType() instanceof ParameterizedType p && p.getActualTypeArguments()[0] instanceof Class<?> k ? k : String.class;
            List<Object> list = new ArrayList<>();
            for (long n = number(range); n > 0; n--) {
                list.add(element.isRecord() ? of(element.asSubclass(Record.class)) : strings.get());
            }
            return List.copyOf(list);
        }
        if (t.isRecord()) {
            return of(t.asSubclass(Record.class));
        }
        throw new IllegalStateException(c + ": no random value of " + t.getSimpleName());
    }

    /** Mostly the low end of the range or a little above it, sometimes a power of two within it. */
    private long number(Range range) {
        long min = range.min();
        long span = range.max() - min;
        if (span <= 0) {
            return min;
        }
        if (random.nextInt(4) == 0) {
            long step = 1L << random.nextInt(Math.min(62, 64 - Long.numberOfLeadingZeros(span)));
            return min + Math.min(span, step);
        }
        return min + Math.min(span, random.nextInt(4096));
    }
}
