package benchsh.shell.verb;

import static benchsh.shell.verb.NetVerbsTest.benchsh;
import static benchsh.shell.verb.NetVerbsTest.num;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.limit.RateSearch;
import benchsh.shell.result.MetricCatalog;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code limit} through the shell: a real search over loopback, NDR and PDR from one search with its repeats and latency
 * probes, its dry run, and the input it refuses before any trial.
 */
@Timeout(300)
class LimitVerbTest {
    @SuppressWarnings("unchecked")
    static Map<String, Object> tags(Map<String, Object> result) {
        return (Map<String, Object>) result.get("tags");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> metrics(Map<String, Object> result) {
        return (Map<String, Object>) result.get("metrics");
    }

    @Test
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
            assertEquals(i + 1, ((Number) tags(t).get("trial")).intValue());
            Map<String, Object> tm = metrics(t);
            assertEquals(num(tm, "bytes_total"), num(tm, "bytes"), "a trial has no warm-up: its loss and rate cover all it sent");
            assertEquals("lo", tm.get("send_interface"), "the link the sender sent through");
        }
        Map<String, Object> m = metrics(summary);
        assertEquals(trials.size(), (int) num(m, "trials"));
        m.keySet().forEach(k -> assertTrue(MetricCatalog.named(k).isPresent(), k + " is no metric of the registry"));
        assertEquals(num(m, "limit_bps") / 8 / 1000, num(m, "limit_frames_per_s"), 1e-6 * num(m, "limit_frames_per_s"));
        assertEquals(num(m, "limit_frames_per_s") * 1066 * 8, num(m, "limit_wire_bps"), 1e-6 * num(m, "limit_wire_bps"));
        assertEquals(1.0, num(m, "target_loss_pct"));
        // a loopback whose receiver keeps up with the unpaced sender has no limit below it: the sender's, said with its CPU
        if ("ok".equals(summary.get("status"))) {
            assertEquals(0, r.code(), r.human());
            assertTrue(num(m, "limit_bps") > 0, r.human());
            assertTrue(num(m, "limit_loss_pct") <= 1, r.human());
            assertTrue(num(m, "first_fail_bps") > num(m, "limit_bps"), "the bracket: " + m);
            assertTrue(trials.size() >= 2, "a search past the first trial: " + r.human());
        } else if ("generator at its limit".equals(m.get("limit_verdict"))) {
            assertTrue(String.valueOf(summary.get("error")).contains("% of a core"), "the sender's CPU: " + summary.get("error"));
        } else { // a busy machine whose loopback loses at random: the search says where it stopped
            assertTrue(List.of("trial budget spent", "loss at the lowest rate").contains(m.get("limit_verdict")), r.human());
            assertTrue(String.valueOf(summary.get("error")).contains("bit/s"), String.valueOf(summary.get("error")));
        }
    }

    @Test
    void ndrAndPdrComeFromOneSearchWithTheirRepeatsAndLatency() throws Exception {
        // a line rate stated (link:) and a start just under it: the first trial passes at line rate, then the repeats and probes
        NetVerbsTest.Run r = benchsh("r = limit udp, to: local, size: 1000, loss: [0, 2.percent], max: 2.Mbit, link: 2.15.Mbit, trial: 1.s,"
                + " interval: 0.2.s, confirm: 2, latency: true; assert r.summaries.size() == 2");
        List<Map<String, Object>> limits = r.results().stream().filter(x -> "limit".equals(x.get("test"))).toList();
        assertEquals(2, limits.size(), r.human());
        assertEquals(List.of(0.0, 2.0), limits.stream().map(l -> num(metrics(l), "target_loss_pct")).toList(), "NDR, then PDR");
        assertEquals(List.of(0.0, 2.0), limits.stream().map(l -> ((Number) tags(l).get("loss_target")).doubleValue()).toList(),
                "tagged apart, for tables");
        assertEquals(num(metrics(limits.get(0)), "trials"), num(metrics(limits.get(1)), "trials"), "one shared set of trials");
        List<Map<String, Object>> trials = r.results().stream().filter(x -> tags(x).containsKey("trial")).toList();
        assertEquals((int) num(metrics(limits.get(0)), "trials"), trials.size());
        for (Map<String, Object> limit : limits) {
            Map<String, Object> m = metrics(limit);
            if (!"ok".equals(limit.get("status")) && !"did not hold on repeat".equals(m.get("limit_verdict"))) {
                continue; // a sender that fell short of 2 Mbit/s, or lost some on loopback (a busy machine): no limit to repeat or probe
            }
            assertEquals(2.15e6, num(m, "line_rate_bps"), "link: is the line rate");
            assertEquals("line rate", m.get("limit_verdict"), "2 Mbit/s offered whole is all the stated line carries: " + m);
            assertEquals(2.0, num(m, "confirm_repeats"), String.valueOf(m));
            assertTrue(num(m, "confirm_passed") <= 2 && num(m, "confirm_loss_max_pct") >= num(m, "confirm_loss_min_pct"), String.valueOf(m));
            for (String load : List.of("10", "50", "90", "100")) {
                assertTrue(num(m, "latency_" + load + "pct_p50_us") > 0, load + " %: " + m);
                assertTrue(num(m, "latency_" + load + "pct_p99_us") >= num(m, "latency_" + load + "pct_p50_us"), load + " %: " + m);
                assertTrue(num(m, "latency_" + load + "pct_probes_per_s") > 0, load + " %: " + m);
            }
        }
        long probes = r.results().stream().filter(x -> "rr".equals(x.get("test"))).count();
        long probedStreams = r.results().stream().filter(x -> "udp".equals(x.get("test")) && tags(x).containsKey("load_pct")).count();
        assertEquals(probes, probedStreams, "each probe ran beside a stream, both recorded");
        assertTrue(r.results().stream().filter(x -> "rr".equals(x.get("test"))).allMatch(x -> "UDP_RR".equals(((Map<?, ?>) x.get("params")).get("kind"))));
    }

    @Test
    void aDryRunPlansTheWorstCaseAndConnectsNowhere() throws Exception {
        NetVerbsTest.Run r = benchsh("plan { limit udp, from: local, to: local, trial: 3.s, resolution: 1.percent }");
        assertEquals(0, r.code(), r.human());
        assertTrue(r.results().isEmpty(), "nothing measured in a dry run: " + r.results());
        long planned = r.human().lines().filter(l -> l.contains("udp")).count();
        assertEquals(new RateSearch(List.of(0.0), RateSearch.Resolution.relative(0.01), 0.01, 0).maxTrials(), planned, r.human());
    }

    @Test
    void everyExampleOfItsHelpPlans() throws Exception {
        for (String example : new LimitVerb().spec().examples()) {
            NetVerbsTest.Run r = benchsh("a = local; b = local; plan { " + example + " }");
            assertEquals(0, r.code(), example + ": " + r.human());
        }
    }

    @Test
    void aTrialTooShortForTheSamplesTheVerdictNeedsIsRefusedWithTheFix() throws Exception {
        NetVerbsTest.Run r = benchsh("limit udp, to: local, trial: 2.s");
        assertNotEquals(0, r.code());
        assertTrue(r.results().isEmpty(), "no trial ran: " + r.results());
        assertTrue(r.human().contains("a trial of 2.00 s sampled every 1.00 s (interval:) may give only 1 interval sample")
                && r.human().contains("make trial: at least 3.00 s or interval: at most 0.667 s"), r.human());
    }

    @Test
    void refusesImpossibleInputBeforeRunningAnything() throws Exception {
        Map<String, String> cases = Map.ofEntries(
                Map.entry("limit 'udp', loss: 1", "loss: 1 is not a fraction from 0 to under 1"),
                Map.entry("limit 'udp', loss: -0.1", "is not a fraction from 0 to under 1"),
                Map.entry("limit 'udp', loss: [0, 1.5]", "loss: 1.5 is not a fraction"),
                Map.entry("limit 'udp', trial: 1.s, interval: 1.s", "may give only 0 interval samples"),
                Map.entry("limit 'udp', max: 2.Gbit, link: 1.Gbit", "above the link"),
                Map.entry("limit 'tcp'", "udp only"),
                Map.entry("limit tcp, to: local", "not tcp"),
                Map.entry("limit udp to: local", "needs a comma before its arguments"),
                Map.entry("limit 'udp', resolution: 2", "neither a fraction under 1 nor a rate"),
                Map.entry("limit 'udp', low: 1.5", "low: must be a fraction under 1"),
                Map.entry("limit 'udp', rate: 1.Mbit", "limit has no argument 'rate'"),
                Map.entry("limit 'udp', confirm: 0", "confirm"),
                Map.entry("together { limit udp, to: local }", "cannot start with the tests of a together { } block"),
                Map.entry("limit 'udp', batch: 5000", "limit: batch must be between 1 and 1024, not 5000"));
        for (Map.Entry<String, String> c : cases.entrySet()) {
            NetVerbsTest.Run r = benchsh(c.getKey());
            assertNotEquals(0, r.code(), c.getKey());
            assertTrue(r.results().isEmpty(), c.getKey() + " ran: " + r.results());
            assertTrue(r.human().contains(c.getValue()), c.getKey() + ": " + r.human());
        }
    }
}
