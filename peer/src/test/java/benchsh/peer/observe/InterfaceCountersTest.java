package benchsh.peer.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InterfaceCountersTest {
    static final String NET_DEV = """
            Inter-|   Receive                                                |  Transmit
             face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
                lo: 4137730410336 295756963    0    0    0     0          0         0 4137730410336 295756963    0    0    0     0       0          0
              eth1: 1000 10 1 2 0 0 0 0 2000 20 3 4 0 0 0 0
            br-dut.10:  5 1 0 0 0 0 0 0 7 1 0 0 0 0 0 0
            """;
    /** A 2.4 kernel glues a wide first number to the colon. */
    static final String GLUED = """
            Inter-|   Receive                                                |  Transmit
             face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
              eth0:123456789 100    0    0    0     0          0         0  987654   90    0    0    0     0       0          0
            """;

    @Test
    void readsEveryInterfaceButLoopback() {
        Map<String, InterfaceCounters> all = InterfaceCounters.parse(NET_DEV, false);
        assertEquals(List.of("eth1", "br-dut.10"), List.copyOf(all.keySet()));
        assertEquals(new InterfaceCounters(1000, 10, 1, 2, 2000, 20, 3, 4), all.get("eth1"));
    }

    @Test
    void loopbackWhenAsked() {
        Map<String, InterfaceCounters> all = InterfaceCounters.parse(NET_DEV, true);
        assertEquals(295756963L, all.get("lo").rxPackets());
        assertEquals(4137730410336L, all.get("lo").txBytes());
    }

    @Test
    void readsANumberGluedToTheColon() {
        InterfaceCounters eth0 = InterfaceCounters.parse(GLUED, false).get("eth0");
        assertEquals(123456789L, eth0.rxBytes());
        assertEquals(90L, eth0.txPackets());
    }

    @Test
    void namesTheCountersAndTakesDifferences() {
        InterfaceCounters before = new InterfaceCounters(1000, 10, 1, 2, 2000, 20, 3, 4);
        InterfaceCounters after = new InterfaceCounters(1500, 15, 1, 7, 2600, 26, 3, 4);
        Map<String, Long> d = after.since(before).named();
        assertEquals(List.of("rx_packets", "rx_bytes", "rx_drops", "rx_errors", "tx_packets", "tx_bytes", "tx_drops", "tx_errors"),
                List.copyOf(d.keySet()));
        assertEquals(5L, d.get("rx_packets"));
        assertEquals(5L, d.get("rx_drops"));
        assertEquals(600L, d.get("tx_bytes"));
    }

    @Test
    void emptyOrForeignTextHasNoInterfaces() {
        assertTrue(InterfaceCounters.parse("", true).isEmpty());
        assertTrue(InterfaceCounters.parse("eth0: a b c\n", true).isEmpty());
    }
}
