package benchsh.shell.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The search against fake links: one that drops above a known rate, and links that break each way it can. */
class RateSearchTest {
    private static final long SENDER = 1_000_000_000L;

    /** A link that loses what is offered above {@code capacity}; the sender reaches {@link #SENDER} unpaced. */
    private static RateSearch.Trial link(long capacity, List<Long> offered) {
        return (n, rate) -> {
            offered.add(rate);
            double sent = rate == 0 ? SENDER : rate;
            double loss = sent <= capacity ? 0 : 100.0 * (sent - capacity) / sent;
            return new RateSearch.Outcome(true, sent, loss, 0, 5, null);
        };
    }

    @Test
    void convergesWithinTheResolutionAndTheTrialCap() throws Exception {
        for (long capacity : new long[] {123_456_789L, 600_000_000L, 999_000_000L, 60_000_000L}) {
            List<Long> offered = new ArrayList<>();
            RateSearch search = new RateSearch(0, 0.01, 0.05, 0);
            RateSearch.Answer a = search.run(link(capacity, offered));
            assertEquals(RateSearch.Verdict.CONVERGED, a.verdict(), a.reason());
            assertTrue(a.limitBps() <= capacity, a.limitBps() + " passed above the capacity " + capacity);
            assertTrue(capacity - a.limitBps() <= 0.01 * SENDER, "within 1 % of the high bound: " + a.limitBps() + " vs " + capacity);
            assertTrue(a.steps().size() <= search.maxTrials() && search.maxTrials() <= RateSearch.MAX_TRIALS, a.steps().size() + " trials");
            assertEquals(0L, offered.get(0), "the first trial is unpaced");
            assertEquals(SENDER, a.highBps());
            assertEquals(0.0, a.limit().outcome().lossPct());
        }
    }

    @Test
    void aLossTargetLetsTheLimitRiseAboveTheLosslessRate() throws Exception {
        RateSearch.Answer a = new RateSearch(10, 0.01, 0.05, 0).run(link(500_000_000L, new ArrayList<>()));
        assertEquals(RateSearch.Verdict.CONVERGED, a.verdict());
        assertTrue(a.limitBps() > 500_000_000L && a.limit().outcome().lossPct() <= 10, "limit " + a.limitBps());
        assertTrue(a.limitBps() <= 500_000_000L / 0.9, "no more than 10 % lost at " + a.limitBps());
    }

    @Test
    void aGivenMaximumIsTheHighBound() throws Exception {
        List<Long> offered = new ArrayList<>();
        RateSearch.Answer a = new RateSearch(0, 0.05, 0.1, 200_000_000L).run(link(50_000_000L, offered));
        assertEquals(200_000_000L, offered.get(0));
        assertEquals(RateSearch.Verdict.CONVERGED, a.verdict());
        assertTrue(a.limitBps() <= 50_000_000L && a.limitBps() >= 40_000_000L, "limit " + a.limitBps());
    }

    @Test
    void theTrialCountIsBoundedWhateverTheResolution() throws Exception {
        RateSearch search = new RateSearch(0, 1e-9, 0.05, 0);
        assertEquals(RateSearch.MAX_TRIALS, search.maxTrials());
        RateSearch.Answer a = search.run(link(333_333_333L, new ArrayList<>()));
        assertEquals(RateSearch.MAX_TRIALS, a.steps().size());
        assertEquals(RateSearch.Verdict.BUDGET, a.verdict());
        assertTrue(a.limitBps() > 0 && a.limitBps() <= 333_333_333L && a.reason().contains("between"), a.reason());
    }

    @Test
    void aLinkThatTakesAllTheSenderCanOfferBlamesTheGenerator() throws Exception {
        RateSearch.Answer a = new RateSearch(0, 0.01, 0.05, 0).run(link(Long.MAX_VALUE, new ArrayList<>()));
        assertEquals(RateSearch.Verdict.GENERATOR, a.verdict());
        assertEquals(SENDER, a.limitBps());
        assertEquals(1, a.steps().size());
        assertTrue(a.reason().contains("sender"), a.reason());
    }

    @Test
    void aSenderThatCannotReachTheMaximumBlamesTheGenerator() throws Exception {
        RateSearch.Trial slow = (n, rate) -> new RateSearch.Outcome(true, Math.min(rate, 100_000_000L), 0, 0, 5, null);
        RateSearch.Answer a = new RateSearch(0, 0.01, 0.05, 1_000_000_000L).run(slow);
        assertEquals(RateSearch.Verdict.GENERATOR, a.verdict());
        assertTrue(a.reason().contains("reached only"), a.reason());
    }

    @Test
    void sendErrorsAtTheSenderBlameTheGenerator() throws Exception {
        RateSearch.Trial refusing = (n, rate) -> new RateSearch.Outcome(true, SENDER, 30, 1000, 5, null);
        RateSearch.Answer a = new RateSearch(0, 0.01, 0.05, 0).run(refusing);
        assertEquals(RateSearch.Verdict.GENERATOR, a.verdict());
        assertTrue(a.reason().contains("sends failed"), a.reason());
    }

    @Test
    void lossEvenAtTheLowestRateSaysSo() throws Exception {
        RateSearch.Trial lossy = (n, rate) -> new RateSearch.Outcome(true, rate == 0 ? SENDER : rate, 2, 0, 5, null);
        RateSearch search = new RateSearch(1, 0.01, 0.05, 0);
        RateSearch.Answer a = search.run(lossy);
        assertEquals(RateSearch.Verdict.LOSS_AT_LOWEST, a.verdict());
        assertEquals(0, a.limitBps());
        assertEquals(SENDER / 20, a.steps().get(a.steps().size() - 1).offeredBps(), "the last trial is at the low bound");
        assertTrue(a.steps().size() <= search.maxTrials());
    }

    @Test
    void trialsWithFewerThanTwoIntervalsAreTooShort() throws Exception {
        RateSearch.Trial brief = (n, rate) -> new RateSearch.Outcome(true, SENDER, 50, 0, 1, null);
        RateSearch.Answer a = new RateSearch(0, 0.01, 0.05, 0).run(brief);
        assertEquals(RateSearch.Verdict.TOO_SHORT, a.verdict());
        assertTrue(a.reason().contains("fewer than two"), a.reason());
    }

    @Test
    void aFailedTrialEndsTheSearchWithItsError() throws Exception {
        List<Long> offered = new ArrayList<>();
        RateSearch.Trial breaking = (n, rate) -> {
            offered.add(rate);
            return n < 3 ? new RateSearch.Outcome(true, SENDER, rate == 0 ? 50 : 0, 0, 5, null)
                    : new RateSearch.Outcome(false, 0, 0, 0, 0, "peer on b: connection reset");
        };
        RateSearch.Answer a = new RateSearch(0, 0.01, 0.05, 0).run(breaking);
        assertEquals(RateSearch.Verdict.TRIAL_FAILED, a.verdict());
        assertEquals(3, a.steps().size());
        assertTrue(a.reason().contains("trial 3") && a.reason().contains("connection reset"), a.reason());
    }

    @Test
    void impossibleTargetsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new RateSearch(100, 0.01, 0.05, 0));
        assertThrows(IllegalArgumentException.class, () -> new RateSearch(-1, 0.01, 0.05, 0));
        assertThrows(IllegalArgumentException.class, () -> new RateSearch(0, 0, 0.05, 0));
    }

    @Test
    void wireRatesCountEthernetIpAndUdpOverhead() {
        WireRate min = new WireRate(18);
        assertEquals(64, min.frameBytes());
        assertEquals(84, min.wireBytes());
        assertEquals(64, new WireRate(1).frameBytes(), "short payloads are padded to the minimum frame");
        WireRate full = new WireRate(1472);
        assertEquals(1518, full.frameBytes());
        assertEquals(1538, full.wireBytes());
        double fps = full.framesPerSecond(1472 * 8 * 1000.0);
        assertEquals(1000, fps, 1e-9);
        assertEquals(1538 * 8 * 1000.0, full.wireBps(1472 * 8 * 1000.0), 1e-6);
    }
}
