package benchsh.shell.verb;

import static benchsh.shell.verb.NetVerbsTest.benchsh;
import static benchsh.shell.verb.NetVerbsTest.num;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.metric.Metrics;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code limit} through the shell: a real search over loopback, its dry run, and the input it refuses. */
@Timeout(300)
class LimitVerbTest {
    @Test
    @SuppressWarnings("unchecked")
    void searchesALoopbackLinkAndRecordsEveryTrial() throws Exception {
        NetVerbsTest.Run r = benchsh("r = limit 'udp', to: local, size: 1000, loss: 1.percent, trial: 0.5.s, interval: 0.1.s, resolution: 10.percent;"
                + " assert r.trials.size() == r.summary.metrics.trials");
        List<Map<String, Object>> results = r.results();
        assertTrue(results.size() >= 2, r.human());
        Map<String, Object> summary = results.get(results.size() - 1);
        assertEquals("limit", summary.get("test"), r.human());
        List<Map<String, Object>> trials = results.subList(0, results.size() - 1);
        for (int i = 0; i < trials.size(); i++) {
            Map<String, Object> t = trials.get(i);
            assertEquals("udp", t.get("test"));
            assertEquals("ok", t.get("status"), r.human());
            assertEquals(i + 1, ((Number) ((Map<String, Object>) t.get("tags")).get("trial")).intValue());
            Map<String, Object> tm = (Map<String, Object>) t.get("metrics");
            assertEquals(num(tm, "bytes_total"), num(tm, "bytes"), "a trial has no warm-up: its loss and rate cover all it sent");
        }
        Map<String, Object> m = (Map<String, Object>) summary.get("metrics");
        assertEquals(trials.size(), (int) num(m, "trials"));
        assertTrue(num(m, "limit_bps") > 0, r.human());
        m.keySet().forEach(k -> assertTrue(Metrics.named(k).isPresent(), k + " is missing from benchsh.peer.metric.Metrics"));
        assertEquals(num(m, "limit_bps") / 8 / 1000, num(m, "limit_frames_per_s"), 1e-6 * num(m, "limit_frames_per_s"));
        assertEquals(num(m, "limit_frames_per_s") * 1066 * 8, num(m, "limit_wire_bps"), 1e-6 * num(m, "limit_wire_bps"));
        // a loopback whose receiver keeps up with the unpaced sender has no limit below it: the search says so
        if ("ok".equals(summary.get("status"))) {
            assertEquals(0, r.code(), r.human());
            assertTrue(num(m, "limit_loss_pct") <= 1, r.human());
            assertTrue(trials.size() >= 3, "a converged search ran a top trial, at least one halving and ...: " + r.human());
        } else {
            assertEquals("generator at its limit", m.get("limit_verdict"), r.human());
            assertEquals(1, trials.size(), r.human());
        }
    }

    @Test
    void aDryRunPlansTheWorstCaseAndConnectsNowhere() throws Exception {
        NetVerbsTest.Run r = benchsh("plan { limit udp, from: local, to: local, trial: 2.s, resolution: 1.percent }");
        assertEquals(0, r.code(), r.human());
        assertTrue(r.results().isEmpty(), "nothing measured in a dry run: " + r.results());
        long planned = r.human().lines().filter(l -> l.contains("udp")).count();
        assertEquals(9, planned, "1 top trial, 7 halvings of the 95 % between the bounds down to 1 %, the low bound: " + r.human());
    }

    @Test
    void refusesImpossibleInputBeforeRunningAnything() throws Exception {
        Map<String, String> cases = Map.of(
                "limit 'udp', loss: 1", "under 100 %",
                "limit 'udp', loss: -0.1", "at least 0",
                "limit 'udp', trial: 1.s, interval: 1.s", "shorter than two intervals",
                "limit 'udp', max: 2.Gbit, link: 1.Gbit", "above the link",
                "limit 'tcp'", "udp only",
                "limit tcp, to: local", "not tcp",
                "limit 'udp', resolution: 2", "fractions between 0 and 1",
                "limit 'udp', batch: 5000", "limit: batch must be between 1 and 1024, not 5000");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            NetVerbsTest.Run r = benchsh(c.getKey());
            assertNotEquals(0, r.code(), c.getKey());
            assertTrue(r.results().isEmpty(), c.getKey() + " ran: " + r.results());
            assertTrue(r.human().contains(c.getValue()), c.getKey() + ": " + r.human());
        }
    }
}
