package benchsh.shell.result;

import benchsh.peer.metric.Flat;
import benchsh.peer.workload.Interval;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The names of an interval sample's span and of the data it moved in the sample's flat form ({@link Result#intervals}),
 * derived from the records the executor flattens it from ({@link Interval}, {@link Interval.Bytes}) by {@link Flat}: each
 * is the name Flat gives the figure an accessor returns, so a renamed component renames what reads it (and an accessor
 * that is gone does not compile). Constants; thread-safe.
 */
public final class IntervalKeys {
    /** A sample whose figures all differ: the value an accessor returns finds its figure in the flat form. */
    private static final Interval<Interval.Bytes> PROBE = new Interval<>(1, 2, new Interval.Bytes(3, 4));
    private static final Map<String, Object> FLAT = Flat.of(PROBE);

    /** Where a sample begins, seconds into the measured span ({@link Interval#startS}). */
    public static final String START_S = name(Interval::startS);
    /** Where a sample ends, seconds into the measured span ({@link Interval#endS}): the x of a chart over time. */
    public static final String END_S = name(Interval::endS);
    /** The bytes a sample moved ({@link Interval.Bytes#bytes}). */
    public static final String BYTES = name(s -> s.figures().bytes());
    /**
     * A sample's rate of data, bits/s ({@link Interval.Bytes#throughputBps}); a result's throughput has the same name
     * ({@link Result#THROUGHPUT_BPS}).
     */
    public static final String THROUGHPUT_BPS = name(s -> s.figures().throughputBps());

    private IntervalKeys() {
    }

    private static String name(Function<Interval<Interval.Bytes>, Number> figure) {
        double value = figure.apply(PROBE).doubleValue();
        List<String> names = FLAT.entrySet().stream().filter(e -> e.getValue() instanceof Number n && n.doubleValue() == value)
                .map(Map.Entry::getKey).toList();
        if (names.size() != 1) {
            throw new IllegalStateException("the flat form of " + PROBE + " is " + FLAT + ": not one figure of value " + value);
        }
        return names.get(0);
    }
}
