package benchsh.shell.run;

import benchsh.shell.host.Host;
import benchsh.shell.observe.Observation;
import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tests asked for one round after another, each round chosen from what the rounds before measured, and results derived
 * from them at the end: a search (RFC 2544 throughput, {@code limit}), its confirmations and its probes. A verb builds
 * one and hands it to {@link Executor#series}, which runs it (RUN), notes its worst case (PLAN), or refuses it (COLLECT:
 * its rounds depend on each other, so it cannot start with a together block's tests). Every test of a round is recorded
 * as any test is; the series itself runs and records nothing. Implementations hold one run's state: used once, by the
 * script's thread.
 */
public interface Series {
    /** What it is called in messages: its verb, e.g. "limit". */
    String name();

    /** The next round, chosen from every trial so far (none before the first), or null when the series is done. */
    Round next(List<Trial> trials);

    /** The rounds a plan notes: the most this series can ask for, with placeholder tests where a value is only measured. */
    List<Round> worstCase();

    /** The results derived from the trials, recorded in this order after the last round. */
    List<Derived> derive(List<Trial> trials);

    /**
     * One round: its tests (several start at once behind one barrier, as a together block's do) and the tags each of
     * their results gets besides the script's (e.g. {@code trial: 3}).
     */
    record Round(List<Test> tests, Map<String, Object> tags) {
        public Round {
            tests = List.copyOf(tests);
            tags = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tags));
            if (tests.isEmpty()) {
                throw new IllegalArgumentException("a round has at least one test");
            }
        }

        public static Round of(Test test, Map<String, Object> tags) {
            return new Round(List.of(test), tags);
        }
    }

    /**
     * One test of a round as it ran: its round (1-based), the test, its recorded result, the record of its figures as its
     * definition made them (null for none, or in a plan), what the watched hosts did during it, and its interval samples.
     */
    record Trial(int round, Test test, Result result, Record figures, Observation.Observed observed, int samples) {
        /** Its figures as the record {@code type}, or null when it has none of that type (a failed test may have none). */
        public <R extends Record> R figures(Class<R> type) {
            return type.isInstance(figures) ? type.cast(figures) : null;
        }

        public boolean ok() {
            return result.ok();
        }
    }

    /**
     * A result derived from the trials, recorded by the executor as a test's is: its figures flattened, the script's tags
     * added, its row printed with its columns and the watched hosts'.
     *
     * @param observedAt the trial whose watched hosts' figures it carries (the trial at a limit), or null for none
     */
    record Derived(String test, Host from, Host to, Map<String, Object> params, Map<String, Object> tags, Status status, String error,
                   Record figures, List<String> columns, Trial observedAt) {
        public Derived {
            params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
            tags = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tags));
            columns = List.copyOf(columns);
        }
    }

    /** What a series did: every trial in order and the derived results; in a plan, the planned trials (unmeasured) and none derived. */
    record Outcome(List<Trial> trials, List<Result> derived) {
        public Outcome {
            trials = List.copyOf(trials);
            derived = List.copyOf(derived);
        }
    }
}
