package benchsh.shell.run;

import benchsh.shell.host.Host;
import java.time.Duration;
import java.util.Map;

/**
 * A two-sided test as the runner sees it: which workload, which host listens and which connects,
 * each side's spec, and how long it should take. The runner adds the token and the addresses.
 *
 * @param expected how long the test should run, including warm-up; the runner allows a grace period
 */
public record PairTest(String workload, Host listener, Map<String, Object> listenSpec,
                       Host connector, Map<String, Object> connectSpec, Duration expected) {
}
