package benchsh.shell.run;

import benchsh.shell.host.Host;
import java.time.Duration;
import java.util.Map;

/**
 * A two-sided test as the runner sees it: which workload, which host listens and which connects,
 * each side's spec, and how long it should take. The runner adds the token and the addresses.
 *
 * @param expected how long the test should run, including warm-up; the runner allows a grace period
 * @param timed    whether {@code expected} is known in advance (a run for a time) rather than a limit for
 *                 moving a given amount of data; dry runs add up only the known ones
 */
public record PairTest(String workload, Host listener, Map<String, Object> listenSpec,
                       Host connector, Map<String, Object> connectSpec, Duration expected, boolean timed) {

    /** A test that runs for a known time. */
    public PairTest(String workload, Host listener, Map<String, Object> listenSpec, Host connector, Map<String, Object> connectSpec,
                    Duration expected) {
        this(workload, listener, listenSpec, connector, connectSpec, expected, true);
    }
}
