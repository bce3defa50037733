package benchsh.shell.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

/** The search against fake links: ones that pass up to a known rate, a sender held back by its own line, and links that break each way they can. */
class RateSearchTest {
    private static final long SENDER = 1_000_000_000L;
    private static final RateSearch.Resolution HALF_PERCENT = RateSearch.Resolution.relative(0.005);

    /** A search's trials and its answers. */
    record Run(List<RateSearch.Step> steps, List<RateSearch.Answer> answers) {
        RateSearch.Answer answer() {
            return answers.get(0);
        }
    }

    /** Runs {@code search} against {@code link}, as the executor runs the series: trial after trial until it proposes none. */
    static Run run(RateSearch search, LongFunction<RateSearch.Outcome> link) {
        List<RateSearch.Step> steps = new ArrayList<>();
        for (OptionalLong next = search.next(steps); next.isPresent(); next = search.next(steps)) {
            steps.add(new RateSearch.Step(steps.size() + 1, next.getAsLong(), link.apply(next.getAsLong())));
            assertTrue(steps.size() <= RateSearch.MAX_TRIALS, "the search stops at its budget");
        }
        return new Run(steps, search.answers(steps));
    }

    /** What a link that forwards at most {@code capacity} does with {@code offered} (0: the sender's full speed, {@code sender}). */
    static RateSearch.Outcome link(long capacity, long sender, double lineBps, long offered) {
        double sent = offered == 0 ? sender : Math.min(offered, sender);
        double forwarded = Math.min(sent, capacity);
        return new RateSearch.Outcome(true, null, sent, forwarded, 100 * (sent - forwarded) / sent, 0, 5, lineBps, "eth0 at 10 Gbit/s", 37, 20);
    }

    static LongFunction<RateSearch.Outcome> link(long capacity) {
        return rate -> link(capacity, SENDER, 10e9, rate);
    }

    static RateSearch ndr() {
        return new RateSearch(List.of(0.0), HALF_PERCENT, 0.01, 0);
    }

    @Test
    void findsTheLimitToWithinHalfAPercentOfItInAFewTrials() {
        for (long capacity : new long[] {97_200_000L, 123_456_789L, 600_000_000L, 999_000_000L, 19_720_000L}) {
            RateSearch search = ndr();
            Run r = run(search, link(capacity));
            RateSearch.Answer a = r.answer();
            assertEquals(RateSearch.Verdict.CONVERGED, a.verdict(), a.reason());
            assertTrue(a.limitBps() <= capacity, a.limitBps() + " passed above the capacity " + capacity);
            assertTrue(a.limitBps() >= capacity * 0.995, "within 0.5 % of the limit: " + a.limitBps() + " vs " + capacity);
            assertTrue(a.failBps() > capacity && a.failBps() - a.limitBps() <= 0.005 * a.limitBps(), "the bracket: " + a.limitBps() + " .. " + a.failBps());
            assertTrue(r.steps().size() <= 6, "the forwarding rate at overload brackets the limit at once: " + r.steps().size() + " trials");
            assertTrue(r.steps().size() <= search.maxTrials(), "the plan's worst case holds");
            assertEquals(0L, r.steps().get(0).offeredBps(), "the first trial is unpaced");
            assertEquals(SENDER, a.highBps());
            assertEquals(0.0, a.limit().outcome().lossPct());
        }
    }

    @Test
    void ndrAndPdrComeFromOneSharedSetOfTrials() {
        // a link that drops a little of everything above 100 Mbit/s and more the more it is offered
        LongFunction<RateSearch.Outcome> lossy = rate -> {
            double sent = rate == 0 ? SENDER : rate;
            double lossPct = sent <= 100e6 ? 0 : 100 * (sent - 100e6) / sent / 4;
            return new RateSearch.Outcome(true, null, sent, sent * (1 - lossPct / 100), lossPct, 0, 5, Double.NaN, null, 40, 20);
        };
        RateSearch both = new RateSearch(List.of(0.5, 0.0), HALF_PERCENT, 0.01, 0);
        Run r = run(both, lossy);
        assertEquals(List.of(0.0, 0.5), r.answers().stream().map(RateSearch.Answer::targetLossPct).toList(), "in ascending order: NDR, PDR");
        RateSearch.Answer ndr = r.answers().get(0);
        RateSearch.Answer pdr = r.answers().get(1);
        assertEquals(RateSearch.Verdict.CONVERGED, ndr.verdict(), ndr.reason());
        assertEquals(RateSearch.Verdict.CONVERGED, pdr.verdict(), pdr.reason());
        assertTrue(ndr.limitBps() <= 100e6 && ndr.limitBps() >= 99.5e6, "NDR " + ndr.limitBps());
        double pdrRate = 100e6 / (1 - 0.02); // 0.5 % lost where a quarter of the excess is: excess 2 %
        assertTrue(pdr.limitBps() <= pdrRate && pdr.limitBps() >= pdrRate * 0.995, "PDR " + pdr.limitBps() + " vs " + pdrRate);
        assertTrue(pdr.limit().outcome().lossPct() > 0 && pdr.limit().outcome().lossPct() <= 0.5, "PDR's trial lost a little");
        Run alone = run(ndr(), lossy);
        Run pdrAlone = run(new RateSearch(List.of(0.5), HALF_PERCENT, 0.01, 0), lossy);
        assertTrue(r.steps().size() < alone.steps().size() + pdrAlone.steps().size(), "shared trials: " + r.steps().size() + " against "
                + alone.steps().size() + " + " + pdrAlone.steps().size());
    }

    @Test
    void anAbsoluteResolutionStopsAtThatMuchBetweenPassAndFail() {
        Run r = run(new RateSearch(List.of(0.0), RateSearch.Resolution.absolute(100_000), 0.01, 0), link(97_200_000L));
        RateSearch.Answer a = r.answer();
        assertEquals(RateSearch.Verdict.CONVERGED, a.verdict());
        assertTrue(a.failBps() - a.limitBps() <= 100_000 && a.limitBps() <= 97_200_000L, a.limitBps() + " .. " + a.failBps());
    }

    @Test
    void aSenderHeldBackByItsOwnLineWithNothingLostIsAtLineRate() {
        // a tbf at 100 Mbit/s on the sender's interface: 1472-byte payloads pass at 97.2 Mbit/s and the sender cannot offer more
        double line = 100e6 * 1472 / 1514;
        LongFunction<RateSearch.Outcome> held = rate -> link(SENDER, Math.round(line * 1.001), line, rate);
        Run r = run(ndr(), held);
        assertEquals(RateSearch.Verdict.LINE_RATE, r.answer().verdict(), r.answer().reason());
        assertTrue(r.answer().verdict().found(), "line rate is a result");
        assertEquals(1, r.steps().size(), "the first trial says it");
        assertEquals(Math.round(line * 1.001), r.answer().limitBps());
    }

    @Test
    void aLimitFoundAtTheSendersLineRateIsLineRateToo() {
        // the sender's own shaper drops the excess (no send errors: the kernel drops it quietly), so the first trial lost some
        double line = 97.2e6;
        Run r = run(ndr(), rate -> link(Math.round(line), SENDER, line, rate));
        assertEquals(RateSearch.Verdict.LINE_RATE, r.answer().verdict());
        assertTrue(r.steps().size() > 1);
    }

    @Test
    void aSenderBoundByItsCpuBelowItsLineIsTheGeneratorsLimitSaidWithItsCpu() {
        Run r = run(ndr(), rate -> link(Long.MAX_VALUE, SENDER, 10e9, rate));
        RateSearch.Answer a = r.answer();
        assertEquals(RateSearch.Verdict.GENERATOR, a.verdict());
        assertTrue(!a.verdict().found());
        assertEquals(SENDER, a.limitBps());
        assertEquals(1, r.steps().size());
        assertTrue(a.reason().contains("37 % of a core") && a.reason().contains("its host at 20 %") && a.reason().contains("line rate of"), a.reason());
    }

    @Test
    void aGivenMaximumIsTheHighBound() {
        List<Long> offered = new ArrayList<>();
        Run r = run(new RateSearch(List.of(0.0), RateSearch.Resolution.relative(0.05), 0.1, 200_000_000L), rate -> {
            offered.add(rate);
            return link(50_000_000L).apply(rate);
        });
        assertEquals(200_000_000L, offered.get(0));
        assertEquals(RateSearch.Verdict.CONVERGED, r.answer().verdict());
        assertTrue(r.answer().limitBps() <= 50_000_000L && r.answer().limitBps() >= 47_500_000L, "limit " + r.answer().limitBps());
    }

    @Test
    void aMaximumThatPassesSaysTheLimitIsAboveIt() {
        RateSearch.Answer a = run(new RateSearch(List.of(0.0), HALF_PERCENT, 0.1, 200_000_000L), link(500_000_000L)).answer();
        assertEquals(RateSearch.Verdict.AT_MAX, a.verdict());
        assertTrue(a.reason().contains("raise max:"), a.reason());
    }

    @Test
    void aSenderThatCannotReachTheMaximumBlamesTheGenerator() {
        RateSearch.Answer a = run(new RateSearch(List.of(0.0), HALF_PERCENT, 0.05, SENDER), rate -> link(Long.MAX_VALUE, 100_000_000L, Double.NaN, rate))
                .answer();
        assertEquals(RateSearch.Verdict.GENERATOR, a.verdict());
        assertTrue(a.reason().contains("reached only"), a.reason());
    }

    @Test
    void aLaterTrialThatFellShortStandsForTheRateItOffered() {
        RateSearch search = new RateSearch(List.of(0.0), RateSearch.Resolution.relative(0.01), 0.01, 0);
        List<RateSearch.Step> steps = List.of(
                new RateSearch.Step(1, 0, new RateSearch.Outcome(true, null, 1e9, 97e6, 90.3, 0, 5, Double.NaN, null, 40, 20)),
                new RateSearch.Step(2, 97_000_000L, new RateSearch.Outcome(true, null, 80e6, 80e6, 0, 0, 5, Double.NaN, null, 40, 20)));
        assertTrue(search.next(steps).isPresent(), "no verdict on the generator for a later trial");
        RateSearch.Answer a = search.answers(steps).get(0);
        assertEquals(80_000_000L, a.limitBps(), "it passed at what it sent, not at what it was asked");
    }

    @Test
    void theTrialCountIsBoundedWhateverTheResolution() {
        RateSearch search = new RateSearch(List.of(0.0), RateSearch.Resolution.relative(1e-9), 0.01, 0);
        assertEquals(RateSearch.MAX_TRIALS, search.maxTrials());
        // a link whose forwarding rate at overload says little: it forwards a tenth of what it gets above its capacity
        Run r = run(search, rate -> {
            double sent = rate == 0 ? SENDER : rate;
            double forwarded = sent <= 333_333_333L ? sent : sent / 10;
            return new RateSearch.Outcome(true, null, sent, forwarded, 100 * (sent - forwarded) / sent, 0, 5, Double.NaN, null, 40, 20);
        });
        assertEquals(RateSearch.MAX_TRIALS, r.steps().size());
        assertEquals(RateSearch.Verdict.BUDGET, r.answer().verdict());
        assertTrue(r.answer().limitBps() > 0 && r.answer().limitBps() <= 333_333_333L && r.answer().reason().contains("between"), r.answer().reason());
    }

    @Test
    void theWorstCaseBoundsEverySearchOfThatResolution() {
        for (double resolution : new double[] {0.001, 0.005, 0.02, 0.1}) {
            RateSearch search = new RateSearch(List.of(0.0, 1.0), RateSearch.Resolution.relative(resolution), 0.01, 0);
            for (long capacity = 11_000_000L; capacity < SENDER; capacity = capacity * 3 / 2) {
                long c = capacity;
                Run r = run(search, rate -> {
                    double sent = rate == 0 ? SENDER : rate;
                    double forwarded = Math.min(sent, c) * 0.97; // a forwarding rate that misleads a little
                    double lossPct = sent <= c ? 0 : Math.min(100, 100 * (sent - c) / sent + 0.5);
                    return new RateSearch.Outcome(true, null, sent, forwarded, lossPct, 0, 5, Double.NaN, null, 40, 20);
                });
                assertTrue(r.steps().size() <= search.maxTrials(), resolution + " at " + capacity + ": " + r.steps().size() + " > " + search.maxTrials());
                assertTrue(r.answers().stream().allMatch(a -> a.verdict() == RateSearch.Verdict.CONVERGED), r.answers().toString());
            }
        }
    }

    @Test
    void lossEvenAtTheLowestRateStopsAtTheFloor() {
        Run r = run(new RateSearch(List.of(0.0), HALF_PERCENT, 0.2, 0),
                rate -> new RateSearch.Outcome(true, null, rate == 0 ? SENDER : rate, Double.NaN, 3.0, 0, 5, Double.NaN, null, 40, 20));
        RateSearch.Answer a = r.answer();
        assertEquals(RateSearch.Verdict.LOSS_AT_LOWEST, a.verdict());
        assertEquals(Math.round(SENDER * 0.2), r.steps().get(r.steps().size() - 1).offeredBps(), "the floor was tried last");
        assertTrue(a.reason().contains("lowest rate") && a.reason().contains("lower low:"), a.reason());
    }

    @Test
    void aFailedOrShortTrialEndsTheSearchForEveryTarget() {
        Run failed = run(new RateSearch(List.of(0.0, 0.5), HALF_PERCENT, 0.05, 0),
                rate -> rate == 0 ? link(100_000_000L).apply(0) : new RateSearch.Outcome(false, "h2: no data for 10 s", 0, 0, 0, 0, 0, 0, null, 0, 0));
        assertEquals(2, failed.steps().size());
        assertTrue(failed.answers().stream().allMatch(a -> a.verdict() == RateSearch.Verdict.TRIAL_FAILED && a.reason().contains("no data")));
        Run shortRun = run(ndr(), rate -> new RateSearch.Outcome(true, null, SENDER, 1e8, 90, 0, 1, Double.NaN, null, 40, 20));
        assertEquals(RateSearch.Verdict.TOO_SHORT, shortRun.answer().verdict());
        assertTrue(shortRun.answer().reason().contains("make trial: longer"), shortRun.answer().reason());
    }

    @Test
    void aLuckyPassAboveAFailureIsNotTheLimit() {
        RateSearch search = new RateSearch(List.of(0.0), RateSearch.Resolution.relative(0.01), 0.01, 0);
        List<RateSearch.Step> steps = List.of(
                new RateSearch.Step(1, 0, new RateSearch.Outcome(true, null, 1e9, 97e6, 90.3, 0, 5, Double.NaN, null, 40, 20)),
                new RateSearch.Step(2, 97_500_000L, new RateSearch.Outcome(true, null, 97.5e6, 97.2e6, 0.3, 0, 5, Double.NaN, null, 40, 20)),
                new RateSearch.Step(3, 97_000_000L, new RateSearch.Outcome(true, null, 97e6, 97e6, 0, 0, 5, Double.NaN, null, 40, 20)),
                new RateSearch.Step(4, 98_000_000L, new RateSearch.Outcome(true, null, 98e6, 98e6, 0, 0, 5, Double.NaN, null, 40, 20)));
        RateSearch.Answer a = search.answers(steps).get(0);
        assertEquals(RateSearch.Verdict.CONVERGED, a.verdict());
        assertEquals(97_000_000L, a.limitBps(), "the pass at 98 Mbit/s lies above the failure at 97.5: it is not the limit");
        assertEquals(97_500_000L, a.failBps());
    }

    @Test
    void aPassAtTheForwardingRateClimbsInGrowingStepsNotByBisectingFromTheTop() {
        // the forwarding rate at overload is exactly the limit: the second trial passes, the bracket's top is the unpaced first
        Run r = run(ndr(), link(97_000_000L));
        assertTrue(r.steps().size() <= 5, r.steps().size() + " trials: " + r.steps());
        assertTrue(r.steps().stream().skip(1).allMatch(s -> s.offeredBps() < 100_000_000L), "no trial halfway to the sender's full speed");
    }

    @Test
    void refusesSettingsWithoutMeaning() {
        assertThrows(IllegalArgumentException.class, () -> new RateSearch(List.of(100.0), HALF_PERCENT, 0.05, 0));
        assertThrows(IllegalArgumentException.class, () -> new RateSearch(List.of(), HALF_PERCENT, 0.05, 0));
        assertThrows(IllegalArgumentException.class, () -> new RateSearch(List.of(0.0), HALF_PERCENT, 1.0, 0));
        assertThrows(IllegalArgumentException.class, () -> RateSearch.Resolution.relative(1.0));
        assertThrows(IllegalArgumentException.class, () -> new RateSearch.Resolution(0.01, 100));
    }
}
