package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A device in the middle that has no Java: on the bridge testbed (h1 — dut's br0 — h2) the dut's sessions
 * have only busybox ({@code --busybox dut}), so its peer cannot start and it is observed over plain SSH,
 * during a tcp run and during a limit udp search, with the same figures as the peer's observe; nothing of the
 * loop stays on the dut. Skips without the testbed ({@link Testbed}).
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@TestbedTopology(value = "bridge", hosts = 3, shape = "200mbit", busybox = "dut")
@Timeout(300)
class TestbedBusyboxObserveE2eTest {

    /** The observed dut's figures that both ways give, and the way. */
    private static void observedOverSsh(Result r) {
        Map<String, Object> m = r.metrics();
        assertEquals("ssh", m.get("dut_observed_via"), m.toString());
        for (String cpu : List.of("cpu_dut_pct", "cpu_dut_user_pct", "cpu_dut_sys_pct", "cpu_dut_softirq_pct", "cpu_dut_idle_pct")) {
            double v = r.metric(cpu);
            assertTrue(v >= 0 && v <= 100, cpu + " " + v + " in " + m);
        }
        assertTrue(((Number) m.get("dut_cpu_count")).longValue() >= 1, m.toString());
        assertTrue(m.containsKey("dut_drops") && m.containsKey("dut_softnet_drops") && m.containsKey("dut_p1_rx_drops"), m.toString());
        assertTrue(String.valueOf(m.get("dut_observe_note")).contains("no qdisc drops"), "busybox's tc prints no statistics: " + m);
        assertFalse(m.containsKey("observe_missing"), m.toString());
    }

    /** No process of the /proc loop (a program under the dut's busybox root) is left on the dut. */
    private static void nothingLeftOnTheDut() throws Exception {
        Path root = Testbed.busyboxRoot("dut");
        long end = System.nanoTime() + 10_000_000_000L;
        List<String> left;
        do {
            left = Testbed.processesUnder("dut", root);
            if (left.isEmpty()) {
                return;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < end);
        throw new AssertionError("still running on the dut 10 s after the test: " + left);
    }

    @Test
    void tcpThroughABusyboxDutCarriesItsCpuSoftirqAndPortCounters() throws Exception {
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            Result r = (Result) new ScriptRunner(session).evaluate("""
                    a = host 'h1'; b = host 'h2'; dut = host 'dut'
                    tcp from: a, to: b, time: 3.s, observe: [dut]
                    """, "e2e-busybox-tcp");
            assertTrue(r.ok(), r + "\n" + text);
            SshHost dut = (SshHost) session.host("dut");
            assertTrue(dut.peerUnavailable().contains("check java") && dut.peerUnavailable().contains("no C library"), dut.peerUnavailable());
            observedOverSsh(r);
            // every byte h2 received came in on h1's port and left on h2's
            double bytes = r.metric("bytes");
            double in = Math.max(r.metric("dut_p1_rx_bytes"), r.metric("dut_p2_rx_bytes"));
            double out = Math.max(r.metric("dut_p1_tx_bytes"), r.metric("dut_p2_tx_bytes"));
            assertTrue(in >= bytes && out >= bytes, "ports in " + in + ", out " + out + ", bytes " + bytes + ": " + r.metrics());
            assertTrue(r.metric("cpu_dut_softirq_pct") > 0, "a bridge forwards in soft interrupts: " + r.metrics());
            assertTrue(text.toString().contains("cpu dut"), text.toString());
            assertTrue(r.intervals().stream().anyMatch(i -> i.containsKey("cpu_dut_softirq_pct") && i.containsKey("dut_p2_tx_bytes")),
                    r.intervals().toString());
            nothingLeftOnTheDut();
        }
    }

    @Test
    void everyTrialOfALimitUdpSearchCarriesTheBusyboxDutsFigures() throws Exception {
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            new ScriptRunner(session).evaluate("""
                    a = host 'h1'; b = host 'h2'; dut = host 'dut'
                    limit udp, from: a, to: b, size: 1400, loss: 1.percent, trial: 3.s, resolution: 25.percent, max: 150.Mbit, observe: [dut, a]
                    """, "e2e-busybox-limit");
            List<Result> trials = session.results().stream().filter(r -> r.metrics().containsKey("messages_received")).toList();
            assertFalse(trials.isEmpty(), text.toString());
            for (Result t : trials) {
                assertTrue(t.metric("messages_received") > 0, t + "\n" + text);
                observedOverSsh(t);
                assertTrue(t.metric("dut_p1_rx_packets") >= t.metric("messages_received")
                        || t.metric("dut_p2_rx_packets") >= t.metric("messages_received"), t.metrics().toString());
                // h1 has a peer (and iproute2's tc): the peer's way, with its root qdisc's drops
                assertEquals("peer", t.metrics().get("h1_observed_via"), t.metrics().toString());
                assertTrue(t.metrics().containsKey("h1_eth0_qdisc_drops") && t.metrics().containsKey("h1_qdisc_drops"), t.metrics().toString());
            }
            assertTrue(text.toString().contains("cpu dut"), text.toString());
            nothingLeftOnTheDut();
        }
    }

    @Test
    void aSessionLostMidTestKeepsWhatWasReadSaysSoAndTheNextTestLogsInAgain() throws Exception {
        Path root = Testbed.busyboxRoot("dut");
        Thread cut = new Thread(() -> {
            try {
                long end = System.nanoTime() + 60_000_000_000L;
                while (Testbed.processesUnder("dut", root).isEmpty() && System.nanoTime() < end) {
                    Thread.sleep(50);
                }
                Thread.sleep(1500); // a few readings in
                for (String sshd : Testbed.processesNamed("dut", "sshd: " + Testbed.USER)) {
                    Testbed.exec("dut", "kill", sshd.split(" ")[0]);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "cut-dut-session");
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            cut.start();
            Result r = (Result) new ScriptRunner(session).evaluate("""
                    a = host 'h1'; b = host 'h2'; dut = host 'dut'
                    tcp from: a, to: b, time: 6.s, interval: 0.5.s, observe: [dut]
                    """, "e2e-busybox-lost");
            cut.join(70_000);
            assertTrue(r.ok(), "the test does not fail for its observer: " + r + "\n" + text);
            String missing = String.valueOf(r.metrics().get("observe_missing"));
            assertTrue(missing.startsWith("dut: observe over ssh: the SSH channel closed"), missing + "\n" + text);
            assertTrue(missing.contains("kept"), missing);
            assertTrue(r.metrics().get("cpu_dut_pct") instanceof Number, "what was read is kept: " + r.metrics());
            assertTrue(text.toString().contains("not observed: dut: observe over ssh"), text.toString());
            nothingLeftOnTheDut();
            Result next = (Result) new ScriptRunner(session).evaluate("tcp from: host('h1'), to: host('h2'), time: 2.s, observe: [host('dut')]", "e2e-busybox-again");
            observedOverSsh(next);
        }
    }
}
