package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code scripts/testbed up 3 --topology router}: h1 (with the root namespace) and h2 on two subnets,
 * dut forwarding between them with IP forwarding on in its own namespace only. Skips without the
 * testbed ({@link Testbed}).
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@TestbedTopology(value = "router", hosts = 3)
@Timeout(120)
class TestbedRouterE2eTest {
    @Test
    void h1RoutesToH2ViaTheDutAndTheTtlDropsByOne() throws Exception {
        String h2 = Testbed.host("h2").address();
        String dut = Testbed.host("dut").address();
        Testbed.Outcome route = Testbed.exec("h1", "ip", "route", "get", h2);
        assertEquals(0, route.exit(), route.output());
        assertTrue(route.output().contains(h2 + " via " + dut + " "), route.output());
        assertTrue(Testbed.ping("h1", dut).output().contains(" ttl=64 "), "dut is on h1's own subnet: no hop");
        Testbed.Outcome far = Testbed.ping("h1", h2);
        assertTrue(far.output().contains(" ttl=63 "), "h2's answer crossed one router: " + far.output());
    }

    @Test
    void theDutRoutesIpv6TooBesideEachIpv4Address() throws Exception {
        String h2 = Testbed.host("h2").address6();
        assertTrue(h2.startsWith("fd00:251:" + Testbed.ID + "::"), "h2 is on the far IPv6 subnet: " + h2);
        Testbed.Outcome far = Testbed.ping("h1", h2);
        assertTrue(far.output().contains(" ttl=63 "), "h2's answer crossed one router: " + far.output());
        assertEquals("1", Testbed.exec("dut", "sysctl", "-n", "net.ipv6.conf.all.forwarding").output().strip());
    }

    @Test
    void onlyTheDutForwards() throws Exception {
        assertEquals("1", Testbed.exec("dut", "sysctl", "-n", "net.ipv4.ip_forward").output().strip());
        assertEquals("0", Testbed.exec("h1", "sysctl", "-n", "net.ipv4.ip_forward").output().strip(), "a fresh namespace does not forward");
        String h1 = Testbed.host("h1").address();
        assertTrue(Testbed.host("h2").address().startsWith("10.251." + Testbed.ID + "."), "h2 is on the far subnet");
        assertTrue(h1.startsWith("10.250." + Testbed.ID + "."), "h1 is on the near subnet");
    }

    @Test
    void tcpFromH1ToH2IsForwardedByTheDut() throws Exception {
        TestbedPaths.assertTcpGoesThrough("h1", "h2", Testbed.host("dut").netns(), "eth1");
        assertTrue(Testbed.peersLeft(Duration.ofSeconds(10)).isEmpty(), "no peer left behind");
    }
}
