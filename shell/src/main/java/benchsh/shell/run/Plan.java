package benchsh.shell.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A dry run: the executor notes each test a script asks for, with its hosts, parameters and expected
 * duration, instead of running it. Thread-safe.
 */
public final class Plan {
    /** One test that would run; {@code expected} is empty when its length depends on the data rate (disk, tree, copy). */
    public record Step(String test, String from, String to, Map<String, Object> params, Map<String, Object> tags, Optional<Duration> expected) {
    }

    private final List<Step> steps = new ArrayList<>();

    public synchronized void add(Step s) {
        steps.add(s);
    }

    public synchronized List<Step> steps() {
        return List.copyOf(steps);
    }

    /** The known part of the total. */
    public synchronized Duration total() {
        return steps.stream().map(Step::expected).flatMap(Optional::stream).reduce(Duration.ZERO, Duration::plus);
    }

    /** How many steps have no estimate. */
    public synchronized long unknown() {
        return steps.stream().filter(s -> s.expected().isEmpty()).count();
    }
}
