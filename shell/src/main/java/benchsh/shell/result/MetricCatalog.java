package benchsh.shell.result;

import benchsh.peer.metric.Catalog;
import benchsh.peer.metric.NamedMetric;
import benchsh.peer.metric.Unit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Every metric a result can carry, with its unit and meaning, derived from the figure records the shell's result kinds
 * declare ({@link ResultKinds}): the one registry that table headers and cells, the docs ({@code help --metrics}) and the
 * checks read, each test's declared headline metric, and the units of the parameters the tests record. Built once, on
 * first use. Immutable and thread-safe.
 */
public final class MetricCatalog {
    private MetricCatalog() {
    }

    private static final class Holder {
        static final Map<String, Class<? extends Record>> TESTS = new LinkedHashMap<>();
        static final List<Class<? extends Record>> RECORDS = new ArrayList<>();
        static final Map<String, String> HEADLINES = new LinkedHashMap<>();
        static final Map<String, Unit> PARAMS = new LinkedHashMap<>();
        static final Catalog CATALOG;

        static {
            List<Class<? extends Record>> extras = new ArrayList<>();
            for (ResultKinds kinds : ServiceLoader.load(ResultKinds.class, MetricCatalog.class.getClassLoader())) {
                kinds.tests().forEach((test, record) -> {
                    if (TESTS.put(test, record) != null) {
                        throw new IllegalStateException("two kinds of test are named " + test);
                    }
                });
                extras.addAll(kinds.extras());
                kinds.params().forEach((name, unit) -> {
                    Unit known = PARAMS.putIfAbsent(name, unit);
                    if (known != null && known != unit) {
                        throw new IllegalStateException("parameter " + name + " is in " + known.meaning() + " for one test and in " + unit.meaning()
                                + " for another");
                    }
                });
            }
            TESTS.forEach((test, record) -> HEADLINES.put(test, Catalog.headline(record)));
            TESTS.values().stream().distinct().forEach(RECORDS::add);
            extras.stream().filter(r -> !RECORDS.contains(r)).forEach(RECORDS::add);
            CATALOG = Catalog.of(RECORDS);
        }
    }

    /** Every metric, in the order of the tests' records and then the others'. */
    public static List<NamedMetric> all() {
        return Holder.CATALOG.all();
    }

    /** The metric {@code key} is, or the narrowest family it belongs to; empty for a key that is no metric (a param, a tag). */
    public static Optional<NamedMetric> named(String key) {
        return Holder.CATALOG.named(key);
    }

    /** The headline metric of test {@code test}'s results, as its figures record declares it; empty for a test no kind declares. */
    public static Optional<String> headline(String test) {
        return Optional.ofNullable(Holder.HEADLINES.get(test));
    }

    /**
     * The unit of the parameter (or tag) {@code key}, as the verbs that record it declare it ({@link ResultKinds#params}); empty
     * for text, flags, hosts and names no verb declares.
     */
    public static Optional<Unit> param(String key) {
        return Optional.ofNullable(Holder.PARAMS.get(key));
    }

    /** Each kind of test with the record of its figures. */
    public static Map<String, Class<? extends Record>> tests() {
        return java.util.Collections.unmodifiableMap(Holder.TESTS);
    }
}
