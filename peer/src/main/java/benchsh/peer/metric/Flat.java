package benchsh.peer.metric;

import benchsh.peer.protocol.SpecCodec;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one mapping between figure records (reports, results, interval samples) and their flat form, the
 * {@code Map<String, Object>} that tables, JSON lines, the store and scripts read: every {@link Metric} component
 * under its name, nested records' figures under theirs (after their {@link Prefix}), a map's entries each under the
 * name its key fills in ({@link Each}). Absent figures (null, NaN) are left out. {@link #declared} lists the names a
 * record type yields, checking that every figure has a unit its name carries; {@link #read} turns a flat map back into
 * a record. Stateless and thread-safe; each record type is checked once.
 */
public final class Flat {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-z]+)\\}");
    private static final ClassValue<List<Node>> SHAPES = new ClassValue<>() {
        @Override
        protected List<Node> computeValue(Class<?> type) {
            return shape(type);
        }
    };

    private Flat() {
    }

    /** The flat form of {@code figures}, in the order of its components. */
    public static Map<String, Object> of(Record figures) {
        return of(figures, Map.of());
    }

    /**
     * The flat form of {@code figures}, whose names' placeholders {@code bindings} fill (e.g. {@code host} to
     * {@code dut} for an observed host's figures).
     */
    public static Map<String, Object> of(Record figures, Map<String, String> bindings) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (figures != null) {
            flatten(figures, "", bindings, out);
        }
        return out;
    }

    /**
     * The metrics a record type yields, as the registry lists them: names as templates ({@code {host}} where a map's key
     * or a caller's binding goes), with their units and meanings, in the order of the components. A component of a
     * type variable (a generic sample's figures) yields nothing here.
     *
     * @throws IllegalStateException for a component that is neither a figure nor a nested record, or a name that does
     *                               not carry its unit
     */
    public static List<NamedMetric> declared(Class<? extends Record> type) {
        List<NamedMetric> out = new ArrayList<>();
        declare(type, "", "", out);
        return out;
    }

    /**
     * The record of {@code type} whose flat form {@code flat} holds (the inverse of {@link #of}, for records without a
     * map of figures): a figure that is absent reads as null, NaN for a {@code double}, 0 for a {@code long}, false for
     * a {@code boolean}; a nested record that may be null reads as null when none of its figures is there. Keys that are
     * not the record's are ignored.
     */
    public static <T extends Record> T read(Class<T> type, Map<String, ?> flat) {
        return type.cast(build(type, "", flat));
    }

    /**
     * One component of a figure record: a figure (a leaf), or a nested record (or a map of them) to descend into, with
     * what its figures' meanings begin with ({@link Prefix#means}).
     */
    private record Node(RecordComponent component, String name, Metric metric, String each, Class<?> nested, String whose) {
        Object get(Record r) {
            try {
                return component.getAccessor().invoke(r);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read " + component, e);
            }
        }

        boolean leaf() {
            return metric != null;
        }
    }

    private static List<Node> shape(Class<?> type) {
        if (!type.isRecord()) {
            throw new IllegalStateException(type.getName() + " is not a record");
        }
        List<Node> nodes = new ArrayList<>();
        for (RecordComponent c : type.getRecordComponents()) {
            c.getAccessor().setAccessible(true);
            Metric metric = c.getAnnotation(Metric.class);
            Each each = c.getAnnotation(Each.class);
            Prefix prefix = c.getAnnotation(Prefix.class);
            String where = type.getSimpleName() + "." + c.getName();
            boolean map = c.getType() == Map.class;
            if (each != null && !map) {
                throw new IllegalStateException(where + ": @Each is for a map");
            }
            if (map && each == null) {
                throw new IllegalStateException(where + ": a map of figures needs @Each, the placeholder its keys fill");
            }
            if (metric != null) {
                if (prefix != null) {
                    throw new IllegalStateException(where + ": a figure takes a name, not a @Prefix");
                }
                String name = metric.name().isEmpty() ? SpecCodec.wireName(c.getName()) : metric.name();
                if (each != null && !name.contains("{" + each.value() + "}")) {
                    throw new IllegalStateException(where + ": its name " + name + " needs the placeholder {" + each.value() + "}");
                }
                nodes.add(new Node(c, name, metric, each == null ? null : each.value(), null, ""));
                continue;
            }
            Class<?> nested = map ? typeArgument(c, 1) : c.getGenericType() instanceof TypeVariable<?> ? null : c.getType();
            if (nested != null && !nested.isRecord()) {
                throw new IllegalStateException(where + " is neither a @Metric figure nor a record of figures");
            }
            nodes.add(new Node(c, prefix == null ? "" : prefix.value(), null, each == null ? null : each.value(), nested,
                    prefix == null ? "" : prefix.means()));
        }
        return List.copyOf(nodes);
    }

    private static Class<?> typeArgument(RecordComponent c, int index) {
        if (c.getGenericType() instanceof ParameterizedType p && p.getActualTypeArguments()[index] instanceof Class<?> k) {
            return k;
        }
        throw new IllegalStateException(c + ": its type arguments must be classes");
    }

    private static void flatten(Record r, String prefix, Map<String, String> bindings, Map<String, Object> out) {
        for (Node n : SHAPES.get(r.getClass())) {
            Object v = n.get(r);
            if (v == null) {
                continue;
            }
            if (n.each() != null) {
                for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                    Map<String, String> b = new LinkedHashMap<>(bindings);
                    b.put(n.each(), String.valueOf(e.getKey()));
                    put(n, prefix, b, e.getValue(), out);
                }
            } else {
                put(n, prefix, bindings, v, out);
            }
        }
    }

    private static void put(Node n, String prefix, Map<String, String> bindings, Object v, Map<String, Object> out) {
        if (v == null) {
            return;
        }
        if (!n.leaf()) {
            flatten((Record) v, prefix + n.name(), bindings, out);
            return;
        }
        Object value = value(v);
        if (value != null) {
            out.put(fill(prefix + n.name(), bindings), value);
        }
    }

    /** A figure's value as the flat form holds it: numbers as long or double (NaN left out), enums by their lower-case name. */
    private static Object value(Object v) {
        if (v instanceof Double d) {
            return d.isNaN() ? null : d;
        }
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof Enum<?> e) {
            return e.name().toLowerCase(Locale.ROOT);
        }
        if (v instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(o -> out.add(o instanceof Double || o instanceof Enum<?> || o instanceof List<?> ? value(o) : o));
            return out;
        }
        return v;
    }

    private static String fill(String template, Map<String, String> bindings) {
        if (!template.contains("{")) {
            return template;
        }
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String key = bindings.get(m.group(1));
            if (key == null) {
                throw new IllegalArgumentException("no value for {" + m.group(1) + "} in " + template);
            }
            m.appendReplacement(b, Matcher.quoteReplacement(key));
        }
        return m.appendTail(b).toString();
    }

    private static void declare(Class<?> type, String prefix, String whose, List<NamedMetric> out) {
        for (Node n : SHAPES.get(type)) {
            String where = type.getSimpleName() + "." + n.component().getName();
            if (n.leaf()) {
                try {
                    out.add(new NamedMetric(prefix + n.name(), n.metric().unit(), whose + n.metric().means()));
                } catch (IllegalArgumentException e) {
                    throw new IllegalStateException(where + ": " + e.getMessage(), e);
                }
            } else if (n.nested() != null) {
                declare(n.nested(), prefix + n.name(), n.whose().isEmpty() ? whose : whose + n.whose() + ": ", out);
            }
        }
    }

    private static Object build(Class<?> type, String prefix, Map<String, ?> flat) {
        List<Node> nodes = SHAPES.get(type);
        Object[] values = new Object[nodes.size()];
        Class<?>[] types = new Class<?>[nodes.size()];
        for (int i = 0; i < values.length; i++) {
            Node n = nodes.get(i);
            types[i] = n.component().getType();
            if (n.each() != null || !n.leaf() && n.nested() == null) {
                throw new IllegalArgumentException(type.getSimpleName() + "." + n.component().getName() + " cannot be read back from flat figures");
            }
            values[i] = n.leaf() ? leaf(types[i], flat.get(prefix + n.name())) : nested(n, prefix, flat);
        }
        try {
            Constructor<?> c = type.getDeclaredConstructor(types);
            c.setAccessible(true);
            return c.newInstance(values);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException("the figures do not make a " + type.getSimpleName() + ": " + e.getCause().getMessage(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + type.getSimpleName(), e);
        }
    }

    private static Object nested(Node n, String prefix, Map<String, ?> flat) {
        String inner = prefix + n.name();
        boolean any = declared(n.nested().asSubclass(Record.class)).stream().anyMatch(m -> flat.get(inner + m.name()) != null);
        return any || n.component().getType().isPrimitive() ? build(n.nested(), inner, flat) : null;
    }

    private static Object leaf(Class<?> type, Object v) {
        if (type == double.class) {
            return v instanceof Number n ? n.doubleValue() : Double.NaN;
        }
        if (type == long.class) {
            return v instanceof Number n ? n.longValue() : 0L;
        }
        if (type == int.class) {
            return v instanceof Number n ? n.intValue() : 0;
        }
        if (type == boolean.class) {
            return Boolean.TRUE.equals(v);
        }
        if (v == null) {
            return null;
        }
        if (type == Double.class) {
            return v instanceof Number n ? n.doubleValue() : null;
        }
        if (type == Long.class) {
            return v instanceof Number n ? n.longValue() : null;
        }
        if (type == Integer.class) {
            return v instanceof Number n ? n.intValue() : null;
        }
        if (type.isEnum()) {
            for (Object e : type.getEnumConstants()) {
                if (((Enum<?>) e).name().toLowerCase(Locale.ROOT).equals(v)) {
                    return e;
                }
            }
            return null;
        }
        return type.isInstance(v) ? v : null;
    }
}
