package benchsh.shell.limit;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * The search of RFC 2544 §26.1 (throughput) for one or more loss targets at once, from one shared set of trials
 * (MLRsearch, draft-ietf-bmwg-mlrsearch): for each target the highest offered rate whose loss stays at or under it. No
 * I/O: it proposes the next trial's rate from the trials so far ({@link #next}) and judges them ({@link #answers}), so it
 * can be tested against a fake link. The first trial sets the high bound (unpaced: whatever the sender reaches; or the
 * given maximum). A target the first trial fails is bracketed from below: first at the rate the receiver got in the
 * lowest failing trial (the device's forwarding rate under overload), then ever further down in steps that double from
 * the resolution; once a rate passes, up in such steps while the failure is far, and then bisection narrows the bracket to
 * the resolution (relative to the limit, or absolute). Every trial counts for every target. Rates are payload bits/s. Immutable; thread-safe.
 */
public final class RateSearch {
    /** Trials in one search, at most, whatever the resolution. */
    public static final int MAX_TRIALS = 30;
    /** Interval samples a trial must give: two show that the sender held its pace across the trial. */
    public static final int MIN_SAMPLES = 2;
    /** A paced sender that reaches less than this share of the offered rate is at its own limit. */
    public static final double SENDER_SHARE = 0.9;
    /** A rate at least this share of the sender's line rate, and not above it by more than {@link #LINE_ABOVE}, is the line rate. */
    public static final double LINE_SHARE = 0.97;
    /**
     * How far above its line rate a sender's rate can be and still be held by it: a shaper's burst lets a short trial pass
     * a little more; a rate far above it is not held by that line (a veth's speed, or a link: that is not the bottleneck).
     */
    public static final double LINE_ABOVE = 1.1;

    /**
     * What a trial measured.
     *
     * @param ok            whether the trial itself worked (a failed test ends the search)
     * @param error         why a trial that did not work failed, or null
     * @param sentBps       payload bits/s the sender offered: what it sent (and its host refused) over the trial's time
     * @param forwardedBps  payload bits/s the receiver got, NaN when unknown
     * @param lossPct       what the sender offered and the receiver did not get, sends its own host refused included, in percent
     * @param sendErrors    sends the sender's own host refused
     * @param samples       interval samples the trial gave
     * @param lineBps       the sender's line rate as payload bits/s of this datagram size, NaN when unknown
     * @param line          that line rate in words ("eth0's tbf at 100 Mbit/s"), or null
     * @param senderCorePct the sender's peer process's CPU in % of one core, NaN when unknown
     * @param senderHostPct the sender's host CPU (all CPUs) in %, NaN when unknown
     */
    public record Outcome(boolean ok, String error, double sentBps, double forwardedBps, double lossPct, long sendErrors, int samples,
                          double lineBps, String line, double senderCorePct, double senderHostPct) {
    }

    /** A trial of the search: the rate offered (0 unpaced) and its outcome. */
    public record Step(int number, long offeredBps, Outcome outcome) {
        boolean passes(double targetLossPct) {
            return outcome.lossPct() <= targetLossPct;
        }
    }

    /** How a search ended for one target. */
    public enum Verdict {
        /** the limit is known to within the resolution */
        CONVERGED("converged", true),
        /** nothing over the target was lost at the sender's own line rate: the device forwards all a link can carry */
        LINE_RATE("line rate", true),
        /** the sender cannot offer more than what passed, and that is below its line rate: its CPU is the limit */
        GENERATOR("generator at its limit", false),
        /** no loss over the target even at the given maximum */
        AT_MAX("passes at max", false),
        /** even the lowest rate lost more than the target */
        LOSS_AT_LOWEST("loss at the lowest rate", false),
        /** a trial gave fewer interval samples than {@link #MIN_SAMPLES} */
        TOO_SHORT("trials too short", false),
        /** a trial failed */
        TRIAL_FAILED("a trial failed", false),
        /** the trial budget ran out before the resolution was reached */
        BUDGET("trial budget spent", false);

        private final String text;
        private final boolean found;

        Verdict(String text, boolean found) {
            this.text = text;
            this.found = found;
        }

        public String text() {
            return text;
        }

        /** Whether the limit was found (the result is ok). */
        public boolean found() {
            return found;
        }
    }

    /**
     * The search's answer for one loss target.
     *
     * @param limitBps the highest passing rate (payload bits/s; the bracket's bottom), 0 if none passed
     * @param limit    the trial at that rate, or null
     * @param failBps  the lowest rate that lost more than the target (the bracket's top), 0 if none did
     * @param highBps  the high bound the search started from
     * @param reason   why a search that did not find the limit stopped, or null
     */
    public record Answer(double targetLossPct, Verdict verdict, long limitBps, Step limit, long failBps, long highBps, String reason) {
    }

    /**
     * When the search stops: the bracket (lowest failing minus highest passing rate) is at most {@code fraction} of the
     * highest passing rate, or at most {@code bps} bits/s (whichever is given; the other is 0).
     */
    public record Resolution(double fraction, long bps) {
        public Resolution {
            if (!(fraction >= 0 && fraction < 1) || bps < 0 || (fraction > 0) == (bps > 0)) {
                throw new IllegalArgumentException("a resolution is a fraction between 0 and 1 or a rate above 0, not both");
            }
        }

        public static Resolution relative(double fraction) {
            return new Resolution(fraction, 0);
        }

        public static Resolution absolute(long bps) {
            return new Resolution(0, bps);
        }

        /** Whether a bracket from {@code pass} to {@code fail} is narrow enough. */
        boolean reached(long pass, long fail) {
            return fail - pass <= (bps > 0 ? bps : fraction * pass);
        }

        /** The resolution as a share of {@code rate}: the first step down from it. */
        double share(long rate) {
            return bps > 0 ? Math.min(0.5, (double) bps / rate) : fraction;
        }
    }

    private final List<Double> targets;
    private final Resolution resolution;
    private final double lowShare;
    private final long maxBps;

    /**
     * @param targetsPct the losses allowed, in percent, each 0 to under 100, ascending (NDR first)
     * @param lowShare   the lowest rate tried, as a fraction of the high bound (0 to under 1)
     * @param maxBps     the high bound to start at; 0 to start unpaced
     */
    public RateSearch(List<Double> targetsPct, Resolution resolution, double lowShare, long maxBps) {
        if (targetsPct.isEmpty() || targetsPct.stream().anyMatch(t -> !(t >= 0 && t < 100)) || !(lowShare > 0 && lowShare < 1) || maxBps < 0) {
            throw new IllegalArgumentException("need losses from 0 to under 100 %, 0 < low < 1 and max >= 0");
        }
        this.targets = targetsPct.stream().sorted().distinct().toList();
        this.resolution = resolution;
        this.lowShare = lowShare;
        this.maxBps = maxBps;
    }

    public List<Double> targets() {
        return targets;
    }

    /**
     * The worst-case number of trials: the first, then per target the steps down to the low bound (each twice the last)
     * and as many halvings back to the resolution; at most {@link #MAX_TRIALS} (which an absolute resolution, not knowing
     * the high bound, takes).
     */
    public int maxTrials() {
        if (resolution.bps() > 0 && maxBps == 0) {
            return MAX_TRIALS;
        }
        double share = resolution.bps() > 0 ? resolution.share(maxBps) : resolution.fraction();
        int steps = (int) Math.ceil(Math.log((1 - lowShare) / share) / Math.log(2)) + 1;
        return Math.min(MAX_TRIALS, 1 + targets.size() * 2 * Math.max(1, steps));
    }

    /** The rate of the next trial (0: unpaced), or empty when every target is decided or the search must stop. */
    public OptionalLong next(List<Step> steps) {
        if (steps.isEmpty()) {
            return OptionalLong.of(maxBps);
        }
        if (broken(steps) != null || steps.size() >= MAX_TRIALS) {
            return OptionalLong.empty();
        }
        for (double t : targets) {
            Bracket b = new Bracket(t, steps);
            if (!b.decided()) {
                return OptionalLong.of(b.next());
            }
        }
        return OptionalLong.empty();
    }

    /** What the trials say for every target, in ascending order of loss. */
    public List<Answer> answers(List<Step> steps) {
        List<Answer> out = new ArrayList<>();
        Answer broken = steps.isEmpty() ? null : broken(steps);
        for (double t : targets) {
            out.add(broken != null ? new Answer(t, broken.verdict(), 0, null, 0, broken.highBps(), broken.reason()) : answer(t, steps));
        }
        return out;
    }

    private Answer answer(double t, List<Step> steps) {
        Step first = steps.get(0);
        long high = high(steps);
        Outcome o = first.outcome();
        if (first.passes(t)) {
            // offered at max: and passed (the sender reached it, or the search broke off), or all an unpaced sender could send
            long top = rate(first, high);
            if (o.sendErrors() == 0 && (atLine(top, o.lineBps()) || atLine(maxBps, o.lineBps()))) {
                return new Answer(t, Verdict.LINE_RATE, top, first, 0, high, null);
            }
            if (maxBps > 0) {
                return new Answer(t, Verdict.AT_MAX, top, first, 0, high, "no loss over the target even at max: " + maxBps
                        + " bit/s; the limit is at least that: raise max: (or leave it out to start at the sender's full speed)");
            }
            return new Answer(t, Verdict.GENERATOR, top, first, 0, high, generator(o));
        }
        Bracket b = new Bracket(t, steps);
        if (b.pass != null && resolution.reached(b.passRate, b.failRate)) {
            boolean line = atLine(b.passRate, o.lineBps());
            return new Answer(t, line ? Verdict.LINE_RATE : Verdict.CONVERGED, b.passRate, b.pass, b.failRate, high, null);
        }
        if (b.pass == null && b.failRate <= b.floor) {
            return new Answer(t, Verdict.LOSS_AT_LOWEST, 0, null, b.failRate, high, String.format(Locale.ROOT,
                    "%.3g %% lost even at the lowest rate, %d bit/s (low: %.3g %% of the high bound): lower low: or check the link",
                    b.fail.outcome().lossPct(), b.failRate, 100 * lowShare));
        }
        return new Answer(t, Verdict.BUDGET, b.passRate, b.pass, b.failRate, high, "stopped after " + steps.size() + " trials with the limit between "
                + b.passRate + " and " + b.failRate + " bit/s: a coarser resolution: or a narrower start (max:, low:)" + shortfall(steps));
    }

    /** Whether {@code rateBps} is at the line rate {@code lineBps} (NaN: unknown, never). */
    static boolean atLine(double rateBps, double lineBps) {
        return rateBps >= LINE_SHARE * lineBps && rateBps <= LINE_ABOVE * lineBps;
    }

    /** Why a sender whose full speed passed is the limit: what it reached, its CPU, and its line rate when known. */
    private static String generator(Outcome o) {
        String cpu = cpu(o);
        String below = Double.isNaN(o.lineBps()) ? "" : String.format(Locale.ROOT, ", %s its line rate of %.0f bit/s of payload (%s)",
                o.sentBps() < o.lineBps() ? "below" : "above", o.lineBps(), o.line());
        return String.format(Locale.ROOT, "the sender's full speed, %.0f bit/s, passed%s%s: the limit is above what this sender reaches; give it"
                + " batch: or a faster host, or state the line rate with link:", o.sentBps(), cpu, below);
    }

    /** "; the sender fell short of the rate asked for in 3 trials (trial 5: 80 % of it): its host is busy", or "" when it never did. */
    private static String shortfall(List<Step> steps) {
        List<Step> fellShort = steps.stream().filter(s -> s.offeredBps() > 0 && s.outcome().sentBps() < SENDER_SHARE * s.offeredBps()).toList();
        if (fellShort.isEmpty()) {
            return "";
        }
        Step worst = fellShort.stream().min(java.util.Comparator.comparingDouble(s -> s.outcome().sentBps() / s.offeredBps())).orElseThrow();
        return String.format(Locale.ROOT, "; the sender fell short of the rate asked for in %d trial%s (trial %d: %.0f %% of it%s): its host is busy",
                fellShort.size(), fellShort.size() == 1 ? "" : "s", worst.number(), 100 * worst.outcome().sentBps() / worst.offeredBps(), cpu(worst.outcome()));
    }

    /** " at 97 % of a core (its host at 55 %)": the sender's CPU in a trial, or "" when unknown. */
    private static String cpu(Outcome o) {
        return Double.isNaN(o.senderCorePct()) ? "" : String.format(Locale.ROOT, " at %.0f %% of a core (its host at %.0f %%)", o.senderCorePct(),
                o.senderHostPct());
    }

    /** The high bound: max:, else what the first (unpaced) trial sent. */
    private long high(List<Step> steps) {
        return maxBps > 0 ? maxBps : Math.round(steps.get(0).outcome().sentBps());
    }

    /**
     * The rate a step stands for: what the sender offered (the rate asked for, or less where it fell short), and for the
     * first, unpaced trial the high bound it set.
     */
    private long rate(Step s, long high) {
        if (s.number() == 1 && maxBps == 0) {
            return high;
        }
        double sent = s.outcome().sentBps();
        return Double.isNaN(sent) ? s.offeredBps() : Math.min(s.offeredBps(), Math.round(sent));
    }

    /** Where one target stands: its lowest failing trial, its highest passing one below that, and the lowest rate allowed. */
    private final class Bracket {
        final Step fail;
        final long failRate;
        final Step pass;
        final long passRate;
        final long floor;
        final int stepsDown;
        final int stepsUp;
        final boolean topPasses;

        Bracket(double t, List<Step> steps) {
            long high = high(steps);
            topPasses = steps.get(0).passes(t);
            Step lowestFail = null;
            int down = 0;
            int up = 0;
            for (Step s : steps) {
                up += s.passes(t) ? 1 : 0;
                if (!s.passes(t)) {
                    down += s.number() == 1 ? 0 : 1;
                    if (lowestFail == null || rate(s, high) < rate(lowestFail, high)) {
                        lowestFail = s;
                    }
                }
            }
            fail = lowestFail;
            failRate = fail == null ? 0 : rate(fail, high);
            Step bestPass = null;
            for (Step s : steps) {
                if (s.passes(t) && rate(s, high) < failRate && (bestPass == null || rate(s, high) > rate(bestPass, high))) {
                    bestPass = s;
                }
            }
            pass = bestPass;
            passRate = pass == null ? 0 : rate(pass, high);
            floor = Math.max(1, Math.round(high * lowShare));
            stepsDown = down;
            stepsUp = up;
        }

        boolean decided() {
            return topPasses || pass != null && resolution.reached(passRate, failRate) || pass == null && failRate <= floor;
        }

        /**
         * Before a rate passed, a step down from the lowest failure, twice as far as the last (the first as far as the
         * resolution), and no higher than the rate the receiver got there; never under the floor. Once one passed, a
         * step up from it, twice as far as the last (the first twice the resolution), or the middle of the bracket if that
         * is nearer.
         */
        long next() {
            if (pass != null) {
                long up = Math.round(passRate * (1 + Math.min(1, resolution.share(passRate) * Math.pow(2, stepsUp))));
                return Math.min(passRate + (failRate - passRate) / 2, Math.max(passRate + 1, up));
            }
            double down = failRate * (1 - Math.min(1, resolution.share(failRate) * Math.pow(2, stepsDown)));
            double forwarded = fail.outcome().forwardedBps();
            if (forwarded > 0 && forwarded < down) {
                down = forwarded;
            }
            return Math.max(floor, Math.min(failRate - 1, Math.round(down)));
        }
    }

    /**
     * The answer that ends the search for every target: a trial that failed or was too short, or a sender that fell short
     * of max: (not held back by its own line: by its CPU or its busy host); else null. A later trial that fell short
     * stands for the rate it offered.
     */
    private Answer broken(List<Step> steps) {
        long high = high(steps);
        for (Step s : steps) {
            if (!s.outcome().ok()) {
                return new Answer(Double.NaN, Verdict.TRIAL_FAILED, 0, null, 0, high, "trial " + s.number() + " failed: " + s.outcome().error());
            }
            if (s.outcome().samples() < MIN_SAMPLES) {
                return new Answer(Double.NaN, Verdict.TOO_SHORT, 0, null, 0, high, "trial " + s.number() + " gave " + s.outcome().samples()
                        + " interval samples, fewer than " + MIN_SAMPLES + ": make trial: longer or interval: shorter");
            }
        }
        if (high <= 0) {
            return new Answer(Double.NaN, Verdict.GENERATOR, 0, null, 0, 0, "the sender sent nothing at full speed");
        }
        Outcome first = steps.get(0).outcome();
        boolean heldByItsLine = first.sendErrors() == 0 && atLine(first.sentBps(), first.lineBps());
        if (maxBps > 0 && first.sentBps() < SENDER_SHARE * maxBps && !heldByItsLine) {
            return new Answer(Double.NaN, Verdict.GENERATOR, 0, null, 0, high, String.format(Locale.ROOT, "the sender reached only %.0f of the %d"
                    + " bit/s asked for%s: its host is too busy or too slow for the rate; lower max: or use a faster sender", first.sentBps(), maxBps,
                    cpu(first)));
        }
        return null;
    }
}
