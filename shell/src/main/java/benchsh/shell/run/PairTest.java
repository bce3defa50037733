package benchsh.shell.run;

import benchsh.shell.host.Host;
import java.time.Duration;
import java.util.Map;

/**
 * A two-sided test as the runner sees it: which workload, which host listens and which connects,
 * each side's spec, and how long it should take. The runner adds the token and the addresses: an
 * {@code address} already in the listen spec is the user's {@code bind:}, one in the connect spec the
 * user's {@code target:}.
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

    /** The address the user asked the listener to listen on ({@code bind:}), or null. */
    public String bind() {
        return listenSpec.get("address") instanceof String a ? a : null;
    }

    /** The address the user asked the connector to connect to ({@code target:}), or null. */
    public String target() {
        return connectSpec.get("address") instanceof String a ? a : null;
    }
}
