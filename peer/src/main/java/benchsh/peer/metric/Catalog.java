package benchsh.peer.metric;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A registry of metrics derived from figure records ({@link Flat#declared}): every name they yield, once, with its unit
 * and meaning (the first record to declare a name gives its meaning; a name declared twice must keep its unit).
 * Table headers and cells, the docs and the checks read units and meanings here. Immutable and thread-safe.
 */
public final class Catalog {
    private final List<NamedMetric> all;

    private Catalog(List<NamedMetric> all) {
        this.all = List.copyOf(all);
    }

    /**
     * The metrics of {@code records}, in their order.
     *
     * @throws IllegalStateException for a figure whose name does not carry its unit, or a name declared with two units
     */
    public static Catalog of(Collection<Class<? extends Record>> records) {
        Map<String, NamedMetric> byName = new LinkedHashMap<>();
        for (Class<? extends Record> r : records) {
            for (NamedMetric m : Flat.declared(r)) {
                NamedMetric known = byName.putIfAbsent(m.name(), m);
                if (known != null && known.unit() != m.unit()) {
                    throw new IllegalStateException(m.name() + " is in " + known.unit().meaning() + " in one record and in "
                            + m.unit().meaning() + " in " + r.getSimpleName());
                }
            }
        }
        return new Catalog(new ArrayList<>(byName.values()));
    }

    /** Every metric, in the order of the records and their components. */
    public List<NamedMetric> all() {
        return all;
    }

    /**
     * The metric {@code key} is: the one of that name, else the narrowest family it belongs to (the one whose name spells
     * out the most: {@code cpu_dut_user_pct} is {@code cpu_{host}_user_pct}, not {@code cpu_{host}_pct}); empty for a key
     * that is no metric.
     */
    public Optional<NamedMetric> named(String key) {
        for (NamedMetric m : all) {
            if (!m.family() && m.name().equals(key)) {
                return Optional.of(m);
            }
        }
        return all.stream().filter(m -> m.family() && m.matches(key)).max(Comparator.comparingInt(NamedMetric::literal));
    }

    /**
     * The headline metric of a result record ({@link Headline}), checked to be one of its figures.
     *
     * @throws IllegalStateException when the record declares none, or one it does not have
     */
    public static String headline(Class<? extends Record> record) {
        Headline h = record.getAnnotation(Headline.class);
        if (h == null) {
            throw new IllegalStateException(record.getSimpleName() + " declares no @Headline figure");
        }
        if (Flat.declared(record).stream().noneMatch(m -> m.name().equals(h.value()))) {
            throw new IllegalStateException(record.getSimpleName() + "'s headline " + h.value() + " is none of its figures");
        }
        return h.value();
    }
}
