package benchsh.shell.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.metric.Flat;
import benchsh.peer.metric.NamedMetric;
import benchsh.shell.definition.Definition;
import benchsh.shell.definition.Definitions;
import benchsh.shell.observe.ObservedNames;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The registry is derived from the figure records: every verb's, observing's and limit's, each name with a unit and a meaning. */
class MetricCatalogTest {
    @Test
    void everyMeasuringVerbDeclaresItsFiguresAndHeadline() {
        for (Definition d : Definitions.all()) {
            String test = d.verb().name();
            assertEquals(d.figures(), MetricCatalog.tests().get(test), test);
            Optional<String> headline = MetricCatalog.headline(test);
            assertTrue(headline.isPresent(), test + " has a headline");
            assertTrue(Flat.declared(d.figures()).stream().anyMatch(m -> m.name().equals(headline.get())), test + "'s headline is one of its figures");
        }
        assertEquals(Optional.of("limit_bps"), MetricCatalog.headline("limit"));
        assertEquals(Optional.of("transactions_per_s"), MetricCatalog.headline("rr"));
        assertEquals(Optional.empty(), MetricCatalog.headline("no such test"));
    }

    @Test
    void everyMetricHasAMeaningAndCarriesItsUnitOnce() {
        List<NamedMetric> all = MetricCatalog.all();
        assertEquals(all.size(), all.stream().map(NamedMetric::name).distinct().count(), "each name once");
        for (NamedMetric m : all) {
            assertFalse(m.meaning().isBlank(), m.name());
            m.unit().check(m.name());
        }
        for (String name : List.of("throughput_bps", "latency_p99_us", "cpu_local_pct", "service_demand_local_us_per_kb", "messages_lost",
                "limit_wire_bps", "cpu_dut_pct", "dut_eth1_rx_drops", "observe_missing", "start_s", "transactions_per_s")) {
            assertTrue(MetricCatalog.named(name).isPresent(), name);
        }
    }

    /** An observed host never takes a name a result's own metric has: every fixed cpu_X_pct makes X a reserved host name. */
    @Test
    void noObservedHostCanTakeAFixedCpuName() {
        Pattern cpu = Pattern.compile("cpu_([a-z0-9_]+)_pct");
        for (NamedMetric m : MetricCatalog.all()) {
            Matcher match = cpu.matcher(m.name());
            if (!m.family() && match.matches()) {
                String host = match.group(1);
                assertTrue(!ObservedNames.cpu(host).equals(m.name()), "observing a host named " + host + " would overwrite " + m.name());
            }
        }
    }
}
