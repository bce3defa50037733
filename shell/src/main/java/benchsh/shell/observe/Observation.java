package benchsh.shell.observe;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the observers of one test saw: the host-named metrics over the whole watch, each host's interval
 * samples (host-named, with {@code start_s} and {@code end_s} since that host's watch began) and when each
 * watch began, and the hosts that could not be watched with the reason ("dut: connect: ..."). Immutable.
 */
public record Observation(Map<String, Object> metrics, Map<String, Watched> hosts, List<String> missing) {
    public static final Observation NONE = new Observation(Map.of(), Map.of(), List.of());

    public Observation {
        metrics = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        hosts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(hosts));
        missing = List.copyOf(missing);
    }

    /** One host's watch: when it began (in the shell's clock) and its samples. */
    public record Watched(Instant began, List<Map<String, Object>> samples) {
        public Watched {
            samples = List.copyOf(samples);
        }
    }

    /** The result's metrics with these added (and {@code observe_missing} when a host could not be watched); the test's own win. */
    public Map<String, Object> into(Map<String, Object> testMetrics) {
        Map<String, Object> m = new LinkedHashMap<>(metrics);
        m.putAll(testMetrics);
        if (!missing.isEmpty()) {
            m.put("observe_missing", String.join("; ", missing));
        }
        return m;
    }

    /**
     * The test's interval samples with each observed host's figures added to the sample that covers the same
     * time: a test sample's {@code end_s} counts from {@code testStarted} plus its warm-up ({@code omitted}
     * seconds), an observer's from its watch's start; each test sample takes the observer sample whose end is
     * nearest, if it is within that sample's length. A test without samples gets the first observed host's.
     */
    public List<Map<String, Object>> intoIntervals(List<Map<String, Object>> test, Instant testStarted, double omitted) {
        if (test.isEmpty() && !hosts.isEmpty()) {
            return hosts.values().iterator().next().samples();
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> sample : test) {
            Map<String, Object> s = new LinkedHashMap<>(sample);
            if (sample.get("end_s") instanceof Number end) {
                for (Watched w : hosts.values()) {
                    double offset = (testStarted.toEpochMilli() - w.began().toEpochMilli()) / 1e3 + omitted;
                    Map<String, Object> match = nearest(w.samples(), end.doubleValue() + offset);
                    if (match != null) {
                        match.forEach((k, v) -> {
                            if (!k.equals("start_s") && !k.equals("end_s")) {
                                s.putIfAbsent(k, v);
                            }
                        });
                    }
                }
            }
            out.add(s);
        }
        return out;
    }

    private static Map<String, Object> nearest(List<Map<String, Object>> samples, double at) {
        Map<String, Object> best = null;
        double distance = Double.MAX_VALUE;
        for (Map<String, Object> s : samples) {
            if (s.get("start_s") instanceof Number start && s.get("end_s") instanceof Number end) {
                double d = Math.abs(end.doubleValue() - at);
                if (d < distance && d <= end.doubleValue() - start.doubleValue()) {
                    distance = d;
                    best = s;
                }
            }
        }
        return best;
    }
}
