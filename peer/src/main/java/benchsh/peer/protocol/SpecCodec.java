package benchsh.peer.protocol;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A workload's spec is one record, and so is its report and its interval sample; this codec derives both their wire
 * form ({@link #encode}) and their strict parser ({@link #decode}, {@link #decodeFigures}) from that one definition, so
 * the shell and the peer cannot disagree.
 *
 * <p>Wire names are the components' names in snake_case ({@code timeNanos} is {@code time_nanos}). Supported
 * component types: {@code boolean}, {@code int}, {@code long}, {@code double} and their boxes, {@link String}, enums
 * (as lower-case names), nested records (as objects, also a component typed by the record's type variable, whose class
 * the decoder is given), {@code List}s and {@code Map}s with string keys of any of these. A component is required
 * unless marked {@link OrNull} (a boxed number must be). In a spec every number and list carries {@link Range}, the
 * peer's hard cap; in figures (a report, a sample) they need none, and a {@code double} that is absent (a NaN on the
 * sending side, which JSON cannot carry) reads as NaN. Unknown, missing, ill-typed and out-of-range fields are refused
 * with a {@link ProtocolException} naming the field; so is an {@link IllegalArgumentException} thrown by the record's
 * own constructor (cross-field rules). Stateless and thread-safe.
 */
public final class SpecCodec {
    private static final ClassValue<Shape> SPECS = new ClassValue<>() {
        @Override
        protected Shape computeValue(Class<?> type) {
            return Shape.of(type, true);
        }
    };
    private static final ClassValue<Shape> FIGURES = new ClassValue<>() {
        @Override
        protected Shape computeValue(Class<?> type) {
            return Shape.of(type, false);
        }
    };

    private SpecCodec() {
    }

    /** The wire form of a record: every non-null component under its snake_case name; NaN doubles are left out. */
    public static Map<String, Object> encode(Record record) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Part p : FIGURES.get(record.getClass()).parts) {
            Object v = wire(p.get(record));
            if (v != null) {
                m.put(p.wire, v);
            }
        }
        return m;
    }

    /** Decodes and checks the fields of a spec of {@code type}; rejects any field the record does not have. */
    public static <T extends Record> T decode(Class<T> type, Fields f) throws ProtocolException {
        return SPECS.get(type).decode(type, f, List.of());
    }

    /**
     * Decodes the fields of a report or an interval sample of {@code type}, as strictly as a spec's but without caps on
     * its numbers (what the frame's size allows).
     *
     * @param typeArguments the classes of the record's type variables, in order (an interval sample's figures)
     */
    @SafeVarargs
    public static <T extends Record> T decodeFigures(Class<T> type, Fields f, Class<? extends Record>... typeArguments) throws ProtocolException {
        return FIGURES.get(type).decode(type, f, Arrays.asList(typeArguments));
    }

    /**
     * Checks once that {@code type} can be a spec: every component of a supported type, every number and list within
     * a {@link Range}.
     *
     * @throws IllegalStateException naming the component that cannot
     */
    public static void checkSpec(Class<? extends Record> type) {
        SPECS.get(type);
    }

    /**
     * Checks once that {@code type} can be a report or a sample: every component of a supported type.
     *
     * @throws IllegalStateException naming the component that cannot
     */
    public static void checkFigures(Class<? extends Record> type) {
        FIGURES.get(type);
    }

    /** The wire names of a spec type's fields, in order (for help and fuzzing). */
    public static List<String> fieldNames(Class<? extends Record> type) {
        return FIGURES.get(type).parts.stream().map(p -> p.wire).toList();
    }

    /** {@code timeNanos} → {@code time_nanos}: the name of a component on the wire and in flat figures. */
    public static String wireName(String component) {
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
        if (v instanceof Double d && d.isNaN()) {
            return null;
        }
        if (v instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(o -> out.add(wire(o)));
            return out;
        }
        if (v instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, o) -> out.put(String.valueOf(k), wire(o)));
            return out;
        }
        return v;
    }

    /** A record type, checked once: every component is of a supported type (and, in a spec, numbers have bounds). */
    private record Shape(List<Part> parts, Constructor<?> constructor, List<TypeVariable<?>> variables) {
        static Shape of(Class<?> type, boolean spec) {
            if (!type.isRecord()) {
                throw new IllegalArgumentException(type.getName() + " is not a record");
            }
            List<Part> parts = new ArrayList<>();
            RecordComponent[] components = type.getRecordComponents();
            Class<?>[] types = new Class<?>[components.length];
            List<TypeVariable<?>> variables = List.of(type.getTypeParameters());
            for (int i = 0; i < components.length; i++) {
                parts.add(Part.of(type, components[i], spec, variables));
                types[i] = components[i].getType();
            }
            try {
                Constructor<?> c = type.getDeclaredConstructor(types);
                c.setAccessible(true);
                return new Shape(List.copyOf(parts), c, variables);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(e);
            }
        }

        <T> T decode(Class<T> type, Fields f, List<Class<? extends Record>> arguments) throws ProtocolException {
            if (arguments.size() != variables.size()) {
                throw new IllegalArgumentException(type.getSimpleName() + " takes " + variables.size() + " type arguments, not " + arguments.size());
            }
            Object[] values = new Object[parts.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = parts.get(i).read(f, arguments);
            }
            f.end();
            try {
                return type.cast(constructor.newInstance(values));
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
    }

    /** One component: its wire name, what it holds, and whether it may be absent. */
    private record Part(RecordComponent component, String wire, Kind kind, boolean orNull) {
        static Part of(Class<?> owner, RecordComponent c, boolean spec, List<TypeVariable<?>> variables) {
            String where = owner.getSimpleName() + "." + c.getName();
            Class<?> t = c.getType();
            boolean orNull = c.isAnnotationPresent(OrNull.class);
            if (t.isPrimitive() && orNull) {
                throw new IllegalStateException(where + ": a primitive cannot be @OrNull");
            }
            if (BOXES.contains(t) && !orNull) {
                throw new IllegalStateException(where + ": a boxed " + t.getSimpleName() + " is for a figure that may be absent: mark it @OrNull");
            }
            Range range = c.getAnnotation(Range.class);
            Kind kind = Kind.of(where, c.getGenericType(), range, spec, variables);
            c.getAccessor().setAccessible(true);
            return new Part(c, wireName(c.getName()), kind, orNull);
        }

        Object get(Record r) {
            try {
                return component.getAccessor().invoke(r);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        Object read(Fields f, List<Class<? extends Record>> arguments) throws ProtocolException {
            if (!f.has(wire)) {
                if (kind.type == double.class && !kind.spec) {
                    f.optional(wire);
                    return Double.NaN; // a figure that was not measured: NaN, which JSON cannot carry
                }
                if (orNull) {
                    f.optional(wire);
                    return null;
                }
            }
            return kind.read(f.context() + "." + wire, f.raw(wire), arguments);
        }
    }

    private static final List<Class<?>> BOXES = List.of(Boolean.class, Integer.class, Long.class, Double.class);

    /** What a component (or an element of a list, a value of a map) holds, with its bounds in a spec. */
    private record Kind(Class<?> type, Range range, boolean spec, Kind element, int variable) {
        static Kind of(String where, Type generic, Range range, boolean spec, List<TypeVariable<?>> variables) {
            if (generic instanceof TypeVariable<?> v) {
                int index = variables.indexOf(v);
                if (index < 0 || !Arrays.asList(v.getBounds()).contains(Record.class)) {
                    throw new IllegalStateException(where + ": a type variable must be the record's own, bounded by Record");
                }
                return new Kind(Record.class, null, spec, null, index);
            }
            Class<?> t = generic instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) generic;
            boolean numeric = t == int.class || t == long.class || t == double.class || t == Integer.class || t == Long.class || t == Double.class;
            if (spec && (numeric || t == List.class) && range == null) {
                throw new IllegalStateException(where + " needs @Range: the peer checks every cap");
            }
            if (range != null && (t == int.class || t == Integer.class) && (range.min() < Integer.MIN_VALUE || range.max() > Integer.MAX_VALUE)) {
                throw new IllegalStateException(where + ": @Range exceeds int");
            }
            if (t == List.class || t == Map.class) {
                if (!(generic instanceof ParameterizedType p)) {
                    throw new IllegalStateException(where + ": a " + t.getSimpleName() + " needs its type arguments");
                }
                Type[] args = p.getActualTypeArguments();
                if (t == Map.class && args[0] != String.class) {
                    throw new IllegalStateException(where + ": a map's keys are strings");
                }
                return new Kind(t, range, spec, of(where + "[]", args[args.length - 1], null, false, variables), -1);
            }
            boolean supported = numeric || t == boolean.class || t == Boolean.class || t == String.class || t.isEnum() || t.isRecord();
            if (!supported) {
                throw new IllegalStateException(where + ": unsupported type " + t.getSimpleName());
            }
            return new Kind(t, range, spec, null, -1);
        }

        Object read(String where, Object v, List<Class<? extends Record>> arguments) throws ProtocolException {
            if (v == null) {
                throw new ProtocolException("missing " + where);
            }
            if (type == boolean.class || type == Boolean.class) {
                return cast(where, v, Boolean.class, "true or false");
            }
            if (type == int.class || type == Integer.class) {
                return (int) bounded(where, cast(where, v, Long.class, "an integer"));
            }
            if (type == long.class || type == Long.class) {
                return bounded(where, cast(where, v, Long.class, "an integer"));
            }
            if (type == double.class || type == Double.class) {
                if (!(v instanceof Long || v instanceof Double)) {
                    throw illTyped(where, "a number", v);
                }
                double d = ((Number) v).doubleValue();
                if (range != null && !(d >= range.min() && d <= range.max())) {
                    throw new ProtocolException(where + " = " + d + " is outside [" + range.min() + ", " + range.max() + "]");
                }
                return d;
            }
            if (type == String.class) {
                return cast(where, v, String.class, "a string");
            }
            if (type.isEnum()) {
                return constant(where, cast(where, v, String.class, "a string"));
            }
            if (type == List.class) {
                List<?> raw = cast(where, v, List.class, "a list");
                if (range != null && (raw.size() < range.min() || raw.size() > range.max())) {
                    throw new ProtocolException(where + " has " + raw.size() + " entries, not " + range.min() + " to " + range.max());
                }
                List<Object> out = new ArrayList<>(raw.size());
                for (Object o : raw) {
                    out.add(element.read(where, o, arguments));
                }
                return List.copyOf(out);
            }
            if (type == Map.class) {
                Map<?, ?> raw = cast(where, v, Map.class, "an object");
                Map<String, Object> out = new LinkedHashMap<>();
                for (Map.Entry<?, ?> e : raw.entrySet()) {
                    out.put(String.valueOf(e.getKey()), element.read(where + "." + e.getKey(), e.getValue(), arguments));
                }
                return java.util.Collections.unmodifiableMap(out);
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> object = cast(where, v, Map.class, "an object");
            Class<?> record = variable >= 0 ? arguments.get(variable) : type;
            Fields nested = new Fields(where, object);
            return (spec ? SPECS : FIGURES).get(record).decode(record, nested, List.of());
        }

        private long bounded(String where, long v) throws ProtocolException {
            if (range != null && (v < range.min() || v > range.max())) {
                throw new ProtocolException(where + " = " + v + " is outside [" + range.min() + ", " + range.max() + "]");
            }
            return v;
        }

        private Object constant(String where, String name) throws ProtocolException {
            List<String> allowed = new ArrayList<>();
            for (Object e : type.getEnumConstants()) {
                String wire = ((Enum<?>) e).name().toLowerCase(Locale.ROOT);
                if (wire.equals(name)) {
                    return e;
                }
                allowed.add(wire);
            }
            throw new ProtocolException(where + " must be one of " + allowed + ", not '" + name + "'");
        }

        private static <T> T cast(String where, Object v, Class<T> type, String what) throws ProtocolException {
            if (!type.isInstance(v)) {
                throw illTyped(where, what, v);
            }
            return type.cast(v);
        }

        private static ProtocolException illTyped(String where, String what, Object v) {
            return new ProtocolException(where + " must be " + what + ", not " + v.getClass().getSimpleName());
        }
    }
}
