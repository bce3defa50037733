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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Latency under load through a 100 Mbit/s bottleneck in the switch (tc tbf on the ports toward h1 and h2, {@link
 * Testbed#shapeToward}), h1 measuring against h2 ({@code bufferbloat from: h1, to: h2}: up is h1 → h2). With a 200 ms
 * queue the loaded phases' round trip rises by tens of milliseconds over idle; with a 5 ms one by a few, and the probes
 * lost show the drops instead. With the deep queue upstream only, the upload phase raises the up one-way delay by tens of
 * milliseconds while the down delay stays within a few; downstream only, the download phase does the reverse. Both peers
 * read this machine's one clock: the offset the probes estimate is zero within its uncertainty. The streams run Reno
 * ({@code cc: 'reno'}): loss-based, as draft-ietf-ippm-responsiveness asks of the test's ends, and the one such this
 * kernel lets a user choose (its default, BBR, keeps a deep queue far from full). The margins are wide. Skips without
 * the testbed.
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@Timeout(600)
class TestbedBufferbloatE2eTest {
    private static final String DEEP = "200ms";
    private static final String SHORT = "5ms";
    private static final double MS = 1000;

    /** Runs bufferbloat from h1 to h2 with the ports toward h2 (up) and h1 (down) shaped to 100 Mbit/s with these queues. */
    private static Result run(String upQueue, String downQueue) throws Exception {
        StringWriter text = new StringWriter();
        try (AutoCloseable up = Testbed.shapeToward(2, "100mbit", upQueue); AutoCloseable down = Testbed.shapeToward(1, "100mbit", downQueue);
                Session session = Testbed.session(new PrintWriter(text))) {
            new ScriptRunner(session).evaluate("a = host 'h1'; b = host 'h2'; bufferbloat from: a, to: b, cc: 'reno'", "e2e-bufferbloat");
            List<Result> results = session.results();
            assertEquals(1, results.size(), text.toString());
            Result r = results.get(0);
            assertTrue(r.ok(), r.error() + "\n" + text);
            oneClock(r);
            System.out.println("bufferbloat, up queue " + upQueue + ", down queue " + downQueue + ":\n" + text);
            return r;
        } finally {
            assertTrue(Testbed.peersLeft(Duration.ofSeconds(10)).isEmpty(), "no peer left");
        }
    }

    /** Both peers read one clock: the estimate is zero within its uncertainty, at the start and at the end. */
    private static void oneClock(Result r) {
        double uncertainty = r.metric("clock_offset_uncertainty_us");
        assertTrue(uncertainty > 0 && uncertainty < 50 * MS, "half the fastest probe's round trip: " + uncertainty + " us");
        assertTrue(Math.abs(r.metric("clock_offset_us")) <= uncertainty, "offset " + r.metric("clock_offset_us") + " us, ± " + uncertainty);
        assertTrue(Math.abs(r.metric("clock_offset_end_us")) <= uncertainty, "at the end " + r.metric("clock_offset_end_us") + " us, ± " + uncertainty);
    }

    /** How much phase {@code phase} raised {@code figure} (e.g. up_delay_p50_us) over the idle phase, in µs. */
    private static double rise(Result r, String phase, String figure) {
        return r.metric(phase + "_" + figure) - r.metric("idle_" + figure);
    }

    @Test
    void aDeepQueueAddsTensOfMillisecondsAShortOneAFewAndDropsInstead() throws Exception {
        Result deep = run(DEEP, DEEP);
        Result shallow = run(SHORT, SHORT);
        assertTrue(deep.metric("added_latency_p50_us") >= 10 * MS, "a 200 ms queue adds tens of ms under load: " + deep.metrics());
        for (String phase : List.of("download", "upload")) {
            double added = shallow.metric(phase + "_added_latency_p50_us");
            assertTrue(added < 20 * MS, "a 5 ms queue adds a few ms in " + phase + " (a busy machine's scheduling some more): " + added + " us; "
                    + shallow.metrics());
        }
        assertTrue(shallow.metric("added_latency_p50_us") < deep.metric("added_latency_p50_us"), "less than the deep queue adds");
        // its drops show: as the load's retransmits where the peers read TCP_INFO, and as lost probes when a probe
        // met a full queue (one every 10 ms beside thousands of segments: likely, not certain)
        double retransmits = shallow.metric("both_retransmits_down") + shallow.metric("both_retransmits_up");
        assertTrue(retransmits > 0 || Double.isNaN(retransmits) && shallow.metric("probes_lost") > 0, "its drops show: " + shallow.metrics());
        for (Result r : List.of(deep, shallow)) {
            assertTrue(r.metric("download_throughput_down_bps") > 60e6 && r.metric("upload_throughput_up_bps") > 60e6, "the link was loaded: " + r.metrics());
        }
    }

    @Test
    void aDeepQueueOnOneSideRaisesThatDirectionsDelayOnly() throws Exception {
        Result upstream = run(DEEP, SHORT);
        assertTrue(rise(upstream, "upload", "up_delay_p50_us") >= 10 * MS, "the upload fills the deep queue upstream: " + upstream.metrics());
        assertTrue(rise(upstream, "upload", "down_delay_p50_us") < 5 * MS, "while the way down stays within a few ms: " + upstream.metrics());
        Result downstream = run(SHORT, DEEP);
        assertTrue(rise(downstream, "download", "down_delay_p50_us") >= 10 * MS, "the download fills the deep queue downstream: " + downstream.metrics());
        assertTrue(rise(downstream, "download", "up_delay_p50_us") < 5 * MS, "while the way up stays within a few ms: " + downstream.metrics());
    }
}
