package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.Result;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code scripts/testbed up 3 --topology bridge --shape 200mbit}: h1 and h2 reach each other only
 * through dut, a namespace whose Linux bridge joins them (and the root namespace); every link end is
 * shaped. Skips without the testbed ({@link Testbed}).
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@TestbedTopology(value = "bridge", hosts = 3, shape = "200mbit")
@Timeout(120)
class TestbedBridgeE2eTest {
    private static final double RATE_BPS = 200e6;

    @Test
    void h1ReachesH2OnlyWhileTheDutsBridgeIsUp() throws Exception {
        String dut = Testbed.host("dut").netns();
        String h2 = Testbed.host("h2").address();
        TestbedPaths.assertReaches("h1", h2);
        TestbedPaths.link(dut, "br0", false);
        try {
            TestbedPaths.assertCutOff("h1", h2);
        } finally {
            TestbedPaths.link(dut, "br0", true);
        }
        TestbedPaths.assertReaches("h1", h2);
    }

    @Test
    void tcpFromH1ToH2CrossesTheDutAndKeepsToTheShaper() throws Exception {
        Result tcp = TestbedPaths.assertTcpGoesThrough("h1", "h2", Testbed.host("dut").netns(), "p2");
        // tbf lets through no more than its rate (plus one 10 ms burst); noise only makes it slower
        assertTrue(tcp.getThroughput() < RATE_BPS * 1.1, "shaped to 200 Mbit/s: " + tcp);
        assertTrue(Testbed.peersLeft(Duration.ofSeconds(10)).isEmpty(), "no peer left behind");
    }

    @Test
    void statusShowsTheHostsAndEveryLinkShapedAtBothEnds() throws Exception {
        Testbed.Outcome status = Testbed.run(List.of(Testbed.SCRIPT.toString(), "status"), Duration.ofSeconds(30));
        assertEquals(0, status.exit(), status.output());
        String out = status.output();
        assertTrue(out.contains("topology bridge, links shaped to 200mbit"), out);
        assertEquals(List.of("h1", "h2", "dut"), List.copyOf(Testbed.hosts().keySet()));
        for (Testbed.Node node : Testbed.hosts().values()) {
            assertTrue(out.matches("(?s).*  " + node.name() + " +" + node.address().replace(".", "\\.") + " +" + node.address6() + " +netns " + node.netns()
                    + " +sshd \\d+ running.*"), out);
        }
        List<String> links = out.lines().filter(l -> l.contains("<->")).toList();
        assertEquals(3, links.size(), "root-dut, h1-dut, h2-dut: " + out);
        for (String link : links) {
            assertEquals(2, link.split("UP tbf 200Mbit", -1).length - 1, "both ends up and shaped: " + link);
        }
        assertTrue(out.contains(Testbed.host("dut").netns() + ":br0 UP, ports: p0 p1 p2"), out);
    }
}
