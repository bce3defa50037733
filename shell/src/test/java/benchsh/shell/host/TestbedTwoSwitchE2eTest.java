package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code scripts/testbed up 3 --topology two-switch}: h1 and h2 on switch sw1, h3 on sw2, the two
 * switches joined by one link, so h1 to h2 crosses one switch and h1 to h3 two. Skips without the
 * testbed ({@link Testbed}).
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@TestbedTopology(value = "two-switch", hosts = 3)
@Timeout(120)
class TestbedTwoSwitchE2eTest {
    private static final String SW1_TO_SW2 = Testbed.NAME + "-sw1-2";
    private static final String SW2_TO_SW1 = Testbed.NAME + "-sw2-1";

    @Test
    void h1ReachesH3OnlyOverTheLinkBetweenTheSwitches() throws Exception {
        String h2 = Testbed.host("h2").address();
        String h3 = Testbed.host("h3").address();
        TestbedPaths.assertReaches("h1", h3);
        TestbedPaths.link("root", SW2_TO_SW1, false);
        try {
            TestbedPaths.assertCutOff("h1", h3);
            TestbedPaths.assertReaches("h1", h2);
        } finally {
            TestbedPaths.link("root", SW2_TO_SW1, true);
        }
        TestbedPaths.assertReaches("h1", h3);
    }

    @Test
    void tcpFromH1ToH3CrossesBothSwitches() throws Exception {
        TestbedPaths.assertTcpGoesThrough("h1", "h3", "root", SW1_TO_SW2);
        assertTrue(Testbed.peersLeft(Duration.ofSeconds(10)).isEmpty(), "no peer left behind");
    }
}
