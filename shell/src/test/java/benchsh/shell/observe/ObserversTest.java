package benchsh.shell.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import benchsh.shell.host.Host;
import benchsh.shell.host.HostException;
import benchsh.shell.host.PeerConnection;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** Starting the watches of a test: the observed hosts are connected at once, so unreachable ones cost one timeout together. */
class ObserversTest {
    /** A host whose connect waits until the other hosts are connecting too, then fails as an unreachable host does. */
    private static final class Unreachable extends Host {
        private final CyclicBarrier together;

        Unreachable(String name, CyclicBarrier together) {
            super(name);
            this.together = together;
        }

        @Override
        public String dataAddress() {
            return "192.0.2.1";
        }

        @Override
        protected PeerConnection connect() throws HostException, InterruptedException {
            try {
                together.await(20, TimeUnit.SECONDS);
            } catch (BrokenBarrierException | TimeoutException e) {
                throw new HostException(name(), "connect", "connected alone");
            }
            throw new HostException(name(), "connect", "no route to host");
        }
    }

    @Test
    void unreachableHostsAreConnectedAtOnceAndEachIsReportedMissing() throws Exception {
        CyclicBarrier together = new CyclicBarrier(3);
        List<Host> hosts = List.of(new Unreachable("a", together), new Unreachable("b", together), new Unreachable("c", together));
        Observation seen = Observers.start(new Watch(hosts, false), Duration.ofSeconds(1), Duration.ofSeconds(10)).stop();
        assertEquals(List.of("a: connect: no route to host", "b: connect: no route to host", "c: connect: no route to host"),
                seen.missing());
        assertEquals(0, seen.figures().size());
    }
}
