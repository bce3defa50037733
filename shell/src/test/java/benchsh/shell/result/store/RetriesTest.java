package benchsh.shell.result.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.result.SessionInfo;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A refusal of the moment is tried again, a lasting one is not, and the tries are bounded. */
@Timeout(60)
class RetriesTest {
    static SQLException busy() {
        return new SQLException("[SQLITE_BUSY] The database file is locked (database is locked)", null, 5);
    }

    @Test
    void aLockHeldForAMomentIsWaitedOut() throws Exception {
        AtomicInteger tries = new AtomicInteger();
        assertEquals("stored", Retries.run(Dialect.SQLITE, () -> {
            if (tries.incrementAndGet() < 3) {
                throw busy();
            }
            return "stored";
        }));
        assertEquals(3, tries.get());
    }

    @Test
    void aLastingFailureEndsAtOnce() {
        AtomicInteger tries = new AtomicInteger();
        SQLException full = new SQLException("[SQLITE_FULL] database or disk is full", null, 13);
        assertSame(full, assertThrows(SQLException.class, () -> Retries.run(Dialect.SQLITE, () -> {
            tries.incrementAndGet();
            throw full;
        })));
        assertEquals(1, tries.get());
    }

    @Test
    void theTriesAreBoundedAndTheLastFailureSaysHowMany() {
        AtomicInteger tries = new AtomicInteger();
        SQLException e = assertThrows(SQLException.class, () -> Retries.run(Dialect.SQLITE, () -> {
            tries.incrementAndGet();
            throw busy();
        }));
        assertEquals(Retries.ATTEMPTS, tries.get());
        assertTrue(e.getMessage().matches(".*database is locked\\); gave up after 5 tries in \\d+\\.\\d s"), e.getMessage());
        assertEquals(5, e.getErrorCode(), "still a busy error, for the explanation");
    }

    @Test
    void postgresqlRetriesDeadlocksAndSerializationFailuresOnly() {
        assertTrue(Dialect.POSTGRESQL.isTransient(new SQLException("deadlock detected", "40P01")));
        assertTrue(Dialect.POSTGRESQL.isTransient(new SQLException("could not serialize access", "40001")));
        assertTrue(!Dialect.POSTGRESQL.isTransient(new SQLException("duplicate key", "23505")));
        assertTrue(!Dialect.POSTGRESQL.isTransient(new SQLException("connection lost", "08006")), "a lost connection may have committed");
    }

    /**
     * Another process writes while this store's write has begun: with a deferred transaction the write read
     * first, and its upgrade failed at once (SQLITE_BUSY_SNAPSHOT) when the other committed; BEGIN IMMEDIATE
     * waits for the lock instead, and then stores.
     */
    @Test
    void aWriteWaitsForAnotherWritersTransactionAndStoresAfterIt(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("results.db");
        SessionInfo session = SessionInfo.start("benchsh", null);
        try (ResultStore store = ResultStore.open(db, note -> { });
             Connection other = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = other.createStatement()) {
            store.write(StoreFixtures.recorded(StoreFixtures.result("tcp", "a", "b", "first", 4096, 1e9, 1, Instant.now()), session));
            s.execute("BEGIN IMMEDIATE");
            s.execute("INSERT INTO session(id, started) VALUES ('other', '2026-12-01T00:00:00.000Z')");
            CompletableFuture<Long> waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return store.write(StoreFixtures.recorded(StoreFixtures.result("tcp", "a", "b", "second", 4096, 1e9, 1, Instant.now()), session));
                } catch (StoreException e) {
                    throw new IllegalStateException(e.getMessage(), e);
                }
            });
            Thread.sleep(300); // the write is waiting for the lock by now (on a slow machine it may start later: it stores either way)
            s.execute("COMMIT");
            waiting.get(30, TimeUnit.SECONDS);
            assertEquals(2, store.results(StoreQuery.ALL).size());
        }
    }
}
