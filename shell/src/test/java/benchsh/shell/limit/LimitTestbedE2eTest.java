package benchsh.shell.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import benchsh.shell.Session;
import benchsh.shell.host.Testbed;
import benchsh.shell.host.TestbedTopology;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code limit udp} against a token bucket (tc's tbf) on the bridge testbed (h1 — dut's br0 — h2; every veth fast): in the
 * middle, on the dut's port toward h2, it finds the shaper's rate of full-size frames to within 1 % (NDR and PDR, 0.5 %,
 * from one search) and of 64-byte frames to within 2 % (a loss of 0.5 % allowed: a busy receiver drops a few), counted
 * as tbf counts them (each packet from its Ethernet header on, as {@code tc -s} shows); on the sender's own interface,
 * the verdict is line rate. A machine too busy to carry the shaper's rate (the first trial's receiver got less, or its
 * sender sent less) cannot show the shaper: the test is
 * skipped, saying so. Each search starts at {@code max:}, a fifth more than the shaper passes, not unpaced: an unpaced
 * sender would flood the machine's two CPUs, which every host of the testbed shares.
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@TestbedTopology(value = "bridge", hosts = 3)
@Timeout(900)
class LimitTestbedE2eTest {
    /** The dut's bridge port toward h2: what the dut sends there is shaped, what h1 sends is not. */
    private static final String TOWARD_H2 = "p2";
    private static final Pattern SENT = Pattern.compile("Sent (\\d+) bytes (\\d+) pkt");

    /** The search's result and what the shell printed. */
    record Searched(LimitRun run, String text) {
        Result row(int i) {
            return run.summaries().get(i);
        }

        /** The rate the receiver got in the first trial (at max:, above the shaper): what the path carries when overloaded. */
        double forwardedAtFullSpeed() {
            return run.trials().get(0).metric("throughput_bps");
        }

        /** Whether a trial whose sender sent less than {@code rate} bits/s of payload lost more than {@code pct} %. */
        boolean lostBelow(double rate, double pct) {
            return run.trials().stream().anyMatch(t -> t.metric("sender_throughput_bps") < rate && t.metric("loss_pct") > pct);
        }
    }

    static Searched limit(String call) throws Exception {
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            Object r = new ScriptRunner(session).evaluate("a = host 'h1'; b = host 'h2'\n" + call, "e2e-limit");
            assertTrue(r instanceof LimitRun, r + "\n" + text);
            return new Searched((LimitRun) r, text.toString());
        }
    }

    /** Skips when the first trial could not carry about {@code rate} bits/s of payload: a machine too busy to show the shaper. */
    static void assumeCarried(Searched s, double rate) {
        assumeTrue(s.forwardedAtFullSpeed() > 0.98 * rate, String.format("the receiver got only %.1f Mbit/s when offered more than the %.1f the"
                + " shaper passes: this machine is too busy to show it%n%s", s.forwardedAtFullSpeed() / 1e6, rate / 1e6, s.text()));
    }

    /**
     * Below this share of the shaper's rate a paced sender's queue drains faster than it fills (by 1.5 % of the rate, a
     * 20-ms queue empties in 1.3 s), so only a stall on a busy machine, and its catch-up burst, loses datagrams there.
     */
    private static final double STEADY_SHARE = 0.985;

    /**
     * Skips when a trial below the shaper's rate lost more than {@code pct} %: the receiver fell behind, or a sender
     * held off its CPU sent its backlog in one burst that overflowed the queue; either way not the shaper's limit.
     */
    static void assumeSteady(Searched s, double rate, double pct) {
        assumeTrue(!s.lostBelow(STEADY_SHARE * rate, pct), String.format("a trial below %.1f Mbit/s lost more than %.1f %%: this machine is too"
                + " busy to show the shaper%n%s", STEADY_SHARE * rate / 1e6, pct, s.text()));
    }

    /** What the root qdisc of a device counted so far, from {@code tc -s qdisc show}: bytes and packets. */
    static long[] counted(String host, String device) throws Exception {
        Testbed.Outcome o = Testbed.exec(host, "tc", "-s", "qdisc", "show", "dev", device);
        Matcher m = SENT.matcher(o.output());
        assertTrue(m.find(), o.output());
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
    }

    /**
     * The bytes the shaper on the dut's port toward h2 counts per datagram of {@code size} bytes: what its counters grew
     * by over a short udp test of such datagrams, after one that brought the peers up (a first session puts benchsh's
     * runtime on h2, through that port); the SSH traffic beside the datagrams is a few dozen packets of many thousands.
     */
    static double countedPerDatagram(int size) throws Exception {
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            ScriptRunner script = new ScriptRunner(session);
            String udp = "udp from: host('h1'), to: host('h2'), size: " + size + ", rate: 1.Mbit, omit: 0.s, time: ";
            script.evaluate(udp + "0.5.s", "e2e-tbf-count");
            long[] before = counted("dut", TOWARD_H2);
            Result r = (Result) script.evaluate(udp + "2.s", "e2e-tbf-count");
            long[] after = counted("dut", TOWARD_H2);
            assertTrue(r.ok() && r.metric("messages_received") > 1000, r + "\n" + text);
            return (double) (after[0] - before[0]) / (after[1] - before[1]);
        }
    }

    @Test
    void aShaperInTheMiddleIsFoundToWithinOnePercentWithNdrAndPdrFromOneSearch() throws Exception {
        double expected = 100e6 * 1472 / 1514; // tbf counts 1514 bytes of each 1472-byte payload
        // a 20 ms queue (250 KB) takes a sender's catch-up burst after a short stall on a busy machine; 0.9 % over the rate
        // for a 5-s trial (45 ms) still overflows it by more than 0.5 % of what was sent, so PDR cannot pass 1 % over
        try (AutoCloseable shaper = Testbed.shape("dut", TOWARD_H2, "100mbit", "20ms")) {
            // a 2-MiB receive buffer (170 ms at the rate) holds what arrives while a busy machine keeps the receiver off its CPU
            Searched s = limit("limit udp, from: a, to: b, size: 1472, loss: [0, 0.5.percent], trial: 5.s, max: 120.Mbit, batch: 16, window: 2.MiB");
            assumeCarried(s, expected);
            assumeSteady(s, expected, 0.5);
            assertEquals(2, s.run().summaries().size(), s.text());
            Result ndr = s.row(0);
            Result pdr = s.row(1);
            assertEquals(List.of(0.0, 0.5), List.of(ndr.metric("target_loss_pct"), pdr.metric("target_loss_pct")));
            assertEquals(ndr.metric("trials"), pdr.metric("trials"), "one search");
            assertEquals((long) ndr.metric("trials"), s.run().trials().size(), "every trial recorded: " + s.text());
            for (int i = 0; i < s.run().trials().size(); i++) {
                assertEquals(i + 1, ((Number) s.run().trials().get(i).tags().get("trial")).intValue(), "tagged");
            }
            assertTrue(pdr.ok(), pdr.error() + "\n" + s.text());
            assertEquals(expected, pdr.metric("limit_bps"), 0.01 * expected, "PDR within 1 % of 97.2 Mbit/s\n" + s.text());
            assertTrue(pdr.metric("first_fail_bps") > pdr.metric("limit_bps"), "the bracket: " + pdr.metrics());
            assertTrue(ndr.metric("limit_bps") <= pdr.metric("limit_bps"), "no loss is no more than a little loss");
            // NDR counts every datagram a busy 2-core receiver drops below the shaper's rate: near it, not within 1 %
            assertTrue(!ndr.ok() || ndr.metric("limit_bps") > 0.9 * expected, "NDR near it\n" + s.text());
        }
    }

    @Test
    void smallFramesAreCountedAsTheShaperCountsThem() throws Exception {
        try (AutoCloseable shaper = Testbed.shape("dut", TOWARD_H2, "10mbit", "5ms")) {
            double perPacket = countedPerDatagram(18);
            assertEquals(60, perPacket, 1, "tbf counts each datagram's frame from its Ethernet header on, no FCS: 14 + 20 + 8 + 18");
            Searched s = limit("limit udp, from: a, to: b, size: 18, loss: 0.5.percent, trial: 5.s, max: 4.5.Mbit, batch: 16");
            double expectedFrames = 10e6 / 8 / perPacket;
            assumeCarried(s, expectedFrames * 18 * 8);
            Result r = s.row(0);
            assertTrue(r.ok(), r.error() + "\n" + s.text());
            assertEquals(64, (long) r.metric("frame_bytes"));
            assertEquals(expectedFrames, r.metric("limit_frames_per_s"), 0.02 * expectedFrames, "within 2 % of the shaper's arithmetic\n" + s.text());
        }
    }

    @Test
    void aSenderHeldBackByItsOwnShaperIsAtLineRate() throws Exception {
        // a deep queue: the sender's socket buffer fills before the qdisc drops, so the sender waits and loses nothing
        double line = 100e6 * 1472 / 1514;
        try (AutoCloseable shaper = Testbed.shape("h1", "100mbit", "200ms")) {
            Searched s = limit("limit udp, from: a, to: b, size: 1472, loss: 1.percent, trial: 5.s, max: 120.Mbit, batch: 16");
            double sent = s.run().trials().get(0).metric("sender_throughput_bps");
            assumeTrue(sent >= RateSearch.LINE_SHARE * line, String.format("the sender reached only %.1f Mbit/s asked for 120 through its own"
                    + " 100 Mbit/s shaper: this machine is too busy to show it%n%s", sent / 1e6, s.text()));
            Result r = s.row(0);
            assertEquals(100e6, r.metric("line_rate_bps"), "the sender's line: its tbf\n" + s.text());
            assertTrue(r.ok(), r.error() + "\n" + s.text());
            assertEquals("line rate", r.metrics().get("limit_verdict"), s.text());
            assertEquals(line, r.metric("limit_bps"), 0.03 * line, s.text());
        }
    }
}
