package benchsh.shell.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.metric.Metrics;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ObservedNamesTest {
    /** What the observe workload reports for a bridge with two ports and two CPUs. */
    static Map<String, Object> figures() {
        Map<String, Object> all = Map.of("busy_pct", 30.0, "user_pct", 5.0, "sys_pct", 10.0, "softirq_pct", 15.0, "idle_pct", 70.0);
        Map<String, Object> cpu = new LinkedHashMap<>();
        cpu.put("all", all);
        cpu.put("cpu0", Map.of("busy_pct", 50.0));
        cpu.put("cpu1", Map.of("busy_pct", 10.0));
        Map<String, Object> interfaces = new LinkedHashMap<>();
        interfaces.put("eth1", Map.of("rx_packets", 1000L, "rx_bytes", 1_500_000L, "rx_drops", 3L, "rx_errors", 0L,
                "tx_packets", 10L, "tx_bytes", 600L, "tx_drops", 1L, "tx_errors", 0L));
        interfaces.put("br-lan.10", Map.of("rx_packets", 5L, "rx_drops", 0L, "tx_drops", 0L));
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("seconds", 10.5);
        f.put("cpu", cpu);
        f.put("interfaces", interfaces);
        f.put("softnet_drops", 7L);
        f.put("cpu_count", 2L);
        return f;
    }

    @Test
    void namesEveryFigureAfterTheHost() {
        Map<String, Object> m = ObservedNames.flatten("dut", figures());
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
    void qdiscDropsAreNamedPerInterfaceAndCountInTheDrops() {
        Map<String, Object> f = figures();
        f.put("qdisc_drops", Map.of("eth1", 40L, "br-lan.10", 2L));
        Map<String, Object> m = ObservedNames.flatten("dut", f);
        assertEquals(40L, m.get("dut_eth1_qdisc_drops"));
        assertEquals(2L, m.get("dut_br_lan_10_qdisc_drops"));
        assertEquals(42L, m.get("dut_qdisc_drops"));
        assertEquals(3L + 1L + 7L + 42L, m.get("dut_drops"));
        assertEquals("{host}_{iface}_qdisc_drops", Metrics.named("dut_eth1_qdisc_drops").orElseThrow().name());
        assertEquals("{host}_qdisc_drops", Metrics.named("dut_qdisc_drops").orElseThrow().name());
        assertEquals("{host}_observed_via", Metrics.named(ObservedNames.via("dut")).orElseThrow().name());
        assertEquals("{host}_observe_note", Metrics.named(ObservedNames.note("dut")).orElseThrow().name());
        for (String name : java.util.List.of("dut_eth1_qdisc_drops", "dut_qdisc_drops", "dut_observed_via", "dut_observe_note")) {
            assertTrue(ObservedNames.isOf(name, "dut"), name);
        }
        assertFalse(ObservedNames.flatten("dut", figures()).containsKey("dut_qdisc_drops"), "no tc statistics: absent, not 0");
    }

    @Test
    void everyNameIsRegisteredWithItsUnit() {
        Map<String, Object> m = ObservedNames.flatten("router-1.lab", figures());
        m.keySet().forEach(k -> assertTrue(Metrics.named(k).isPresent(), k + " is not in Metrics"));
        assertEquals("%", Metrics.named("cpu_router_1_lab_pct").orElseThrow().unit().suffix().replace("_pct", "%"));
        assertEquals("cpu_{host}_cpu{n}_pct", Metrics.named("cpu_router_1_lab_cpu1_pct").orElseThrow().name());
        assertEquals("cpu_{host}_user_pct", Metrics.named("cpu_router_1_lab_user_pct").orElseThrow().name());
        assertEquals("{host}_{iface}_rx_drops", Metrics.named("router_1_lab_eth1_rx_drops").orElseThrow().name());
        assertEquals("{host}_softnet_drops", Metrics.named("router_1_lab_softnet_drops").orElseThrow().name());
        assertEquals("{host}_drops", Metrics.named("router_1_lab_drops").orElseThrow().name());
    }

    @Test
    void hostNamesBecomeIdentifiersAndNeverTakeTheTestsOwnNames() {
        assertEquals("router_1_lab", ObservedNames.host("Router-1.lab"));
        assertEquals("host_local", ObservedNames.host("local"), "cpu_local_pct is the from host's CPU");
        assertEquals("host_remote", ObservedNames.host("remote"));
        assertEquals("cpu_dut_pct", ObservedNames.cpu("dut"));
        assertEquals("dut_drops", ObservedNames.drops("dut"));
    }

    @Test
    void aFamilyMissingFromTheFiguresIsLeftOut() {
        Map<String, Object> m = ObservedNames.flatten("dut", Map.of("seconds", 1.0));
        assertEquals(Map.of("dut_observed_seconds", 1.0), m);
        assertFalse(ObservedNames.flatten("dut", Map.of("softnet_drops", 2L)).containsKey("cpu_dut_pct"));
    }
}
