package benchsh.shell.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A dry run: the executor notes each test a script asks for, with its hosts, parameters and expected
 * duration, instead of running it. A {@linkplain #check check} is the dry pass before a script runs: it
 * keeps no steps, only counts them, and has a budget of verb calls and time. Thread-safe.
 */
public final class Plan {
    /** One test that would run; {@code expected} is empty when its length depends on the data rate (disk, tree, copy). */
    public record Step(String test, String from, String to, Map<String, Object> params, Map<String, Object> tags, Optional<Duration> expected) {
    }

    private final List<Step> steps = new ArrayList<>();
    private final boolean check;
    private final int maxCalls;
    private final long deadlineNanos;
    private int calls;
    private int counted;

    public Plan() {
        this(false, Integer.MAX_VALUE, Long.MAX_VALUE);
    }

    private Plan(boolean check, int maxCalls, long deadlineNanos) {
        this.check = check;
        this.maxCalls = maxCalls;
        this.deadlineNanos = deadlineNanos;
    }

    /** The check of a script before it runs: at most {@code maxCalls} verb calls, for at most {@code maxTime}. */
    public static Plan check(int maxCalls, Duration maxTime) {
        return new Plan(true, maxCalls, System.nanoTime() + maxTime.toNanos());
    }

    /** Whether this is the check before a run (quiet, counted, with a budget), not a plan the user asked for. */
    public boolean isCheck() {
        return check;
    }

    /** Counts one verb call of a check; false once its budget of calls or time is spent. */
    public synchronized boolean spend() {
        calls++;
        return calls <= maxCalls && System.nanoTime() - deadlineNanos < 0;
    }

    /** The verb calls a check made. */
    public synchronized int calls() {
        return calls;
    }

    public synchronized void add(Step s) {
        if (check) {
            counted++;
        } else {
            steps.add(s);
        }
    }

    /** How many tests were noted (a check keeps only this count). */
    public synchronized int tests() {
        return check ? counted : steps.size();
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
