package benchsh.shell.run;

import benchsh.shell.host.Host;
import benchsh.shell.host.HostException;
import benchsh.shell.result.Result;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One measurement as data, built by a definition from a verb's arguments and run by the {@link Executor}:
 * what it is called and between which hosts, its params and tags, the parts that run (at once, when there
 * are several), how long it should take, and which columns its row shows. Building a test does no I/O;
 * running, planning and collecting it are the executor's. Immutable.
 *
 * @param expected how long the test should take; the shell allows {@link Deadlines#GRACE} more before
 *                 it stops a test as hung
 * @param timed    whether {@code expected} is known in advance (a run for a time) rather than an upper
 *                 bound for moving some data; a plan adds up only the known ones
 * @param combine  how the parts' figures become the result's, for a test of several parts
 * @param around   what must hold while the parts run (a mount), entered in order and left in reverse
 * @param columns  the row's columns in the order of priority, which is also the order they show in: a terminal too
 *                 narrow for all leaves out the last ones first (the result's tags, its headline and its status always show)
 * @param epilogue text printed after the row, or null (e.g. a latency histogram)
 */
public record Test(String name, Host from, Host to, Map<String, Object> params, Map<String, Object> tags, List<Part> parts,
                   Combine combine, Duration expected, boolean timed, List<String> columns, List<Around> around, Epilogue epilogue) {

    public Test {
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        tags = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        parts = List.copyOf(parts);
        columns = List.copyOf(columns);
        around = List.copyOf(around);
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("a test has at least one part");
        }
    }

    /** How the figures of several parts run at once become one result's. */
    @FunctionalInterface
    public interface Combine {
        Merged combine(List<Merged> parts);
    }

    /** Something that must hold while a test runs, such as a file system mounted for it. */
    @FunctionalInterface
    public interface Around {
        /** Sets it up (with the executor's help); closing undoes it, also after a failed test. */
        AutoCloseable enter(Executor executor) throws HostException, InterruptedException;
    }

    /** Text to print after a result's row, from the result and the figures it was flattened from (the test's own record). */
    @FunctionalInterface
    public interface Epilogue {
        String after(Result r, Record figures);
    }

    public static Builder of(String name, Host from, Host to) {
        return new Builder(name, from, to);
    }

    /** Collects a test's pieces; {@link #build()} checks them. Not thread-safe. */
    public static final class Builder {
        private final String name;
        private final Host from;
        private final Host to;
        private Map<String, Object> params = Map.of();
        private Map<String, Object> tags = Map.of();
        private final List<Part> parts = new ArrayList<>();
        private Combine combine = merged -> merged.get(0);
        private Duration expected = Duration.ofSeconds(60);
        private boolean timed;
        private List<String> columns = List.of();
        private final List<Around> around = new ArrayList<>();
        private Epilogue epilogue;

        private Builder(String name, Host from, Host to) {
            this.name = name;
            this.from = from;
            this.to = to;
        }

        public Builder params(Map<String, Object> p) {
            this.params = p;
            return this;
        }

        public Builder tags(Map<String, Object> t) {
            this.tags = t;
            return this;
        }

        public Builder part(Part p) {
            parts.add(p);
            return this;
        }

        public Builder combine(Combine c) {
            this.combine = c;
            return this;
        }

        /** The test runs for this long (warm-up included): a plan can add it up. */
        public Builder runsFor(Duration d) {
            this.expected = d;
            this.timed = true;
            return this;
        }

        /** The test moves data until done and should finish within this long; a plan cannot estimate it. */
        public Builder finishesWithin(Duration d) {
            this.expected = d;
            this.timed = false;
            return this;
        }

        public Builder columns(List<String> c) {
            this.columns = c;
            return this;
        }

        public Builder around(Around a) {
            around.add(a);
            return this;
        }

        public Builder epilogue(Epilogue e) {
            this.epilogue = e;
            return this;
        }

        public Test build() {
            return new Test(name, from, to, params, tags, parts, combine, expected, timed, columns, around, epilogue);
        }
    }
}
