package benchsh.shell.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.run.TestCancelledException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What a signal does in batch mode, with signals delivered by hand and the halt recorded instead of done. */
@Timeout(30)
class BatchInterruptsTest {
    private final LinkedBlockingQueue<Integer> halts = new LinkedBlockingQueue<>();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private BatchInterrupts interrupts(Session session, Thread evaluator, Duration watchdog) {
        return new BatchInterrupts(session, evaluator, new PrintStream(err, true, StandardCharsets.UTF_8), watchdog, halts::add);
    }

    @Test
    void theFirstSignalStopsTheTestAndTheScriptAndNamesItself() throws Exception {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            CountDownLatch interrupted = new CountDownLatch(1);
            Thread evaluator = new Thread(() -> {
                try {
                    Thread.sleep(20_000);
                } catch (InterruptedException e) {
                    interrupted.countDown();
                }
            });
            evaluator.start();
            BatchInterrupts signals = interrupts(session, evaluator, Duration.ofMinutes(5));
            assertNull(signals.signal());
            signals.received(BatchInterrupts.Signal.TERM);
            assertTrue(interrupted.await(10, TimeUnit.SECONDS), "the evaluating thread was interrupted");
            assertEquals(BatchInterrupts.Signal.TERM, signals.signal());
            assertEquals(143, signals.signal().exitCode());
            TestCancelledException stop = assertThrows(TestCancelledException.class, session.control()::checkCancelled);
            assertEquals("stopped by SIGTERM", stop.getMessage());
            assertNull(halts.poll(), "the first signal takes the clean path");
        }
    }

    @Test
    void aSecondSignalOfAnyKindHaltsAtOnceWithItsCode() throws Exception {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            BatchInterrupts signals = interrupts(session, new Thread(() -> { }), Duration.ofMinutes(5));
            signals.received(BatchInterrupts.Signal.HUP);
            signals.received(BatchInterrupts.Signal.INT);
            assertEquals(130, halts.poll(10, TimeUnit.SECONDS));
            assertTrue(err.toString(StandardCharsets.UTF_8).contains("second signal (SIGINT)"), err.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void theWatchdogHaltsWithTheFirstSignalsCodeWhenTheCleanPathHangs() throws Exception {
        try (Session session = new Session(new PrintWriter(new StringWriter()))) {
            BatchInterrupts signals = interrupts(session, new Thread(() -> { }), Duration.ofSeconds(1));
            signals.received(BatchInterrupts.Signal.HUP);
            assertEquals(129, halts.poll(10, TimeUnit.SECONDS));
            assertTrue(err.toString(StandardCharsets.UTF_8).contains("still running 1 s after SIGHUP"), err.toString(StandardCharsets.UTF_8));
        }
    }
}
