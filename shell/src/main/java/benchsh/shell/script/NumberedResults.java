package benchsh.shell.script;

import benchsh.shell.args.UsageException;
import benchsh.shell.result.Result;
import java.util.AbstractList;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;

/**
 * The session's results as scripts see them ({@code results} used as a value): a read-only list whose Groovy
 * index counts from 1, as the REPL numbers rows, so {@code results[3]} is {@code _3}; {@code results[-1]} is the
 * last. {@code get}, {@code first()}, {@code last()} and iteration are the list's own. Changing it is refused with
 * what to do instead: the results are what was measured, and are stored as such. Immutable.
 */
public final class NumberedResults extends AbstractList<Result> {
    private static final String READ_ONLY = "the session's results cannot be changed: they are what was measured, and stored;"
            + " work on a copy, e.g. mine = results.findAll { it.ok() }";
    private final List<Result> results;

    private NumberedResults(List<Result> results) {
        this.results = List.copyOf(results);
    }

    /** A read-only copy of {@code results}, numbered from 1. */
    public static NumberedResults of(List<Result> results) {
        return new NumberedResults(results);
    }

    @Override
    public Result get(int index) {
        return results.get(index);
    }

    @Override
    public int size() {
        return results.size();
    }

    /** Groovy's {@code results[n]}: the result numbered {@code n} (1 is the first), or counted from the end when negative. */
    public Result getAt(int n) {
        if (n == 0 || Math.abs(n) > results.size()) {
            throw new UsageException("no results[" + n + "]: results are numbered from 1" + (results.isEmpty() ? ", and there are none yet"
                    : " to " + results.size() + " (results[-1] is the last)"));
        }
        return results.get(n > 0 ? n - 1 : results.size() + n);
    }

    @Override
    public void add(int index, Result element) {
        throw new UsageException(READ_ONLY);
    }

    @Override
    public Result set(int index, Result element) {
        throw new UsageException(READ_ONLY);
    }

    @Override
    public Result remove(int index) {
        throw new UsageException(READ_ONLY);
    }

    @Override
    public void clear() {
        throw new UsageException(READ_ONLY);
    }

    @Override
    public boolean removeAll(Collection<?> c) {
        throw new UsageException(READ_ONLY);
    }

    @Override
    public boolean removeIf(Predicate<? super Result> filter) {
        throw new UsageException(READ_ONLY);
    }

    @Override
    public boolean retainAll(Collection<?> c) {
        throw new UsageException(READ_ONLY);
    }
}
