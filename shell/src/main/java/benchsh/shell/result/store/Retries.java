package benchsh.shell.result.store;

import java.sql.SQLException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A bounded retry with backoff for work the database refused for a moment ({@link Dialect#isTransient}:
 * a lock another process held past the busy timeout, a deadlock or serialization failure the server
 * broke). At most {@link #ATTEMPTS} tries; between them a pause of {@link #FIRST_PAUSE_MS} ms, tripled
 * each time, plus up to as much again at random so that writers that collided do not collide again.
 * Any other failure, or an interrupt, ends it at once. The work must be a whole transaction that the
 * failure undid. Stateless.
 */
final class Retries {
    static final int ATTEMPTS = 5;
    static final long FIRST_PAUSE_MS = 50;

    /** One try of the work; it may fail for a reason of its own too ({@code X}, e.g. a {@link StoreException}). */
    interface Work<T, X extends Exception> {
        T run() throws SQLException, X;
    }

    private Retries() {
    }

    /**
     * Runs {@code work} until it succeeds, fails for a lasting reason, or has failed {@link #ATTEMPTS}
     * times; the last failure then says how many tries it had and over how long.
     */
    static <T, X extends Exception> T run(Dialect dialect, Work<T, X> work) throws SQLException, X {
        long start = System.nanoTime();
        long pause = FIRST_PAUSE_MS;
        for (int attempt = 1; ; attempt++) {
            try {
                return work.run();
            } catch (SQLException e) {
                if (!dialect.isTransient(e)) {
                    throw e;
                }
                if (attempt == ATTEMPTS || !sleep(pause + ThreadLocalRandom.current().nextLong(pause + 1))) {
                    long ms = (System.nanoTime() - start) / 1_000_000;
                    throw new SQLException(e.getMessage() + "; gave up after " + attempt + (attempt == 1 ? " try" : " tries") + " in "
                            + String.format(java.util.Locale.ROOT, "%.1f", ms / 1000.0) + " s", e.getSQLState(), e.getErrorCode(), e);
                }
                pause *= 3;
            }
        }
    }

    /** False when interrupted (the interrupt is kept for the caller). */
    private static boolean sleep(long ms) {
        try {
            Thread.sleep(ms);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
