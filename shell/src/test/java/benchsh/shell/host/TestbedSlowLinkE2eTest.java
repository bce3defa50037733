package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Tests through a slow link, a DSL line's speed: what h1 sends goes through a 2 Mbit/s token bucket with a 200 ms
 * queue. A sender's last bytes then take seconds to arrive after its last write, and the sender waits for them by
 * the drain rule (what the bytes in flight need at the rate measured), not a fixed 5 s: a 5 s tcp test, one with a
 * 1 MiB window (some 8 s of data still in the send buffer at the end) and a pipe whose idle timeout is shorter than
 * its drain all pass at close to 2 Mbit/s. Skips without the testbed ({@link Testbed}).
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@Timeout(120)
class TestbedSlowLinkE2eTest {
    private static final double RATE_BPS = 2e6;
    private static AutoCloseable shaped;

    @BeforeAll
    static void slowH1Down() throws Exception {
        shaped = Testbed.shape("h1", "2mbit", "200ms");
    }

    @AfterAll
    static void restore() throws Exception {
        if (shaped != null) {
            shaped.close();
        }
    }

    /** Runs {@code line} from h1 to h2 and returns its one result. */
    private static Result run(String line) throws Exception {
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            new ScriptRunner(session).evaluate("a = host 'h1'; b = host 'h2'; " + line, "e2e-slow");
            List<Result> results = session.results();
            assertEquals(1, results.size(), text.toString());
            Result r = results.get(0);
            assertTrue(r.ok(), r.error() + "\n" + text);
            return r;
        } finally {
            assertTrue(Testbed.peersLeft(Duration.ofSeconds(10)).isEmpty(), "no peer left");
        }
    }

    private static void closeToTheLinkRate(Result r) {
        double bps = r.metric("throughput_bps");
        assertTrue(bps > 0.7 * RATE_BPS && bps < 1.1 * RATE_BPS, "throughput " + bps + " bit/s through a 2 Mbit/s link: " + r.metrics());
    }

    @Test
    void aFiveSecondTcpTestPassesAtTheLinkRate() throws Exception {
        closeToTheLinkRate(run("tcp from: a, to: b, time: 5.s"));
    }

    @Test
    void aMebibyteWindowStillInFlightAfterTheLastWriteIsWaitedFor() throws Exception {
        Result r = run("tcp from: a, to: b, time: 5.s, window: 1.MiB");
        closeToTheLinkRate(r);
        assertTrue(r.metric("seconds") > 5 + 5, "the receiver took the last bytes well after the 5 s a fixed drain allowed: " + r.metrics());
    }

    @Test
    void aPipeWhoseDrainOutlastsItsIdleTimeoutIsNoStall() throws Exception {
        Result r = run("pipe from: a, to: b, bs: 64.KiB, count: 40, timeout: 2.s");
        assertEquals(40 * 65536.0, r.metric("bytes"), r.metrics().toString());
        closeToTheLinkRate(r);
    }
}
