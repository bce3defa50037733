package benchsh.shell.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A dry run: while planning, runners move no data and connect nowhere; they note each test with
 * its hosts, parameters and expected duration instead. Thread-safe.
 */
public final class Plan {
    /** One test that would run. */
    public record Step(String test, String from, String to, Map<String, Object> params, Map<String, Object> tags, Duration expected) {
    }

    private final List<Step> steps = new ArrayList<>();
    private final ThreadLocal<Duration> pending = new ThreadLocal<>();

    /** A runner saw a test; its verb records the step with its parameters next. */
    public void expect(Duration expected) {
        pending.set(expected);
    }

    public synchronized void add(String test, String from, String to, Map<String, Object> params, Map<String, Object> tags) {
        Duration d = pending.get();
        pending.remove();
        steps.add(new Step(test, from, to, params, tags, d == null ? Duration.ZERO : d));
    }

    public synchronized List<Step> steps() {
        return List.copyOf(steps);
    }

    public synchronized Duration total() {
        return steps.stream().map(Step::expected).reduce(Duration.ZERO, Duration::plus);
    }
}
