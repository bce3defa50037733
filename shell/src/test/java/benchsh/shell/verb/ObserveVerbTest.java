package benchsh.shell.verb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.shell.args.UsageException;
import benchsh.shell.result.MetricCatalog;
import benchsh.shell.result.Result;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Watching a host during a test, through the shell, on local peers: {@code observe:} and {@code observe(h) { }}. */
@Timeout(180)
class ObserveVerbTest {

    @Test
    void observingLocalDuringATcpOnLoopbackCountsTheLoopbackAndItsCpu() {
        try (FsVerbSession s = new FsVerbSession()) {
            Result r = (Result) s.eval("observe(local, lo: true) { tcp to: local, time: 2.s, omit: 0.s, interval: 0.5.s }");
            assertTrue(r.ok(), r.error());
            Map<String, Object> m = r.metrics();
            // local's own cpu_local_pct is the test's; the observed figures take a host_ prefix
            double cpu = r.metric("cpu_host_local_pct");
            assertTrue(cpu > 0 && cpu <= 100, "cpu " + cpu + " in " + m);
            assertEquals(100.0, cpu + r.metric("cpu_host_local_idle_pct"), 1e-6);
            assertTrue(m.keySet().stream().anyMatch(k -> k.matches("cpu_host_local_cpu\\d+_pct")), m.toString());
            assertTrue(r.metric("host_local_lo_rx_bytes") >= r.metric("bytes"), "lo carried the stream: " + m);
            assertTrue(r.metric("host_local_lo_rx_packets") > 0);
            assertTrue(m.containsKey("cpu_local_pct"), "the test's own CPU stays");
            m.keySet().forEach(k -> assertTrue(MetricCatalog.named(k).isPresent(), k + " is not registered"));
            assertTrue(r.intervals().stream().anyMatch(i -> i.containsKey("cpu_host_local_pct") && i.containsKey("throughput_bps")),
                    "intervals carry both: " + r.intervals());
            assertTrue(s.out.toString().contains("cpu host local"), s.out.toString());
        }
    }

    @Test
    void theArgumentWatchesAnotherHostForOneTestWithoutItsLoopback() {
        try (FsVerbSession s = new FsVerbSession()) {
            Result r = (Result) s.eval("tcp to: local, time: 1.s, omit: 0.s, observe: [b]");
            assertTrue(r.ok(), r.error());
            assertTrue(r.metrics().containsKey("cpu_b_pct"), r.metrics().toString());
            assertTrue(r.metrics().containsKey("b_drops"), r.metrics().toString());
            assertFalse(r.metrics().keySet().stream().anyMatch(k -> k.startsWith("b_lo_")), "lo only when asked: " + r.metrics());
            assertNull(r.metrics().get("observe_missing"));
            Result next = (Result) s.eval("tcp to: local, time: 1.s, omit: 0.s");
            assertFalse(next.metrics().containsKey("cpu_b_pct"), "for that one test only");
        }
    }

    @Test
    void anUnreachableHostLeavesTheTestOkAndTheObservationMissingWithTheReason() {
        try (FsVerbSession s = new FsVerbSession()) {
            Result r = (Result) s.eval("bad = host 'me@no-such-host.invalid'; tcp to: local, time: 1.s, omit: 0.s, observe: [bad, b]");
            assertTrue(r.ok(), r.error());
            assertTrue(r.metric("throughput_bps") > 0);
            String missing = (String) r.metrics().get("observe_missing");
            assertTrue(missing != null && missing.contains("no-such-host.invalid") && missing.contains("resolve"), r.metrics().toString());
            assertTrue(r.metrics().containsKey("cpu_b_pct"), "the reachable one is still watched: " + r.metrics());
            assertTrue(s.out.toString().contains("not observed: "), s.out.toString());
        }
    }

    @Test
    void compareShowsAnObservedMetricLikeAnyOther() {
        try (FsVerbSession s = new FsVerbSession()) {
            Object t = s.eval("observe(b) { tcp to: local, time: 1.s, omit: 0.s, label: 'one'; tcp to: local, time: 1.s, omit: 0.s, label: 'two' };"
                    + " compare 'one', 'two', value: 'cpu_b_pct'");
            String table = t.toString();
            assertTrue(table.contains("cpu b"), table);
            assertTrue(table.lines().anyMatch(l -> l.contains("%")), table);
        }
    }

    @Test
    void limitWatchesEveryTrial() {
        try (FsVerbSession s = new FsVerbSession()) {
            s.eval("limit 'udp', to: local, size: 1000, loss: 50.percent, trial: 0.5.s, interval: 0.1.s, resolution: 40.percent, observe: [b]");
            List<Result> trials = s.session.results().stream().filter(r -> r.test().equals("udp")).toList();
            assertFalse(trials.isEmpty());
            trials.forEach(t -> assertTrue(t.metrics().containsKey("cpu_b_pct"), "trial " + t.tags() + ": " + t.metrics()));
            Result limit = s.session.results().stream().filter(r -> r.test().equals("limit")).findFirst().orElseThrow();
            if (limit.ok()) { // the limit's row carries the observed figures of the trial at the limit
                assertTrue(trials.stream().anyMatch(t -> t.metric("cpu_b_pct") == limit.metric("cpu_b_pct")
                        && t.metric("b_drops") == limit.metric("b_drops")), limit.metrics() + " vs " + trials);
                assertTrue(s.out.toString().contains("cpu b"), s.out.toString());
            }
        }
    }

    @Test
    void aPlanListsTheObservedHostsAndConnectsToNone() {
        try (FsVerbSession s = new FsVerbSession()) {
            s.eval("plan { observe(b) { tcp to: local, time: 1.s; disk path: '/tmp/x.dat', write: 1.MiB, observe: local } }");
            String out = s.out.toString();
            assertTrue(out.contains("observe=b"), out);
            assertTrue(out.contains("observe='b, local'"), out);
            assertTrue(s.session.results().isEmpty());
        }
    }

    @Test
    void theBlockNeedsHostsAndABody() {
        try (FsVerbSession s = new FsVerbSession()) {
            for (String bad : List.of("observe(b)", "observe { tcp to: local }", "observe('nosuch') { }")) {
                RuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, () -> s.eval(bad), bad);
                Throwable t = e;
                while (t.getCause() != null && !(t instanceof UsageException)) {
                    t = t.getCause();
                }
                assertTrue(String.valueOf(t.getMessage()).contains("observe"), bad + ": " + e);
            }
        }
    }
}
