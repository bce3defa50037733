package benchsh.shell.verb;

import benchsh.shell.args.Arg;
import benchsh.shell.args.ArgType;
import benchsh.shell.args.Args;
import benchsh.shell.args.VerbSpec;
import benchsh.shell.args.UsageException;
import benchsh.shell.Session;
import benchsh.shell.report.Pivot;
import benchsh.shell.result.Result;
import groovy.lang.Closure;
import groovy.lang.Range;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code sweep(size: [1.KiB, 2.KiB], dir: ['tx', 'rx']) { p -> ... }}: runs the body for every point
 * of the cross product (first dimension outermost) as "step i of n", tags each result with its
 * coordinates, and prints the pivoted table when it finishes.
 */
public final class SweepVerb implements Verb {
    private static final List<String> OPTIONS = List.of("step", "rows", "cols", "value");
    private static final VerbSpec SPEC = new VerbSpec("sweep", "run a closure over the cross product of parameter lists", "{ p -> ... }",
            List.of(
                    Arg.of("step", ArgType.COUNT, null, "step through ranges, e.g. size: 64..1518, step: 64"),
                    Arg.of("rows", ArgType.TEXT, null, "the table's rows (default the first dimension)"),
                    Arg.of("cols", ArgType.TEXT, null, "the table's columns (default the second dimension)"),
                    Arg.of("value", ArgType.TEXT, null, "the metric in the table (default throughput, else the results' main rate)")),
            List.of("sweep(size: [1.KiB, 2.KiB, 4.KiB], dir: ['tx', 'rx']) { p -> tcp size: p.size, reverse: p.dir == 'rx', time: 2.s }",
                    "sweep(size: 64..1518, step: 128) { p -> tcp size: p.size, time: 1.s }"));

    @Override
    public VerbSpec spec() {
        return SPEC;
    }

    @Override
    public Object invoke(Session session, Object[] groovyArgs) {
        if (groovyArgs.length != 2 || !(groovyArgs[0] instanceof Map<?, ?> named) || !(groovyArgs[1] instanceof Closure<?> body)) {
            throw new UsageException("usage: sweep(name: [values], ...) { p -> ... }");
        }
        Map<String, Object> options = new LinkedHashMap<>();
        Map<String, List<Object>> dims = new LinkedHashMap<>();
        Integer step = named.get("step") == null ? null : (Integer) ArgType.COUNT.convert("step", named.get("step"), session::host);
        for (Map.Entry<?, ?> e : named.entrySet()) {
            String key = String.valueOf(e.getKey());
            if (OPTIONS.contains(key)) {
                options.put(key, e.getValue());
            } else {
                dims.put(key, values(key, e.getValue(), step));
            }
        }
        if (dims.isEmpty()) {
            throw new UsageException("sweep needs at least one dimension, e.g. size: [1.KiB, 2.KiB]");
        }
        int before = session.results().size();
        List<Map<String, Object>> points = product(dims);
        for (int i = 0; i < points.size(); i++) {
            Map<String, Object> point = points.get(i);
            session.control().checkCancelled();
            session.control().withStep(i + 1, points.size(), () -> session.withTags(point,
                    () -> body.getMaximumNumberOfParameters() == 0 ? body.call() : body.call(point)));
        }
        List<Result> measured = session.results().subList(before, session.results().size());
        List<String> keys = new ArrayList<>(dims.keySet());
        String rows = options.getOrDefault("rows", keys.get(0)).toString();
        Object cols = options.getOrDefault("cols", keys.size() > 1 ? keys.get(1) : null);
        String value = TableVerb.value(options.containsKey("value") ? options.get("value").toString() : null, measured);
        if (!measured.isEmpty()) {
            session.print("\n" + Pivot.of(measured, rows, cols == null ? null : cols.toString(), value, session.unit()));
        }
        return measured;
    }

    @Override
    public Object call(Args args, Session session) {
        throw new UsageException("usage: sweep(name: [values], ...) { p -> ... }");
    }

    static List<Object> values(String key, Object raw, Integer step) {
        List<Object> list;
        if (raw instanceof Range<?> r && step != null) {
            list = new ArrayList<>(r.step(step));
        } else if (raw instanceof Collection<?> c) {
            list = new ArrayList<>(c);
        } else if (raw instanceof Object[] a) {
            list = new ArrayList<>(Arrays.asList(a));
        } else {
            list = new ArrayList<>(List.of(raw));
        }
        if (list.isEmpty()) {
            throw new UsageException("sweep: " + key + " has no values");
        }
        if (list.size() > 100_000) {
            throw new UsageException("sweep: " + key + " has " + list.size() + " values; that is too many");
        }
        return list;
    }

    /** The cross product, first dimension outermost. */
    static List<Map<String, Object>> product(Map<String, List<Object>> dims) {
        List<Map<String, Object>> points = new ArrayList<>();
        points.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<Object>> d : dims.entrySet()) {
            List<Map<String, Object>> next = new ArrayList<>();
            for (Map<String, Object> p : points) {
                for (Object v : d.getValue()) {
                    Map<String, Object> q = new LinkedHashMap<>(p);
                    q.put(d.getKey(), v);
                    next.add(q);
                }
            }
            points = next;
        }
        return points;
    }
}
