package benchsh.shell.limit;

import java.util.ArrayList;
import java.util.List;

/**
 * The search of RFC 2544 §26.1 (throughput): the highest offered rate whose loss stays at or under a target,
 * found by binary search with one trial per step. No I/O: the trials are a function handed in, so the search
 * can be tested against a fake link. The first trial sets the high bound (unpaced: whatever the sender
 * reaches; or the given maximum), the low bound is a fraction of it, and the search stops when the gap
 * between the highest passing and the lowest failing rate is at most the resolution (a fraction of the
 * high bound) or the trial budget is spent. Rates are payload bits/s. Not thread-safe; one search per instance.
 */
public final class RateSearch {
    /** Trials in one search, at most, whatever the resolution. */
    public static final int MAX_TRIALS = 20;
    /** A paced sender that reaches less than this share of the offered rate is at its own limit. */
    public static final double SENDER_SHARE = 0.9;

    /** One trial: offer {@code rateBps} (0: as fast as the sender can) and report what happened. */
    @FunctionalInterface
    public interface Trial {
        Outcome run(int number, long rateBps) throws Exception;
    }

    /**
     * What a trial measured.
     *
     * @param ok          whether the trial itself worked (a failed test ends the search)
     * @param sentBps     payload bits/s the sender actually sent
     * @param lossPct     datagrams lost / sent, in percent
     * @param sendErrors  sends the sender's own host refused (loss at the sender)
     * @param intervals   interval samples the trial produced
     * @param error       why a trial that did not work failed, or null
     */
    public record Outcome(boolean ok, double sentBps, double lossPct, long sendErrors, int intervals, String error) {
    }

    /** A trial of the search: the rate offered (0 unpaced) and its outcome. */
    public record Step(int number, long offeredBps, Outcome outcome) {
    }

    /** How a search ended. */
    public enum Verdict {
        /** the limit is known to within the resolution */
        CONVERGED("converged"),
        /** the sender cannot offer more: the link's limit is above what it reaches */
        GENERATOR("generator at its limit"),
        /** even the lowest rate lost more than the target */
        LOSS_AT_LOWEST("loss at the lowest rate"),
        /** a trial gave fewer than two interval samples */
        TOO_SHORT("trials too short"),
        /** a trial failed */
        TRIAL_FAILED("a trial failed"),
        /** the trial budget ran out before the resolution was reached */
        BUDGET("trial budget spent");

        private final String text;

        Verdict(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /**
     * The search's answer.
     *
     * @param limitBps the highest passing offered rate (payload bits/s), 0 if none passed
     * @param limit    the trial at that rate, or null
     * @param highBps  the high bound the search started from
     * @param gapBps   the final distance between the highest pass and the lowest failure
     * @param reason   why a search that did not converge stopped, or null
     */
    public record Answer(Verdict verdict, long limitBps, Step limit, long highBps, long gapBps, List<Step> steps, String reason) {
        public boolean converged() {
            return verdict == Verdict.CONVERGED;
        }
    }

    private final double targetLossPct;
    private final double resolution;
    private final double lowShare;
    private final long maxBps;

    /**
     * @param targetLossPct the loss allowed, in percent, 0 to under 100
     * @param resolution    the gap to stop at, as a fraction of the high bound (0 to under 1)
     * @param lowShare      the low bound as a fraction of the high bound (0 to under 1)
     * @param maxBps        the high bound to start at; 0 to start unpaced
     */
    public RateSearch(double targetLossPct, double resolution, double lowShare, long maxBps) {
        if (!(targetLossPct >= 0 && targetLossPct < 100) || !(resolution > 0 && resolution < 1) || !(lowShare > 0 && lowShare < 1) || maxBps < 0) {
            throw new IllegalArgumentException("need 0 <= loss < 100 %, 0 < resolution < 1, 0 < low < 1 and max >= 0");
        }
        this.targetLossPct = targetLossPct;
        this.resolution = resolution;
        this.lowShare = lowShare;
        this.maxBps = maxBps;
    }

    /** The worst-case number of trials: the first, the halvings down to the resolution, and the low bound; at most {@link #MAX_TRIALS}. */
    public int maxTrials() {
        int halvings = (int) Math.ceil(Math.log((1 - lowShare) / resolution) / Math.log(2));
        return Math.min(MAX_TRIALS, 2 + Math.max(0, halvings));
    }

    public Answer run(Trial trial) throws Exception {
        List<Step> steps = new ArrayList<>();
        int budget = maxTrials();
        Step first = step(trial, steps, maxBps);
        Answer early = broken(first, steps, 0);
        if (early != null) {
            return early;
        }
        long high = maxBps > 0 ? maxBps : Math.round(first.outcome().sentBps());
        if (high <= 0) {
            return new Answer(Verdict.GENERATOR, 0, null, 0, 0, steps, "the sender sent nothing at full speed");
        }
        if (maxBps > 0 && first.outcome().sentBps() < SENDER_SHARE * maxBps) {
            return new Answer(Verdict.GENERATOR, 0, null, high, 0, steps, String.format(java.util.Locale.ROOT,
                    "the sender reached only %.0f of the %d bit/s asked for: lower max: or use a faster sender", first.outcome().sentBps(), maxBps));
        }
        if (first.outcome().sendErrors() > 0) {
            return new Answer(Verdict.GENERATOR, 0, null, high, 0, steps,
                    first.outcome().sendErrors() + " sends failed at the sender itself at the high bound: its host, not the link, is the limit");
        }
        if (passes(first)) {
            String why = maxBps > 0 ? "no loss over the target even at max: " + maxBps + " bit/s; the limit is at least that"
                    : "no loss over the target at the sender's full speed; the link's limit is above what this sender reaches";
            return new Answer(Verdict.GENERATOR, high, first, high, 0, steps, why);
        }
        long low = Math.max(1, Math.round(high * lowShare));
        long pass = low;
        long fail = high;
        Step best = null;
        long stopAt = Math.max(1, Math.round(high * resolution));
        // a slot is kept for the low bound until some rate passed
        while (fail - pass > stopAt && steps.size() < budget - (best == null ? 1 : 0)) {
            long mid = pass + (fail - pass) / 2;
            Step s = step(trial, steps, mid);
            Answer stop = broken(s, steps, high);
            if (stop != null) {
                return stop;
            }
            if (passes(s)) {
                pass = mid;
                best = s;
            } else {
                fail = mid;
            }
        }
        if (best == null) {
            Step s = step(trial, steps, low);
            Answer stop = broken(s, steps, high);
            if (stop != null) {
                return stop;
            }
            if (!passes(s)) {
                return new Answer(Verdict.LOSS_AT_LOWEST, 0, null, high, fail, steps, String.format(java.util.Locale.ROOT,
                        "%.3g %% lost even at the lowest rate, %d bit/s (%.3g %% of the high bound): lower low: or check the link",
                        s.outcome().lossPct(), low, 100 * lowShare));
            }
            best = s;
        }
        long gap = fail - pass;
        if (gap > stopAt) {
            return new Answer(Verdict.BUDGET, pass, best, high, gap, steps,
                    "stopped after " + steps.size() + " trials with the limit between " + pass + " and " + fail + " bit/s");
        }
        return new Answer(Verdict.CONVERGED, pass, best, high, gap, steps, null);
    }

    private boolean passes(Step s) {
        return s.outcome().lossPct() <= targetLossPct;
    }

    private static Step step(Trial trial, List<Step> steps, long rate) throws Exception {
        int n = steps.size() + 1;
        Step s = new Step(n, rate, trial.run(n, rate));
        steps.add(s);
        return s;
    }

    /** The answer that ends the search at a trial that failed or was too short, or null to go on. */
    private static Answer broken(Step s, List<Step> steps, long high) {
        if (!s.outcome().ok()) {
            return new Answer(Verdict.TRIAL_FAILED, 0, null, high, 0, steps, "trial " + s.number() + " failed: " + s.outcome().error());
        }
        if (s.outcome().intervals() < 2) {
            return new Answer(Verdict.TOO_SHORT, 0, null, high, 0, steps, "trial " + s.number() + " gave " + s.outcome().intervals()
                    + " interval samples, fewer than two: make trial: longer or interval: shorter");
        }
        return null;
    }
}
