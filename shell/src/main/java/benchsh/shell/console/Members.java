package benchsh.shell.console;

import benchsh.shell.result.Result;
import benchsh.shell.script.UnitExtensions;
import groovy.lang.MetaClass;
import groovy.lang.MetaMethod;
import groovy.lang.MetaProperty;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.codehaus.groovy.runtime.InvokerHelper;
import org.jline.reader.Candidate;

/**
 * Completion after a dot, as groovysh does it: the Groovy properties and methods of what a variable holds
 * ({@code r.<Tab>}: a result's fields, tags, params and metrics, and its methods), keys of maps and results
 * along the way ({@code r.tags.<Tab>}), and units after a number ({@code 4.K<Tab>}). Only variables are looked
 * at, and only maps and results are looked into: completing never runs a verb or anything that could connect.
 * Stateless.
 */
final class Members {
    private static final String NAME = "[A-Za-z_$][A-Za-z0-9_$]*";
    private static final Pattern CHAIN = Pattern.compile("(?<![A-Za-z0-9_$.])(" + NAME + ")((?:\\." + NAME + ")*)\\.([A-Za-z0-9_$]*)$");
    private static final Pattern NUMBER = Pattern.compile("(?<![A-Za-z0-9_$.])[0-9]+(?:\\.[0-9]+)?\\.([A-Za-z]*)$");
    /** Methods every object has that no one completes to. */
    private static final Set<String> NOISE = Set.of("wait", "notify", "notifyAll", "getClass", "hashCode", "getMetaClass", "setMetaClass",
            "invokeMethod", "getProperty", "setProperty", "propertyMissing", "methodMissing", "class", "metaClass");

    private Members() {
    }

    /**
     * Adds what can follow the dot at the end of {@code word}; false when the word does not end in
     * {@code name.} or {@code number.} (then other completion applies).
     *
     * @param variables what a name stands for, or null when it is not a variable
     */
    static boolean complete(String word, Function<String, Object> variables, List<Candidate> out) {
        Matcher unit = NUMBER.matcher(word);
        if (unit.find()) {
            String lead = word.substring(0, word.length() - unit.group(1).length());
            UnitExtensions.KINDS.forEach((kind, units) -> units.forEach(u -> out.add(new Candidate(lead + u, u, kind, null, null, null, true))));
            return true;
        }
        Matcher m = CHAIN.matcher(word);
        if (!m.find()) {
            return false;
        }
        Object v = variables.apply(m.group(1));
        for (String p : m.group(2).split("\\.")) {
            if (!p.isEmpty() && v != null) {
                v = lookInto(v, p);
            }
        }
        if (v != null) {
            String lead = word.substring(0, word.length() - m.group(3).length());
            members(v).forEach((name, group) -> out.add(new Candidate(lead + name, name, group, null, null, null, !name.endsWith("("))));
        }
        return true;
    }

    /** A map's value, or a result's field, tag, param or metric; null for anything else. */
    private static Object lookInto(Object v, String name) {
        if (v instanceof Map<?, ?> map) {
            return map.get(name);
        }
        if (v instanceof Result r) {
            for (RecordComponent c : Result.class.getRecordComponents()) {
                if (c.getName().equals(name)) {
                    try {
                        return c.getAccessor().invoke(r);
                    } catch (ReflectiveOperationException e) {
                        return null;
                    }
                }
            }
            return r.lookup(name);
        }
        return null;
    }

    /** Names to offer, each with its group: properties (and keys) as they are, methods with "(" or "()". */
    static Map<String, String> members(Object v) {
        Map<String, String> names = new TreeMap<>();
        if (v instanceof Map<?, ?> map) {
            map.keySet().forEach(k -> names.put(String.valueOf(k), "keys"));
        }
        if (v instanceof Result r) {
            for (Map<String, Object> m : List.of(r.tags(), r.params(), r.metrics())) {
                m.keySet().forEach(k -> names.put(k, "tags, params and metrics"));
            }
            for (RecordComponent c : Result.class.getRecordComponents()) {
                names.put(c.getName(), "properties");
            }
        }
        MetaClass meta = InvokerHelper.getMetaClass(v);
        for (MetaProperty p : meta.getProperties()) {
            if (!NOISE.contains(p.getName()) && Modifier.isPublic(p.getModifiers()) && !Modifier.isStatic(p.getModifiers())) {
                names.putIfAbsent(p.getName(), "properties");
            }
        }
        for (List<MetaMethod> methods : List.of(meta.getMethods(), meta.getMetaMethods())) {
            for (MetaMethod mm : methods) {
                String name = mm.getName();
                if (mm.isPublic() && !mm.isStatic() && !NOISE.contains(name) && !name.startsWith("$") && !name.contains("$") && !isAccessor(name)) {
                    String shown = name + (mm.getParameterTypes().length == 0 ? "()" : "(");
                    if (!names.containsKey(name + "()") && !names.containsKey(name + "(")) {
                        names.put(shown, "methods");
                    }
                }
            }
        }
        return names;
    }

    /** {@code getFoo}, {@code setFoo}, {@code isFoo}: offered as the property {@code foo}. */
    private static boolean isAccessor(String name) {
        for (String prefix : List.of("get", "set", "is")) {
            if (name.length() > prefix.length() && name.startsWith(prefix) && Character.isUpperCase(name.charAt(prefix.length()))) {
                return true;
            }
        }
        return false;
    }
}
