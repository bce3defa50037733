package benchsh.shell.result;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One measured figure set: the result contract every workload and report keeps.
 *
 * <p>Params are the verb's arguments, normalized (sizes in bytes, durations in seconds, rates in
 * bits/s). Metric names are snake_case and carry their unit ({@code bytes}, {@code seconds},
 * {@code throughput_bps}, {@code cpu_local_pct}, ...). Tags are the labels and sweep coordinates the
 * result was measured under. Immutable.
 */
public record Result(String test, Status status, String from, String to, Map<String, Object> params,
                     Map<String, Object> metrics, Map<String, Object> tags, Instant started, int repeat,
                     String error, List<Map<String, Object>> intervals) {
    /**
     * The metric a result's throughput is under, bits/s: the name of its interval samples' rate
     * ({@link IntervalKeys#THROUGHPUT_BPS}), which every test that moves data records and most declare their headline.
     */
    public static final String THROUGHPUT_BPS = IntervalKeys.THROUGHPUT_BPS;

    public Result {
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        metrics = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        tags = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        intervals = List.copyOf(intervals);
    }

    /** The same result with more tags (existing keys win). */
    public Result withTags(Map<String, Object> more) {
        Map<String, Object> t = new LinkedHashMap<>(more);
        t.putAll(tags);
        return new Result(test, status, from, to, params, metrics, t, started, repeat, error, intervals);
    }

    /** The same result with these metrics instead. */
    public Result withMetrics(Map<String, Object> m) {
        return new Result(test, status, from, to, params, m, tags, started, repeat, error, intervals);
    }

    public Result withRepeat(int n) {
        return new Result(test, status, from, to, params, metrics, tags, started, n, error, intervals);
    }

    public boolean ok() {
        return status == Status.OK;
    }

    /** A metric as a number, or NaN when absent. */
    public double metric(String name) {
        Object v = metrics.get(name);
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    /** Throughput in bits per second (scripts: {@code r.throughput > 900.Mbit}). */
    public double getThroughput() {
        return metric(THROUGHPUT_BPS);
    }

    /**
     * Groovy's {@code r.label}, {@code r.size}, {@code r.bounded_by}: a tag, param or metric by name, as
     * {@link #lookup} finds it (so {@code where: { it.label == 'busy' }} reads like the table); null when this
     * result has none, as for a map.
     */
    public Object propertyMissing(String name) {
        return lookup(name);
    }

    /**
     * Looks a key up the way tables pivot: tags, then params, then the result's own fields, then metrics.
     * Returns null when the result has no such key.
     */
    public Object lookup(String key) {
        if (tags.containsKey(key)) {
            return tags.get(key);
        }
        if (params.containsKey(key)) {
            return params.get(key);
        }
        return switch (key) {
            case "test" -> test;
            case "status" -> status.wire();
            case "from" -> from;
            case "to" -> to;
            case "repeat" -> repeat;
            default -> metrics.get(key);
        };
    }

    /**
     * The metric a set of results is best summarized by: the headline their test declares ({@link MetricCatalog#headline},
     * the first result's test that declares one and whose results carry it), else, for results of a test no kind declares
     * (an older version's), their first numeric metric; null when there is none.
     */
    public static String headlineMetric(java.util.Collection<Result> results) {
        for (Result r : results) {
            String declared = MetricCatalog.headline(r.test).orElse(null);
            if (declared != null && results.stream().anyMatch(x -> x.metrics.get(declared) instanceof Number)) {
                return declared;
            }
        }
        return results.stream().flatMap(r -> r.metrics.entrySet().stream()).filter(e -> e.getValue() instanceof Number).map(Map.Entry::getKey)
                .findFirst().orElse(null);
    }

    /**
     * The metric a set of results is summarized by even when none of them measured it: {@link #headlineMetric}, else
     * the headline the first of their tests that declares one declares (every run failed), else the throughput (no results, or a test no
     * kind declares).
     */
    public static String summaryMetric(java.util.Collection<Result> results) {
        String measured = headlineMetric(results);
        if (measured != null) {
            return measured;
        }
        return results.stream().map(r -> MetricCatalog.headline(r.test)).flatMap(java.util.Optional::stream).findFirst().orElse(THROUGHPUT_BPS);
    }

    /** The contract's JSON object as a map, ready for a JSON writer. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("test", test);
        m.put("status", status.wire());
        m.put("from", from);
        m.put("to", to);
        m.put("params", params);
        m.put("metrics", metrics);
        m.put("tags", tags);
        m.put("started", started.toString());
        m.put("repeat", repeat);
        m.put("error", error);
        m.put("intervals", intervals);
        return m;
    }

    @Override
    public String toString() {
        return test + " " + from + " -> " + to + " " + status.wire() + (error == null ? "" : " (" + error + ")")
                + " " + THROUGHPUT_BPS + "=" + metrics.get(THROUGHPUT_BPS);
    }
}
