package benchsh.peer.facts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The link a host sends through: the interface toward an address, its driver's speed, and a tbf's rate as tc prints it. */
class EgressLinkTest {
    @TempDir
    Path dir;

    @Test
    void aTbfAtTheRootGivesItsRateInBitsPerSecond() {
        assertEquals(100e6, EgressLink.rootRateBps("qdisc tbf 8001: root refcnt 3 rate 100Mbit burst 16Kb lat 5ms \n Sent 0 bytes 0 pkt (dropped 0,"
                + " overlimits 0 requeues 0)\n backlog 0b 0p requeues 0\n"), "as tc qdisc show dev eth0 prints it");
        assertEquals(100e6, EgressLink.rootRateBps("qdisc tbf 8001: dev eth0 root refcnt 2 rate 100Mbit burst 16Kb lat 50.0ms \n"));
        assertEquals(2.5e9, EgressLink.rootRateBps("qdisc tbf 1: dev p2 root refcnt 2 rate 2500Mbit burst 1Mb lat 5ms"));
        assertEquals(1.5e9, EgressLink.rootRateBps("qdisc tbf 1: dev p2 root refcnt 2 rate 1.5Gbit burst 1Mb lat 5ms"));
        assertEquals(800e3, EgressLink.rootRateBps("qdisc tbf 1: dev p2 root refcnt 2 rate 800Kbit burst 16Kb lat 5ms"));
        assertEquals(999, EgressLink.rootRateBps("qdisc tbf 1: dev p2 root refcnt 2 rate 999bit burst 16Kb lat 5ms"));
    }

    @Test
    void anythingButATbfAtTheRootHasNoRate() {
        assertTrue(Double.isNaN(EgressLink.rootRateBps("qdisc noqueue 0: dev lo root refcnt 2")));
        assertTrue(Double.isNaN(EgressLink.rootRateBps("qdisc htb 1: dev eth0 root refcnt 2 r2q 10 default 0 direct_packets_stat 0")));
        assertTrue(Double.isNaN(EgressLink.rootRateBps("qdisc ingress ffff: dev eth0 parent ffff:fff1 ----------------\n"
                + "qdisc tbf 10: dev eth0 parent 1:1 rate 10Mbit burst 16Kb lat 5ms")), "a tbf below the root holds a class, not the host");
        assertTrue(Double.isNaN(EgressLink.rootRateBps("")));
    }

    @Test
    void theDriversSpeedIsInMegabitsAndUnknownWhenItTellsNone() throws Exception {
        Path speed = dir.resolve("speed");
        Files.writeString(speed, "10000\n");
        assertEquals(10e9, EgressLink.linkSpeedBps(speed));
        Files.writeString(speed, "-1\n");
        assertTrue(Double.isNaN(EgressLink.linkSpeedBps(speed)), "an unknown speed");
        assertTrue(Double.isNaN(EgressLink.linkSpeedBps(dir.resolve("absent"))), "a driver without one");
    }

    @Test
    void loopbackIsSentThroughLoWhichHasNoSpeed() throws Exception {
        EgressLink lo = EgressLink.toward(InetAddress.getLoopbackAddress());
        assertEquals("lo", lo.sendInterface());
        assertTrue(Double.isNaN(lo.sendLinkBps()), "lo has no link speed: " + lo);
        assertTrue(Double.isNaN(lo.slowestBps()) || lo.slowestBps() > 0, lo.toString());
    }

    @Test
    void theSlowestOfTheTwoLimitsHoldsTheSender() {
        assertEquals(100e6, new EgressLink("eth0", 10e9, 100e6).slowestBps());
        assertEquals(10e9, new EgressLink("eth0", 10e9, Double.NaN).slowestBps());
        assertTrue(Double.isNaN(EgressLink.UNKNOWN.slowestBps()));
    }
}
