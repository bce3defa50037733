package benchsh.shell.verb;

import static benchsh.shell.verb.NetVerbsTest.benchsh;
import static benchsh.shell.verb.NetVerbsTest.num;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * tcp's TCP figures (retransmits, srtt, cwnd, ... per interval and per test) and its TCP and IP options (cc:, mss:,
 * tos:/dscp:, family:) end to end: batch mode, a real local peer, JSON lines out. The local peer runs on the JDK 22+ the
 * build found, so the native calls are there; on a machine with only Java 17 the figures are absent and the note says
 * why, which the first test checks instead.
 */
@Timeout(120)
class TcpVerbTest {
    @Test
    void aTcpResultSaysWhatTcpDidPerIntervalAndOverTheTestWithTheOptionsItSet() throws Exception {
        NetVerbsTest.Run r = benchsh("tcp time: 2.s, omit: 0.s, interval: 0.5, cc: 'reno', mss: 1200, dscp: 'ef', family: 6");
        Map<String, Object> m = r.metrics(0);
        if (m.get("tcp_info_note") != null || r.code() != 0) {
            String all = r.human() + r.results();
            assertTrue(all.contains("needs Java 22 or newer") || all.contains("this is Java 17"), "only Java 17 excuses it: " + all);
            return;
        }
        assertEquals("ok", r.result(0).get("status"), r.human());
        assertEquals("reno", m.get("congestion_control"), m.toString());
        assertTrue(num(m, "mss_bytes") <= 1200 && num(m, "mss_bytes") >= 1100, "the handshake's MSS, less the options: " + m);
        assertEquals("0xb8 (DSCP 46)", m.get("ip_tos"));
        assertTrue(num(m, "retransmits") >= 0 && num(m, "srtt_min_us") <= num(m, "srtt_max_us") && num(m, "cwnd_max_bytes") > 0, m.toString());
        List<?> intervals = (List<?>) r.result(0).get("intervals");
        assertTrue(intervals.size() >= 2, r.result(0).toString());
        for (Object i : intervals.subList(0, intervals.size() - 1)) {
            Map<?, ?> sample = (Map<?, ?>) i;
            for (String k : List.of("bytes", "throughput_bps", "retransmits", "cwnd_bytes", "srtt_us", "rttvar_us", "in_flight_bytes")) {
                assertTrue(sample.get(k) instanceof Number, k + " in " + sample);
            }
        }
        String header = r.human().lines().filter(l -> l.startsWith("from")).findFirst().orElseThrow(() -> new AssertionError(r.human()));
        for (String column : List.of("congestion control", "mss", "ip tos", "retransmits")) {
            assertTrue(header.contains(column), column + " in " + header);
        }
        assertTrue(((Map<?, ?>) r.result(0).get("params")).get("family").equals(6L), r.result(0).toString());
    }

    @Test
    void bothDirectionsOfABidirTestAddUpTheirTcpFigures() throws Exception {
        NetVerbsTest.Run r = benchsh("tcp time: 1.s, omit: 0.s, bidir: true");
        assertEquals(0, r.code(), r.human());
        Map<String, Object> m = r.metrics(0);
        if (m.get("tcp_info_note") == null) {
            assertTrue(num(m, "retransmits") >= 0 && num(m, "srtt_max_us") > 0, m.toString());
        }
        assertFalse(r.human().isBlank());
    }

    @Test
    void badOptionsAreRefusedWithWhatToDo() throws Exception {
        Map<String, String> cases = Map.of(
                "tcp time: 1.s, cc: 'nosuchcc'", "no congestion control 'nosuchcc'",
                "tcp cc: 'bbr; reboot'", "is not the name of a congestion control",
                "tcp tos: 4, dscp: 'ef'", "give tos: or dscp:, not both",
                "tcp dscp: 'gold'", "dscp is a code point from 0 to 63 or one of",
                "tcp dscp: 64", "dscp is a code point from 0 to 63",
                "tcp mss: 50", "mss must be between 88 B and 32,767 B, not 50 B",
                "tcp tos: 256", "tos must be between 0 and 255, not 256",
                "tcp family: 5", "family is 4 (IPv4) or 6 (IPv6), not 5",
                "tcp time: 1.s, family: 6, bind: '127.0.0.1'", "bind: 127.0.0.1 is not an IPv6 address");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            NetVerbsTest.Run r = benchsh(c.getKey());
            assertTrue(r.code() != 0, c.getKey() + " -> " + r.human());
            String all = r.human() + r.results();
            if (c.getValue().startsWith("no congestion control") && all.contains("this is Java 17")) {
                continue; // a peer on Java 17 refuses cc: for that reason first
            }
            assertTrue(all.contains(c.getValue()), c.getKey() + " -> " + all);
        }
    }

    @Test
    void tosZeroIsBestEffortSetAndReadBack() throws Exception {
        NetVerbsTest.Run r = benchsh("tcp time: 1.s, omit: 0.s, tos: 0");
        assertEquals(0, r.code(), r.human());
        assertEquals("0x00 (DSCP 0)", r.metrics(0).get("ip_tos"), r.human());
    }

    @Test
    void withoutOptionsNothingIsSetAndNothingReadBack() throws Exception {
        NetVerbsTest.Run r = benchsh("tcp time: 1.s, omit: 0.s");
        assertEquals(0, r.code(), r.human());
        assertNull(r.metrics(0).get("ip_tos"));
        assertFalse(r.human().lines().filter(l -> l.startsWith("from")).findFirst().orElse("").contains("ip tos"), r.human());
    }
}
