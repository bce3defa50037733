package benchsh.shell.result;

import benchsh.peer.metric.Unit;
import java.util.List;
import java.util.Map;

/**
 * What a part of the shell declares about the results it makes, for the metric registry ({@link MetricCatalog}): each
 * kind of test by the name its results carry, with the record its metrics flatten from (whose {@link
 * benchsh.peer.metric.Headline} is its headline metric), and the records of figures results or their samples carry
 * besides (the observed hosts'). Implementations are found with {@link java.util.ServiceLoader} (one line per package in
 * {@code META-INF/services}, never one per workload: a package's provider lists what it has); they are stateless.
 */
public interface ResultKinds {
    /** Each kind of test by its name, with the record of its results' figures. */
    Map<String, Class<? extends Record>> tests();

    /** Records of figures that results or their interval samples carry besides a test's own. */
    default List<Class<? extends Record>> extras() {
        return List.of();
    }

    /**
     * The unit of each parameter its tests record, by name, as the verbs declare them: sizes in bytes, rates in bits/s,
     * durations in seconds, counts (tables show {@code busywait=50 us}, {@code rate=50 Mbit/s}); names of text, flags
     * and hosts are left out. Tags of the same name (a sweep's coordinates) are shown in the same unit.
     */
    default Map<String, Unit> params() {
        return Map.of();
    }
}
