package benchsh.peer.observe;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import benchsh.peer.fs.Commands;
import org.junit.jupiter.api.Test;

/** This host's tc, as the observe workload runs it. */
class TcQdiscsTest {
    @Test
    void readsThisHostsQdiscStatisticsWhereIproute2IsInstalled() {
        assumeTrue(Commands.find("tc") != null, "no tc here (.ci/install-ssh.sh installs iproute2)");
        String text = TcQdiscs.ofThisHost().read();
        assertTrue(text != null && QdiscStats.dropped(text, true).isPresent(), "tc -s qdisc show printed: " + text);
    }

    @Test
    void noTcRunsNothing() {
        assertNull(TcQdiscs.none().read());
    }
}
