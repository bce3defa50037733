package benchsh.shell.verb;

import static benchsh.shell.verb.NetVerbsTest.benchsh;
import static benchsh.shell.verb.NetVerbsTest.num;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code bufferbloat} from a script, through a local peer: a result with every phase's figures and a timeline whose
 * samples name their phase, the phase table after the row, and a together block that starts its tests at one instant
 * and reports the skew it measured.
 */
@Timeout(180)
class BufferbloatVerbTest {
    @Test
    void crusadersPhasesRunThroughALocalPeerWithProbesAllAlong() throws Exception {
        NetVerbsTest.Run r = benchsh("bufferbloat time: 1.5, idle: 1, omit: 0.5, probe: 0.02, streams: 1, rate: 50.Mbit, interval: 0.25");
        assertEquals(0, r.code(), r.human());
        assertEquals(1, r.results().size(), r.human());
        Map<String, Object> m = r.metrics(0);
        for (String phase : List.of("idle", "download", "upload", "both", "idle_end")) {
            assertTrue(num(m, phase + "_probes_sent") > 0, phase + " was probed: " + m);
            num(m, phase + "_latency_p50_us");
            num(m, phase + "_responsiveness_rpm");
        }
        assertTrue(num(m, "download_throughput_down_bps") > 10e6 && !m.containsKey("download_throughput_up_bps"), "download loads one way: " + m);
        assertTrue(num(m, "both_throughput_up_bps") > 10e6, m.toString());
        assertEquals(num(m, "both_responsiveness_rpm"), num(m, "responsiveness_rpm"));
        assertTrue(Math.abs(num(m, "clock_offset_us")) <= num(m, "clock_offset_uncertainty_us"), "one machine, one clock: " + m);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> timeline = (List<Map<String, Object>>) r.result(0).get("intervals");
        assertEquals(26, timeline.size(), "6.5 s in steps of 0.25 s");
        assertEquals("idle", timeline.get(0).get("phase"));
        assertEquals("both", timeline.get(18).get("phase"));
        assertTrue(r.human().contains("idle_end") && r.human().contains("one-way delays:"), "the phase table follows the row: " + r.human());
    }

    @Test
    void togetherStartsItsTestsAtOneInstantAndReportsTheMeasuredSkew() throws Exception {
        NetVerbsTest.Run r = benchsh("together { tcp time: 1.s, omit: 0.s; tcp time: 1.s, omit: 0.s; rr time: 1.s, omit: 0.s }");
        assertEquals(0, r.code(), r.human());
        assertEquals(3, r.results().size(), r.human());
        assertTrue(r.human().matches("(?s).*together: 3 tests, start skew [0-9.]+ ms against one scheduled instant.*"), r.human());
    }
}
