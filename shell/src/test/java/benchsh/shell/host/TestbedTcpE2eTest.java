package benchsh.shell.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.Session;
import benchsh.shell.result.Result;
import benchsh.shell.script.ScriptRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * tcp between testbed hosts: over IPv6 (hosts reached as {@code user@[fd00:…]} and by an IPv6 address in ssh_config,
 * {@code family: 6}), what TCP did (retransmits through a token bucket with a tiny queue, which drops the tail of every
 * burst, and none through the same rate with a deep one: a link that loses nothing), and the bad input around them: an
 * unknown congestion control, {@code family: 6} toward a host reached by IPv4 only. The peers run on benchsh's runtime
 * (Java 22+), so TCP_INFO and TCP_CONGESTION are there. Skips without the testbed ({@link Testbed}).
 */
@Tag("e2e")
@ExtendWith(Testbed.class)
@Timeout(300)
class TestbedTcpE2eTest {
    /** The results of {@code script}, and what the session printed. */
    private record Run(List<Result> results, String text) {
        Result ok(int i) {
            Result r = results.get(i);
            assertTrue(r.ok(), r.error() + "\n" + text);
            return r;
        }
    }

    private static Run run(String script) throws Exception {
        StringWriter text = new StringWriter();
        try (Session session = Testbed.session(new PrintWriter(text))) {
            try {
                new ScriptRunner(session).evaluate(script, "e2e-tcp");
            } catch (RuntimeException e) {
                text.append("\nscript ended: ").append(String.valueOf(e.getMessage()));
            }
            return new Run(session.results(), text.toString());
        } finally {
            assertTrue(Testbed.peersLeft(Duration.ofSeconds(10)).isEmpty(), "no peer left");
        }
    }

    /** The bytes h2's IPv6 stack took in so far (Ip6InOctets of its namespace). */
    private static long ipv6BytesIn(String host) throws Exception {
        String snmp6 = Testbed.exec(host, "cat", "/proc/net/snmp6").output();
        return snmp6.lines().filter(l -> l.startsWith("Ip6InOctets")).mapToLong(l -> Long.parseLong(l.split("\\s+")[1])).findFirst()
                .orElseThrow(() -> new AssertionError("no Ip6InOctets in " + snmp6));
    }

    @Test
    void tcpRunsOverIpv6BetweenHostsReachedByTheirIpv6Addresses() throws Exception {
        String h1 = Testbed.host("h1").address6();
        long before = ipv6BytesIn("h2");
        Run r = run("a = host '" + Testbed.USER + "@[" + h1 + "]'; b = host 'h2v6'\n"
                + "tcp from: a, to: b, time: 2.s, family: 6, cc: 'reno', interval: 0.5");
        Result tcp = r.ok(0);
        assertEquals("reno", tcp.metrics().get("congestion_control"), tcp.metrics().toString());
        assertTrue(tcp.metric("bytes") > 0 && tcp.metric("mss_bytes") > 0, tcp.metrics().toString());
        assertTrue(ipv6BytesIn("h2") - before >= tcp.metric("bytes"), "the data went over IPv6");
        assertTrue(r.text().contains(Testbed.USER + "@[" + h1 + "]"), "the host is named as written: " + r.text());
        assertFalse(tcp.intervals().isEmpty());
        tcp.intervals().forEach(i -> assertTrue(i.get("srtt_us") instanceof Number, "an interval with what TCP did: " + i));
    }

    @Test
    void familySixTowardAHostReachedByIpv4IsAClearErrorAndWhatRanBeforeIsKept() throws Exception {
        Run r = run("a = host 'h1'; b = host 'h2'\n"
                + "tcp from: a, to: b, time: 1.s, family: 4\n"
                + "tcp from: a, to: b, time: 1.s, family: 6");
        assertEquals(2, r.results().size(), r.text());
        assertTrue(r.ok(0).metric("bytes") > 0, "measured before the failure, kept");
        Result v6 = r.results().get(1);
        assertFalse(v6.ok());
        assertTrue(v6.error().contains("h2 is reached at " + Testbed.host("h2").address() + ", which has no IPv6 address")
                && v6.error().contains("user@[") && v6.error().contains("bind:"), v6.error());
    }

    @Test
    void anUnknownCongestionControlIsRefusedNamingWhatTheHostsKernelOffers() throws Exception {
        Run r = run("a = host 'h1'; b = host 'h2'\ntcp from: a, to: b, time: 1.s, cc: 'nosuchcc'");
        Result failed = r.results().get(0);
        assertFalse(failed.ok());
        assertTrue(failed.error().contains("h2") && failed.error().contains("no congestion control 'nosuchcc'") && failed.error().contains("offers"),
                failed.error());
    }

    /**
     * 20 Mbit/s toward h2 with a 1 ms queue (about 18 KB with the 16 KB burst), on the switch's port, where the sender's
     * TCP small queues do not hold the queue back as they do on its own eth0: Reno's window outgrows it all through the
     * test, the bucket drops, the sender retransmits. The same rate with a 400 ms queue (1 MB) and a 128 KiB window loses
     * nothing. Reno: loss-based whatever the host's default (here bbr), and allowed to every user.
     */
    @Test
    void aTinyQueueMakesTcpRetransmitAndADeepOneDoesNot() throws Exception {
        try (AutoCloseable tiny = Testbed.shapeToward(2, "20mbit", "1ms")) {
            Result lossy = run("a = host 'h1'; b = host 'h2'; tcp from: a, to: b, time: 3.s, interval: 0.5, cc: 'reno'").ok(0);
            assertTrue(lossy.metric("retransmits") > 0, "tail drops: " + lossy.metrics());
            long inIntervals = lossy.intervals().stream().map(i -> i.get("retransmits")).filter(v -> v instanceof Number)
                    .mapToLong(v -> ((Number) v).longValue()).sum();
            assertTrue(inIntervals > 0, "the intervals show them too: " + lossy.intervals());
        }
        try (AutoCloseable deep = Testbed.shapeToward(2, "20mbit", "400ms")) {
            Result clean = run("a = host 'h1'; b = host 'h2'; tcp from: a, to: b, time: 3.s, window: 128.KiB, cc: 'reno'").ok(0);
            assertEquals(0.0, clean.metric("retransmits"), "a link that drops nothing: " + clean.metrics());
            Map<String, Object> m = clean.metrics();
            assertTrue(((Number) m.get("srtt_max_us")).doubleValue() > 10_000, "the queue shows in the round trip: " + m);
        }
    }
}
