package benchsh.peer.protocol;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A workload's spec is one record; this codec derives both its wire form ({@link #encode}) and its
 * strict parser ({@link #decode}) from that one definition, so the shell and the peer cannot disagree.
 *
 * <p>Wire names are the components' names in snake_case ({@code timeNanos} is {@code time_nanos}).
 * Supported component types: {@code boolean}, {@code int}, {@code long}, {@code double}, {@link String},
 * enums (as lower-case names), {@code List<String>} and nested spec records (as objects). Numbers and lists
 * carry {@link Range}; a component is required unless marked {@link OrNull}. Unknown, missing, ill-typed
 * and out-of-range fields are refused with a {@link ProtocolException} naming the field; so is an
 * {@link IllegalArgumentException} thrown by the record's own constructor (cross-field rules).
 * Stateless and thread-safe.
 */
public final class SpecCodec {
    private static final ClassValue<Shape> SHAPES = new ClassValue<>() {
        @Override
        protected Shape computeValue(Class<?> type) {
            return Shape.of(type);
        }
    };

    private SpecCodec() {
    }

    /** The wire form of a spec: every non-null component under its snake_case name. */
    public static Map<String, Object> encode(Record spec) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Part p : SHAPES.get(spec.getClass()).parts) {
            Object v = p.get(spec);
            if (v != null) {
                m.put(p.wire, wire(v));
            }
        }
        return m;
    }

    /** Decodes and checks the fields of a spec of {@code type}; rejects any field the record does not have. */
    public static <T extends Record> T decode(Class<T> type, Fields f) throws ProtocolException {
        Shape shape = SHAPES.get(type);
        Object[] values = new Object[shape.parts.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = shape.parts.get(i).read(f);
        }
        f.end();
        try {
            return type.cast(shape.constructor.newInstance(values));
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IllegalArgumentException bad) {
                throw new ProtocolException(f.context() + ": " + bad.getMessage());
            }
            throw new IllegalStateException("cannot build " + type.getSimpleName(), cause);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + type.getSimpleName(), e);
        }
    }

    /** The wire names of a spec type's fields, in order (for help and fuzzing). */
    public static List<String> fieldNames(Class<? extends Record> type) {
        return SHAPES.get(type).parts.stream().map(p -> p.wire).toList();
    }

    /** {@code timeNanos} → {@code time_nanos}. */
    static String wireName(String component) {
        StringBuilder sb = new StringBuilder();
        for (char c : component.toCharArray()) {
            if (Character.isUpperCase(c)) {
                sb.append('_').append(Character.toLowerCase(c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static Object wire(Object v) {
        if (v instanceof Enum<?> e) {
            return e.name().toLowerCase(Locale.ROOT);
        }
        if (v instanceof Record r) {
            return encode(r);
        }
        if (v instanceof Integer i) {
            return i.longValue();
        }
        return v;
    }

    /** A spec record type, checked once: every component is of a supported type and numbers have bounds. */
    private record Shape(List<Part> parts, Constructor<?> constructor) {
        static Shape of(Class<?> type) {
            if (!type.isRecord()) {
                throw new IllegalArgumentException(type.getName() + " is not a record");
            }
            List<Part> parts = new ArrayList<>();
            RecordComponent[] components = type.getRecordComponents();
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                parts.add(Part.of(type, components[i]));
                types[i] = components[i].getType();
            }
            try {
                Constructor<?> c = type.getDeclaredConstructor(types);
                c.setAccessible(true);
                return new Shape(List.copyOf(parts), c);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** One component: its wire name, type, bounds and whether it may be absent. */
    private record Part(RecordComponent component, String wire, Class<?> type, Range range, boolean orNull) {
        static Part of(Class<?> owner, RecordComponent c) {
            Class<?> t = c.getType();
            Range range = c.getAnnotation(Range.class);
            boolean numeric = t == int.class || t == long.class || t == double.class;
            boolean list = t == List.class;
            if ((numeric || list) && range == null) {
                throw new IllegalStateException(owner.getSimpleName() + "." + c.getName() + " needs @Range: the peer checks every cap");
            }
            if (t == int.class && (range.min() < Integer.MIN_VALUE || range.max() > Integer.MAX_VALUE)) {
                throw new IllegalStateException(owner.getSimpleName() + "." + c.getName() + ": @Range exceeds int");
            }
            if (list && !(c.getGenericType() instanceof ParameterizedType p && p.getActualTypeArguments()[0] == String.class)) {
                throw new IllegalStateException(owner.getSimpleName() + "." + c.getName() + ": only List<String> is supported");
            }
            boolean supported = numeric || list || t == boolean.class || t == String.class || t.isEnum() || t.isRecord();
            if (!supported) {
                throw new IllegalStateException(owner.getSimpleName() + "." + c.getName() + ": unsupported type " + t.getSimpleName());
            }
            if (t.isPrimitive() && c.isAnnotationPresent(OrNull.class)) {
                throw new IllegalStateException(owner.getSimpleName() + "." + c.getName() + ": a primitive cannot be @OrNull");
            }
            c.getAccessor().setAccessible(true);
            return new Part(c, wireName(c.getName()), t, range, c.isAnnotationPresent(OrNull.class));
        }

        Object get(Record r) {
            try {
                return component.getAccessor().invoke(r);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        Object read(Fields f) throws ProtocolException {
            if (orNull && !f.optional(wire)) {
                return null;
            }
            if (type == boolean.class) {
                return f.bool(wire);
            }
            if (type == int.class) {
                return (int) f.integer(wire, range.min(), range.max());
            }
            if (type == long.class) {
                return f.integer(wire, range.min(), range.max());
            }
            if (type == double.class) {
                double v = f.number(wire);
                if (!(v >= range.min() && v <= range.max())) {
                    throw new ProtocolException(f.context() + "." + wire + " = " + v + " is outside [" + range.min() + ", " + range.max() + "]");
                }
                return v;
            }
            if (type == String.class) {
                return f.string(wire);
            }
            if (type == List.class) {
                return strings(f);
            }
            if (type.isEnum()) {
                return constant(f);
            }
            return decode(type.asSubclass(Record.class), f.object(wire));
        }

        private List<String> strings(Fields f) throws ProtocolException {
            List<Object> raw = f.list(wire);
            if (raw.size() < range.min() || raw.size() > range.max()) {
                throw new ProtocolException(f.context() + "." + wire + " has " + raw.size() + " entries, not " + range.min() + " to " + range.max());
            }
            List<String> out = new ArrayList<>();
            for (Object o : raw) {
                if (!(o instanceof String s)) {
                    throw new ProtocolException(f.context() + "." + wire + " must hold strings");
                }
                out.add(s);
            }
            return List.copyOf(out);
        }

        private Object constant(Fields f) throws ProtocolException {
            String name = f.string(wire);
            for (Object e : type.getEnumConstants()) {
                if (((Enum<?>) e).name().toLowerCase(Locale.ROOT).equals(name)) {
                    return e;
                }
            }
            List<String> allowed = new ArrayList<>();
            for (Object e : type.getEnumConstants()) {
                allowed.add(((Enum<?>) e).name().toLowerCase(Locale.ROOT));
            }
            throw new ProtocolException(f.context() + "." + wire + " must be one of " + allowed + ", not '" + name + "'");
        }
    }
}
