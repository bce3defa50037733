package benchsh.shell.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A dry run: while planning, runners move no data and connect nowhere; they note each test with
 * its hosts, parameters and expected duration instead. Thread-safe.
 */
public final class Plan {
    /** One test that would run; {@code expected} is empty when its length depends on the data rate (disk, tree, copy). */
    public record Step(String test, String from, String to, Map<String, Object> params, Map<String, Object> tags, Optional<Duration> expected) {
    }

    private final List<Step> steps = new ArrayList<>();
    private final ThreadLocal<Optional<Duration>> pending = ThreadLocal.withInitial(Optional::empty);

    /** A runner saw a test that runs for {@code expected}; its verb records the step with its parameters next. */
    public void expect(Duration expected) {
        pending.set(Optional.of(expected));
    }

    /** A runner saw a test whose length depends on how fast the data moves. */
    public void expectUnknown() {
        pending.set(Optional.empty());
    }

    public synchronized void add(String test, String from, String to, Map<String, Object> params, Map<String, Object> tags) {
        Optional<Duration> d = pending.get();
        pending.remove();
        steps.add(new Step(test, from, to, params, tags, d));
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
        return steps.stream().map(Step::expected).filter(Objects::nonNull).filter(Optional::isEmpty).count();
    }
}
