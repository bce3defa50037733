package benchsh.shell.result;

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
}
