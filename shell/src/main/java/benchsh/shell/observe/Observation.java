package benchsh.shell.observe;

import benchsh.peer.metric.Each;
import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.workload.Interval;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the observers of one test saw: each watched host's figures over the whole watch ({@link ObservedHost}, by the
 * host's name), each one's interval samples (with their span since that host's watch began) and when each watch began,
 * and the hosts that could not be watched with the reason ("dut: connect: ..."). Immutable.
 */
public record Observation(Map<String, ObservedHost> figures, Map<String, Watched> hosts, List<String> missing) {
    public static final Observation NONE = new Observation(Map.of(), Map.of(), List.of());

    public Observation {
        figures = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(figures));
        hosts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(hosts));
        missing = List.copyOf(missing);
    }

    /** One host's watch: when it began (in the shell's clock) and its samples. */
    public record Watched(Instant began, List<Interval<ObservedHost>> samples) {
        public Watched {
            samples = List.copyOf(samples);
        }
    }

    /**
     * The part of a result's figures the observers add: each watched host's, named after it, and the hosts that could not
     * be watched, with the reasons.
     */
    public record Observed(@Each("host") Map<String, ObservedHost> hosts,
                           @Metric(unit = Unit.TEXT, means = "observed hosts that could not be watched, each with the reason") @OrNull String observeMissing) {
    }

    /** One interval sample of a result: the test's own (its figures may be none) and what each watched host did in it. */
    public record Sample(Interval<?> interval, @Each("host") Map<String, ObservedHost> hosts) {
    }

    /** This observation as a result's figures: each host under its name in metrics ({@link ObservedNames#host}). */
    public Observed observed() {
        Map<String, ObservedHost> byToken = new LinkedHashMap<>();
        figures.forEach((name, f) -> byToken.put(ObservedNames.host(name), f));
        return new Observed(byToken, missing.isEmpty() ? null : String.join("; ", missing));
    }

    /**
     * The test's interval samples, each with every observed host's sample that covers the same time: a test sample's end
     * counts from {@code testStarted} plus its warm-up ({@code warmUpSeconds}), an observer's from its watch's start; each
     * test sample takes the observer sample whose end is nearest, if it is within that sample's length. A test without
     * samples gets the first observed host's.
     */
    public List<Sample> intoIntervals(List<Interval<?>> test, Instant testStarted, double warmUpSeconds) {
        List<Sample> out = new ArrayList<>();
        if (test.isEmpty() && !hosts.isEmpty()) {
            Map.Entry<String, Watched> first = hosts.entrySet().iterator().next();
            for (Interval<ObservedHost> s : first.getValue().samples()) {
                out.add(new Sample(new Interval<>(s.startS(), s.endS(), null), Map.of(ObservedNames.host(first.getKey()), s.figures())));
            }
            return out;
        }
        for (Interval<?> sample : test) {
            Map<String, ObservedHost> seen = new LinkedHashMap<>();
            hosts.forEach((name, w) -> {
                double offset = (testStarted.toEpochMilli() - w.began().toEpochMilli()) / 1e3 + warmUpSeconds;
                Interval<ObservedHost> match = nearest(w.samples(), sample.endS() + offset);
                if (match != null) {
                    seen.put(ObservedNames.host(name), match.figures());
                }
            });
            out.add(new Sample(sample, seen));
        }
        return out;
    }

    private static Interval<ObservedHost> nearest(List<Interval<ObservedHost>> samples, double at) {
        Interval<ObservedHost> best = null;
        double distance = Double.MAX_VALUE;
        for (Interval<ObservedHost> s : samples) {
            double d = Math.abs(s.endS() - at);
            if (d < distance && d <= s.seconds()) {
                distance = d;
                best = s;
            }
        }
        return best;
    }
}
