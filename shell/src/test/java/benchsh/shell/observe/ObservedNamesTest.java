package benchsh.shell.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ObservedNamesTest {
    @Test
    void hostNamesBecomeIdentifiersAndNeverTakeTheTestsOwnNames() {
        assertEquals("router_1_lab", ObservedNames.host("Router-1.lab"));
        assertEquals("host_local", ObservedNames.host("local"), "cpu_local_pct is the from host's CPU");
        assertEquals("host_remote", ObservedNames.host("remote"));
        assertEquals("cpu_dut_pct", ObservedNames.cpu("dut"));
        assertEquals("dut_drops", ObservedNames.drops("dut"));
    }

    @Test
    void aHostsFiguresAreKnownByItsName() {
        assertTrue(ObservedNames.isOf("cpu_dut_cpu3_pct", "dut"));
        assertTrue(ObservedNames.isOf("dut_eth1_tx_drops", "dut"));
        assertTrue(ObservedNames.isOf("dut_observed_seconds", "dut"));
        assertFalse(ObservedNames.isOf("cpu_local_pct", "dut"));
        assertFalse(ObservedNames.isOf("throughput_bps", "dut"));
    }

    @Test
    void onlyAHostsBusyCpuIsItsCpuColumn() {
        assertTrue(ObservedNames.isBusyCpu("cpu_dut_pct"));
        assertFalse(ObservedNames.isBusyCpu("cpu_dut_user_pct"), "the narrower family");
        assertFalse(ObservedNames.isBusyCpu("cpu_local_pct"), "a fixed metric");
        assertFalse(ObservedNames.isBusyCpu("cpu_dut_cpu0_pct"));
    }
}
