package benchsh.shell.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.metric.Flat;
import benchsh.peer.workload.Interval;
import benchsh.shell.definition.RrMetrics;
import benchsh.shell.definition.UdpMetrics;
import benchsh.shell.host.Host;
import benchsh.shell.host.PeerConnection;
import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import benchsh.shell.run.Control;
import benchsh.shell.run.Executor;
import benchsh.shell.run.Merged;
import benchsh.shell.run.Part;
import benchsh.shell.run.PartOutcome;
import benchsh.shell.run.Plan;
import benchsh.shell.run.ProgressListener;
import benchsh.shell.run.Recorder;
import benchsh.shell.run.RunContext;
import benchsh.shell.run.Series;
import benchsh.shell.run.Test;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * {@code limit}'s series through the executor against a fake link (tests whose parts run in the shell and report udp's and
 * udp_rr's typed figures): one row per loss target from one set of trials, each trial tagged; the repeats at a limit and
 * a limit that does not hold on them; the probes beside a stream at each share of it; line rate from the sender's link.
 */
class LimitSeriesTest {
    private static final WireRate WIRE = new WireRate(1472);
    /** The link: it forwards 97.2 Mbit/s of payload and loses a quarter of the excess beyond. */
    private static final double CAPACITY = 97.2e6;

    static final class Nowhere extends Host {
        Nowhere(String name) {
            super(name);
        }

        @Override
        public String dataAddress() {
            return "192.0.2.1";
        }

        @Override
        protected PeerConnection connect() {
            throw new AssertionError("a fake link connects nowhere");
        }
    }

    final Host a = new Nowhere("a");
    final Host b = new Nowhere("b");
    final List<Result> recorded = new CopyOnWriteArrayList<>();
    final Executor executor = new Executor(new Recorder() {
        @Override
        public Result record(Result r, List<String> columns) {
            recorded.add(r);
            return r;
        }

        @Override
        public void print(String text) {
        }
    }, () -> ProgressListener.NONE, new Control());
    /** How often each rate was offered: the {@link #lossyTime}-th trial at a rate loses anyway (a limit that does not hold on repeat). */
    final Map<Long, Integer> offered = new java.util.concurrent.ConcurrentHashMap<>();
    int lossyTime;
    /** The sender's own interface, as its peer would report it. */
    double linkBps = 10e9;
    double qdiscBps = Double.NaN;
    double senderBps = 1e9;
    /** What a paced sender offers of the rate it is paced to: less than all on a busy host. */
    double pacing = 1;

    /** A udp trial on the fake link at {@code rate} payload bits/s (0: the sender's full speed). */
    Test stream(long rate) {
        return Test.of("udp", a, b).params(Map.of("rate", rate)).runsFor(Duration.ofSeconds(1)).part(new Part.InShell(() -> {
            double sent = rate == 0 ? senderBps : Math.min(rate * pacing, senderBps);
            double lossPct = sent <= CAPACITY ? 0 : 100 * (sent - CAPACITY) / sent / 4;
            if (offered.merge(rate, 1, Integer::sum) == lossyTime) {
                lossPct = 0.1;
            }
            long messages = Math.round(sent / 8 / 1472);
            Map<String, Object> flat = new HashMap<>(Map.of("messages_sent", messages, "messages_lost", Math.round(messages * lossPct / 100),
                    "sender_throughput_bps", sent, "throughput_bps", sent * (1 - lossPct / 100), "send_errors", 0L, "sender_seconds", 1.0,
                    "process_cpu_local_seconds", 0.4, "cpu_local_pct", 30.0, "send_interface", "eth0", "send_link_bps", linkBps));
            flat.put("send_qdisc_rate_bps", qdiscBps);
            flat.put("bytes", Math.round(sent / 8));
            flat.put("seconds", 1.0);
            return new PartOutcome(Status.OK, null, Instant.EPOCH, Merged.of(Flat.read(UdpMetrics.Figures.class, flat),
                    List.of(new Interval<>(0.0, 0.5, null), new Interval<>(0.5, 1.0, null))));
        })).build();
    }

    /** A probe beside it: its round trips grow with nothing but their order. */
    Test probe() {
        return Test.of("rr", a, b).runsFor(Duration.ofSeconds(1)).part(new Part.InShell(() -> new PartOutcome(Status.OK, null, Instant.EPOCH,
                Merged.of(Flat.read(RrMetrics.Figures.class, Map.of("transactions_per_s", 5000.0, "latency_p50_us", 80.0, "latency_p90_us", 120.0,
                        "latency_p99_us", 300.0, "latency_max_us", 900.0)), List.of())))).build();
    }

    LimitSeries series(List<Double> targets, int confirm, boolean latency) {
        RateSearch search = new RateSearch(targets, RateSearch.Resolution.relative(0.005), 0.01, 0);
        TrialOutcomes outcomes = new TrialOutcomes(WIRE, 0, Duration.ofSeconds(1));
        LimitSeries.Tests tests = new LimitSeries.Tests() {
            @Override
            public Test stream(long rateBps) {
                return LimitSeriesTest.this.stream(rateBps);
            }

            @Override
            public Test probe() {
                return LimitSeriesTest.this.probe();
            }
        };
        return new LimitSeries(search, confirm, latency, tests, outcomes,
                new LimitRows(a, b, Map.of("size", 1472L), Map.of("label", "A"), WIRE, outcomes, search.targets().size()));
    }

    List<Result> limits() {
        return recorded.stream().filter(r -> r.test().equals("limit")).toList();
    }

    @org.junit.jupiter.api.Test
    void ndrAndPdrAreTwoRowsOfOneSearchEveryTrialTagged() {
        Series.Outcome o = executor.series(series(List.of(0.0, 0.005 * 100), 0, false), RunContext.ROOT.withTags(Map.of("frame", 1518)));
        List<Result> rows = limits();
        assertEquals(2, rows.size());
        assertEquals(o.derived(), rows, "recorded after the trials");
        Result ndr = rows.get(0);
        Result pdr = rows.get(1);
        assertEquals(Status.OK, ndr.status(), ndr.error());
        assertTrue(ndr.metric("limit_bps") <= CAPACITY && ndr.metric("limit_bps") >= 0.995 * CAPACITY, ndr.metrics().toString());
        assertTrue(pdr.metric("limit_bps") > CAPACITY && pdr.metric("limit_loss_pct") <= 0.5, pdr.metrics().toString());
        assertTrue(ndr.metric("first_fail_bps") > ndr.metric("limit_bps"), "the bracket");
        assertEquals(Map.of("label", "A", "loss_target", 0.0, "frame", 1518), ndr.tags());
        assertEquals(0.5, pdr.tags().get("loss_target"));
        List<Result> trials = recorded.stream().filter(r -> r.test().equals("udp")).toList();
        assertEquals(trials.size(), (long) ndr.metric("trials"));
        assertEquals(trials.size(), (long) pdr.metric("trials"), "one set of trials for both");
        for (int i = 0; i < trials.size(); i++) {
            assertEquals(i + 1, trials.get(i).tags().get("trial"));
            assertEquals(1518, trials.get(i).tags().get("frame"), "the script's tags too");
        }
        assertEquals("converged", ndr.metrics().get("limit_verdict"));
        assertEquals(10e9, ndr.metric("line_rate_bps"), "a veth-like 10 Gbit/s link, far above the limit");
        assertEquals(10e9, o.trials().get(0).figures(UdpMetrics.Figures.class).egress().sendLinkBps());
    }

    @org.junit.jupiter.api.Test
    void confirmRepeatsEachLimitAndSaysWhenItDoesNotHold() {
        lossyTime = 3; // the search's trial at the limit, its first repeat, then the second loses
        executor.series(series(List.of(0.0), 3, false), RunContext.ROOT);
        Result row = limits().get(0);
        List<Result> repeats = recorded.stream().filter(r -> r.tags().containsKey("confirm")).toList();
        assertEquals(List.of(1, 2, 3), repeats.stream().map(r -> r.tags().get("confirm")).toList());
        assertTrue(repeats.stream().allMatch(r -> r.params().get("rate").equals((long) row.metric("limit_bps"))), "at the limit");
        assertEquals(3, (long) row.metric("confirm_repeats"));
        assertEquals(2, (long) row.metric("confirm_passed"));
        assertEquals(0.1, row.metric("confirm_loss_max_pct"), 0.02);
        assertEquals(Status.FAILED, row.status(), "a limit that does not hold");
        assertEquals("did not hold on repeat", row.metrics().get("limit_verdict"));
        assertTrue(row.error().startsWith("did not hold on repeat: 1 of 3 repeats at "), row.error());
    }

    @org.junit.jupiter.api.Test
    void latencyIsProbedBesideAStreamAtTenFiftyNinetyAndAllOfTheLimit() {
        executor.series(series(List.of(0.0), 0, true), RunContext.ROOT);
        Result row = limits().get(0);
        List<Result> probes = recorded.stream().filter(r -> r.test().equals("rr")).toList();
        List<Result> streams = recorded.stream().filter(r -> r.test().equals("udp") && r.tags().containsKey("load_pct")).toList();
        assertEquals(List.of(10, 50, 90, 100), probes.stream().map(r -> r.tags().get("load_pct")).toList());
        long limit = (long) row.metric("limit_bps");
        assertEquals(List.of(limit / 10, limit / 2, limit * 9 / 10, limit), streams.stream().map(r -> r.params().get("rate")).toList());
        for (String load : List.of("10", "50", "90", "100")) {
            assertEquals(80.0, row.metric("latency_" + load + "pct_p50_us"));
            assertEquals(300.0, row.metric("latency_" + load + "pct_p99_us"));
            assertEquals(5000.0, row.metric("latency_" + load + "pct_probes_per_s"));
            assertEquals(0.0, row.metric("latency_" + load + "pct_loss_pct"));
        }
    }

    @org.junit.jupiter.api.Test
    void aSenderHeldByItsOwnTbfIsAtLineRate() {
        qdiscBps = 100e6;
        senderBps = 100e6 * 1472 / 1514 * 0.999; // just under the fake link's capacity: nothing lost
        executor.series(series(List.of(0.0), 0, false), RunContext.ROOT);
        Result row = limits().get(0);
        assertEquals(Status.OK, row.status(), row.error());
        assertEquals("line rate", row.metrics().get("limit_verdict"));
        assertEquals(100e6, row.metric("line_rate_bps"), "the link speed stated");
        assertEquals(1, (long) row.metric("trials"));
    }

    @org.junit.jupiter.api.Test
    void aSenderThatFallsShortIsPacedHigherSoThatItOffersTheRate() {
        pacing = 0.85;
        executor.series(series(List.of(0.0), 0, false), RunContext.ROOT);
        Result row = limits().get(0);
        assertEquals(Status.OK, row.status(), row.error());
        assertTrue(row.metric("limit_bps") <= CAPACITY && row.metric("limit_bps") >= 0.99 * CAPACITY, row.metrics().toString());
        List<Result> trials = recorded.stream().filter(r -> r.test().equals("udp")).toList();
        Result last = trials.get(trials.size() - 1);
        double asked = ((Number) last.params().get("rate")).doubleValue();
        assertEquals(0.85, last.metric("sender_throughput_bps") / asked, 1e-6, "paced higher than the rate it stands for");
        assertTrue(asked > 1.15 * last.metric("sender_throughput_bps") && asked <= LimitSeries.MAX_CORRECTION * CAPACITY, "asked " + asked);
    }

    @org.junit.jupiter.api.Test
    void aPlanNotesTheWorstCaseOfSearchRepeatsAndProbes() {
        Plan plan = new Plan();
        LimitSeries s = series(List.of(0.0, 0.5), 2, true);
        Series.Outcome o = executor.series(s, RunContext.ROOT.planning(plan));
        int search = new RateSearch(List.of(0.0, 0.5), RateSearch.Resolution.relative(0.005), 0.01, 0).maxTrials();
        assertEquals(search + 2 * (2 + 2 * LimitSeries.LOADS.size()), plan.steps().size());
        assertEquals(plan.steps().size(), o.trials().size());
        assertTrue(recorded.isEmpty());
        List<String> tests = new ArrayList<>();
        plan.steps().forEach(p -> tests.add(p.test()));
        assertEquals(2 * LimitSeries.LOADS.size(), tests.stream().filter("rr"::equals).count());
    }
}
