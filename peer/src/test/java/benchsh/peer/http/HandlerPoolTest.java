package benchsh.peer.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The http server's executor: exchanges still reading their head are cut at their deadline, or oldest
 * first (once evictable) when exchanges wait for a thread; exchanges in a handler never are. An
 * exchange here blocks as the JDK's does while reading a slow request: interruptibly.
 */
@Timeout(60)
class HandlerPoolTest {
    @Test
    void whenEveryThreadIsTakenTheOldestReadingExchangeMakesRoom() throws Exception {
        HandlerPool pool = new HandlerPool("test", 2, Duration.ofMinutes(10), Duration.ofMillis(200));
        try {
            CountDownLatch firstCut = new CountDownLatch(1);
            CountDownLatch bothReading = new CountDownLatch(2);
            pool.execute(() -> readForever(bothReading, firstCut));
            CountDownLatch secondCut = new CountDownLatch(1);
            Thread.sleep(20); // the first is the older one
            pool.execute(() -> readForever(bothReading, secondCut));
            assertTrue(bothReading.await(20, TimeUnit.SECONDS));
            CountDownLatch realServed = new CountDownLatch(1);
            pool.execute(() -> {
                if (pool.handling()) {
                    realServed.countDown();
                }
            });
            assertTrue(realServed.await(20, TimeUnit.SECONDS), "the newcomer got a thread");
            assertTrue(firstCut.await(20, TimeUnit.SECONDS), "the oldest was cut");
            assertFalse(secondCut.await(200, TimeUnit.MILLISECONDS), "the younger one still reads");
            assertEquals(1, pool.cut());
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void aYoungReadingExchangeIsNotCutForANewcomer() throws Exception {
        HandlerPool pool = new HandlerPool("test", 1, Duration.ofMinutes(10), Duration.ofMinutes(10));
        try {
            CountDownLatch reading = new CountDownLatch(1);
            CountDownLatch cut = new CountDownLatch(1);
            pool.execute(() -> readForever(reading, cut));
            assertTrue(reading.await(20, TimeUnit.SECONDS));
            CountDownLatch newcomerRan = new CountDownLatch(1);
            pool.execute(newcomerRan::countDown);
            assertFalse(newcomerRan.await(300, TimeUnit.MILLISECONDS), "the newcomer waits for a thread");
            assertEquals(1, cut.getCount(), "the young one may be the real request");
            assertEquals(0, pool.cut());
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void aHeadIsCutAtItsDeadlineAndAHandlerNever() throws Exception {
        HandlerPool pool = new HandlerPool("test", 4, Duration.ofMillis(300), Duration.ofMinutes(10));
        try {
            CountDownLatch slowCut = new CountDownLatch(1);
            pool.execute(() -> readForever(new CountDownLatch(1), slowCut));
            assertTrue(slowCut.await(20, TimeUnit.SECONDS), "cut at its deadline");
            AtomicBoolean handlerInterrupted = new AtomicBoolean();
            CountDownLatch handled = new CountDownLatch(1);
            pool.execute(() -> {
                assertTrue(pool.handling());
                try {
                    Thread.sleep(1_000); // far past the head deadline, inside the handler
                } catch (InterruptedException e) {
                    handlerInterrupted.set(true);
                }
                handled.countDown();
            });
            assertTrue(handled.await(20, TimeUnit.SECONDS));
            assertFalse(handlerInterrupted.get(), "a handler is never cut");
            assertEquals(1, pool.cut());
        } finally {
            pool.shutdown();
        }
    }

    /** A stray exchange: reads a request that never comes, until its thread is interrupted. */
    private static void readForever(CountDownLatch reading, CountDownLatch cut) {
        reading.countDown();
        try {
            Thread.sleep(Long.MAX_VALUE);
        } catch (InterruptedException e) {
            cut.countDown();
        }
    }
}
