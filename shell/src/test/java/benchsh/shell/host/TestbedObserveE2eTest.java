package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Watching the device in the middle: on the bridge testbed (h1 — dut's br0 — h2), a udp test from h1 to
 * h2 with {@code observe: [dut]} carries the dut's CPU and its bridge ports' counters, and those ports
 * carried at least every datagram h2 received. Skips without the testbed ({@link Testbed}).
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@TestbedTopology(value = "bridge", hosts = 3, shape = "200mbit")
@Timeout(120)
class TestbedObserveE2eTest {

    @Test
    void udpThroughTheDutCarriesTheDutsCpuAndPortCounters() throws Exception {
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            Result r = (Result) new ScriptRunner(session).evaluate("""
                    a = host 'h1'; b = host 'h2'; dut = host 'dut'
                    udp from: a, to: b, time: 2.s, rate: 20.Mbit, size: 1000, observe: [dut]
                    """, "e2e-observe");
            assertTrue(r.ok(), r + "\n" + text);
            double received = r.metric("messages_received");
            assertTrue(received > 0, r.metrics().toString());
            double cpu = r.metric("cpu_dut_pct");
            assertTrue(cpu >= 0 && cpu <= 100, "cpu_dut_pct " + cpu + " in " + r.metrics());
            // every datagram h2 counted came in on one bridge port and left on another
            double in = Math.max(r.metric("dut_p1_rx_packets"), r.metric("dut_p2_rx_packets"));
            double out = Math.max(r.metric("dut_p1_tx_packets"), r.metric("dut_p2_tx_packets"));
            assertTrue(in >= received && out >= received, "ports in " + in + ", out " + out + ", received " + received + ": " + r.metrics());
            assertTrue(r.metrics().containsKey("dut_drops"), r.metrics().toString());
            assertTrue(text.toString().contains("cpu dut"), text.toString());
            assertTrue(r.intervals().stream().anyMatch(i -> i.containsKey("cpu_dut_pct")), r.intervals().toString());
        }
    }
}
