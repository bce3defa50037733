package benchsh.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.console.BatchInterrupts;
import benchsh.shell.result.store.ResultStore;
import benchsh.shell.result.store.StoreQuery;
import benchsh.shell.result.store.StoredResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SIGINT, SIGTERM and SIGHUP sent to a batch process mid-test: the run stops, what was measured is
 * kept (JSON line, store) and the exit code is 128 + the signal's number. A second signal exits at
 * once; a clean path that hangs is ended by the watchdog.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BatchInterruptTest {
    private static final Duration START = Duration.ofSeconds(60);
    private static final Duration END = Duration.ofSeconds(30);
    /** A script that swallows the interrupt: Groovy's sleep() sleeps on when interrupted, so the clean path hangs. */
    private static final String DEAF_SCRIPT = "System.err.println 'sleeping'; sleep(120000)";

    /** Whether signal {@code number} is ignored by this process (inherited dispositions: nohup ignores SIGHUP). */
    private static boolean ignoredHere(int number) throws java.io.IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.exists(status)) {
            return false;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << (number - 1))) != 0;
            }
        }
        return false;
    }

    @ParameterizedTest(name = "SIG{0} exits {1}")
    @CsvSource({"INT, 130", "TERM, 143", "HUP, 129"})
    void aSignalKeepsThePartialResultAndStopsTheScript(String signal, int exitCode, @TempDir Path dir) throws Exception {
        Assumptions.assumeFalse(signal.equals("HUP") && ignoredHere(1),
                "SIGHUP is ignored by this JVM (started under nohup?), and so by the benchsh it starts: the JVM installs no handler");
        Path db = dir.resolve("results.db");
        try (BatchProcess p = BatchProcess.start("--db", db.toString(), "--json", "-", "--progress",
                "-e", "tcp to: local, time: 20.s, omit: 0.s\ntcp to: local, time: 20.s, omit: 0.s")) {
            assertTrue(p.awaitErr(line -> line.matches("\\s+tcp\\s+[0-9.]+-[0-9.]+ s.*"), 2, START), "two interval lines: " + p.transcript());
            p.signal(signal);
            assertEquals(exitCode, p.exit(END), p.transcript());
            assertTrue(p.err().contains("benchsh: stopped by SIG" + signal + "; 1 result was written"), p.transcript());
            List<Map<String, Object>> json = Batch.results(String.join("\n", p.out()));
            assertEquals(1, json.size(), "one JSON result, the second test never started: " + p.transcript());
            Map<String, Object> r = json.get(0);
            assertEquals("interrupted", r.get("status"));
            assertEquals("interrupted by SIG" + signal, r.get("error"), "the signal, not the user, stopped it");
            assertTrue(((List<?>) r.get("intervals")).size() >= 2, r.toString());
        }
        try (ResultStore store = ResultStore.open(db)) {
            List<StoredResult> stored = store.results(StoreQuery.ALL);
            assertEquals(1, stored.size());
            assertEquals("interrupted", stored.get(0).result().status().wire());
            double seconds = stored.get(0).result().metric("seconds");
            // two 1 s intervals came before the signal, and the test was interrupted before its time: bounds a slow machine cannot break
            assertTrue(seconds > 1 && seconds < 20, "the measured span, not the asked 20 s: " + seconds);
        }
    }

    /** {@code repeats:} stops at the signal: the running repeat is kept, marked interrupted, and no other starts. */
    @Test
    void aSignalStopsRepeatsAfterTheRunningOne(@TempDir Path dir) throws Exception {
        try (BatchProcess p = BatchProcess.start("--db", dir.resolve("results.db").toString(), "--json", "-", "--progress",
                "-e", "tcp to: local, time: 20.s, omit: 0.s, repeats: 100")) {
            assertTrue(p.awaitErr(line -> line.matches("\\s+tcp\\s+[0-9.]+-[0-9.]+ s.*"), 2, START), "two interval lines: " + p.transcript());
            p.signal("TERM");
            assertEquals(143, p.exit(END), p.transcript());
            assertTrue(p.err().contains("benchsh: stopped by SIGTERM; 1 result was written"), p.transcript());
            assertFalse(p.err().stream().anyMatch(l -> l.contains("still running")), "not the watchdog: " + p.transcript());
            List<Map<String, Object>> json = Batch.results(String.join("\n", p.out()));
            assertEquals(1, json.size(), "the first repeat only: " + p.transcript());
            assertEquals("interrupted", json.get(0).get("status"));
            assertEquals(1, ((Number) json.get(0).get("repeat")).intValue(), json.get(0).toString());
        }
    }

    @Test
    void aSecondSignalExitsAtOnceWithItsOwnCode(@TempDir Path dir) throws Exception {
        try (BatchProcess p = BatchProcess.start("--db", dir.resolve("results.db").toString(), "-e", DEAF_SCRIPT)) {
            assertTrue(p.awaitErr("sleeping"::equals, 1, START), p.transcript());
            p.signal("TERM");
            assertTrue(p.awaitErr(l -> l.startsWith("benchsh: SIGTERM: stopping"), 1, END), p.transcript());
            p.signal("INT");
            assertEquals(130, p.exit(END), p.transcript());
            assertTrue(p.err().contains("benchsh: second signal (SIGINT): exiting now, without waiting for the test to stop"), p.transcript());
            assertFalse(p.err().stream().anyMatch(l -> l.contains("still running")), "not the watchdog: " + p.transcript());
        }
    }

    @Test
    void theWatchdogEndsAShutdownThatHangs(@TempDir Path dir) throws Exception {
        try (BatchProcess p = BatchProcess.start("--db", dir.resolve("results.db").toString(), "-e", DEAF_SCRIPT)) {
            assertTrue(p.awaitErr("sleeping"::equals, 1, START), p.transcript());
            p.signal("TERM");
            assertEquals(143, p.exit(END.plus(BatchInterrupts.WATCHDOG)), p.transcript());
            assertTrue(p.err().contains("benchsh: still running " + BatchInterrupts.WATCHDOG.toSeconds() + " s after SIGTERM; exiting now"),
                    p.transcript());
        }
    }
}
