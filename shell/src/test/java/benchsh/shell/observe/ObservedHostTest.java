package benchsh.shell.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.metric.Flat;
import benchsh.peer.observe.InterfaceCounters;
import benchsh.peer.observe.Load;
import benchsh.shell.result.MetricCatalog;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ObservedHostTest {
    /** What the observe workload reports for a bridge with two ports and two CPUs. */
    static Load load() {
        Map<String, Load.CpuShares> cpu = new LinkedHashMap<>();
        cpu.put(Load.ALL, new Load.CpuShares(30, 5, 10, 15, 70));
        cpu.put("cpu0", new Load.CpuShares(50, 0, 0, 0, 50));
        cpu.put("cpu1", new Load.CpuShares(10, 0, 0, 0, 90));
        Map<String, InterfaceCounters> interfaces = new LinkedHashMap<>();
        interfaces.put("eth1", new InterfaceCounters(1_500_000, 1000, 0, 3, 600, 10, 0, 1));
        interfaces.put("br-lan.10", new InterfaceCounters(0, 5, 0, 0, 0, 0, 0, 0));
        return new Load(10.5, cpu, interfaces, 7L, null);
    }

    private static Map<String, Object> flat(String host, ObservedHost h) {
        return Flat.of(h, Map.of("host", ObservedNames.host(host)));
    }

    @Test
    void namesEveryFigureAfterTheHost() {
        Map<String, Object> m = flat("dut", ObservedHost.whole(load(), 2, "peer", null));
        assertEquals(30.0, m.get("cpu_dut_pct"));
        assertEquals(5.0, m.get("cpu_dut_user_pct"));
        assertEquals(10.0, m.get("cpu_dut_sys_pct"));
        assertEquals(15.0, m.get("cpu_dut_softirq_pct"));
        assertEquals(70.0, m.get("cpu_dut_idle_pct"));
        assertEquals(50.0, m.get("cpu_dut_cpu0_pct"));
        assertEquals(1000L, m.get("dut_eth1_rx_packets"));
        assertEquals(3L, m.get("dut_eth1_rx_drops"));
        assertEquals(5L, m.get("dut_br_lan_10_rx_packets"));
        assertEquals(7L, m.get("dut_softnet_drops"));
        assertEquals(3L + 1L + 7L, m.get("dut_drops"));
        assertEquals(2L, m.get("dut_cpu_count"));
        assertEquals(10.5, m.get("dut_observed_seconds"));
    }

    @Test
    void qdiscDropsAreNamedPerInterfaceAndCountInTheDropsAndTheWatchSaysHowItRan() {
        Load l = load();
        Map<String, Long> qdiscs = new LinkedHashMap<>();
        qdiscs.put("eth1", 40L);
        qdiscs.put("br-lan.10", 2L);
        Load withTc = new Load(l.seconds(), l.cpu(), l.interfaces(), l.softnetDrops(), qdiscs);
        Map<String, Object> m = flat("dut", ObservedHost.whole(withTc, 2, "ssh", "no softnet"));
        assertEquals(40L, m.get("dut_eth1_qdisc_drops"));
        assertEquals(2L, m.get("dut_br_lan_10_qdisc_drops"));
        assertEquals(42L, m.get("dut_qdisc_drops"));
        assertEquals(3L + 1L + 7L + 42L, m.get("dut_drops"));
        assertEquals("ssh", m.get("dut_observed_via"));
        assertEquals("no softnet", m.get("dut_observe_note"));
        assertEquals("{host}_{iface}_qdisc_drops", MetricCatalog.named("dut_eth1_qdisc_drops").orElseThrow().name());
        assertEquals("{host}_qdisc_drops", MetricCatalog.named("dut_qdisc_drops").orElseThrow().name());
        assertEquals("{host}_observed_via", MetricCatalog.named("dut_observed_via").orElseThrow().name());
        for (String name : java.util.List.of("dut_eth1_qdisc_drops", "dut_qdisc_drops", "dut_observed_via", "dut_observe_note")) {
            assertTrue(ObservedNames.isOf(name, "dut"), name);
        }
        assertFalse(flat("dut", ObservedHost.whole(load(), 2, "peer", null)).containsKey("dut_qdisc_drops"), "no tc statistics: absent, not 0");
    }

    @Test
    void aSampleHasNeitherTheWatchsSpanNorTheCpuCount() {
        Map<String, Object> m = flat("dut", ObservedHost.sample(load()));
        assertFalse(m.containsKey("dut_observed_seconds"));
        assertFalse(m.containsKey("dut_cpu_count"));
        assertEquals(30.0, m.get("cpu_dut_pct"));
    }

    @Test
    void everyNameIsRegisteredWithItsUnitAsItsNarrowestFamily() {
        Map<String, Object> m = flat("router-1.lab", ObservedHost.whole(load(), 2, "peer", null));
        m.keySet().forEach(k -> assertTrue(MetricCatalog.named(k).isPresent(), k + " is not a metric"));
        assertEquals("cpu_{host}_pct", MetricCatalog.named("cpu_router_1_lab_pct").orElseThrow().name());
        assertEquals("cpu_{host}_cpu{n}_pct", MetricCatalog.named("cpu_router_1_lab_cpu1_pct").orElseThrow().name());
        assertEquals("cpu_{host}_user_pct", MetricCatalog.named("cpu_router_1_lab_user_pct").orElseThrow().name());
        assertEquals("{host}_{iface}_rx_drops", MetricCatalog.named("router_1_lab_eth1_rx_drops").orElseThrow().name());
        assertEquals("{host}_softnet_drops", MetricCatalog.named("router_1_lab_softnet_drops").orElseThrow().name());
        assertEquals("{host}_drops", MetricCatalog.named("router_1_lab_drops").orElseThrow().name());
    }

    @Test
    void aFamilyMissingFromTheLoadIsLeftOut() {
        Map<String, Object> m = flat("dut", ObservedHost.whole(new Load(1.0, Map.of(), Map.of(), null, null), 0, "ssh", null));
        assertEquals(Map.of("dut_cpu_count", 0L, "dut_observed_seconds", 1.0, "dut_observed_via", "ssh"), m);
        assertFalse(flat("dut", ObservedHost.whole(new Load(1.0, Map.of(), Map.of(), 2L, null), 1, "peer", null)).containsKey("cpu_dut_pct"));
    }
}
