package benchsh.shell.limit;

import benchsh.shell.result.Status;
import benchsh.shell.run.Series;
import benchsh.shell.run.Test;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * {@code limit} as a {@link Series} for the executor: the udp trials of a {@link RateSearch} (each tagged {@code trial:
 * n}), then with {@code confirm: N} N more at each limit found ({@code confirm: k}), then with {@code latency: true} a
 * round trip probe beside a stream at 10, 50, 90 and 100 % of each limit ({@code load_pct}); and at the end one result of
 * test {@code limit} per loss target ({@link LimitRows}). What the trials measured comes back typed ({@link
 * TrialOutcomes}). A sender that fell short of the rate it was paced to (its host busy) is paced that much higher next, at
 * most a quarter, so that it offers the rate the round is for; a trial stands for the rate it offered. Holds one run's
 * state: used once, by the script's thread.
 */
public final class LimitSeries implements Series {
    /** The most a sender is asked for above a rate, so that one that fell short (its host busy) offers that rate: a quarter more. */
    public static final double MAX_CORRECTION = 1.25;
    /** A shortfall the pacing is not corrected for: a pacer's own, and a count of whole datagrams. */
    static final double PACING_SLACK = 0.01;
    /** The shares of a limit the latency is probed at, in %: RFC 2544 §26.2 asks for 100, test labs add 10, 50 and 90. */
    public static final List<Integer> LOADS = List.of(10, 50, 90, 100);

    /** The tests the series asks for: a udp stream at a payload rate (0: unpaced), and a round-trip probe to run beside one. */
    public interface Tests {
        Test stream(long rateBps);

        Test probe();
    }

    /** What a round was for. */
    enum Phase {
        SEARCH,
        CONFIRM,
        PROBE
    }

    /** A round asked for: what for, at which payload rate, and for a probe at which share of the limit (%). */
    record Asked(Phase phase, long rateBps, int loadPct) {
    }

    private final RateSearch search;
    private final int confirm;
    private final boolean latency;
    private final Tests tests;
    private final TrialOutcomes outcomes;
    private final LimitRows rows;
    private final List<Asked> asked = new ArrayList<>();
    /** The rate each round's stream was paced to (0: unpaced), by round. */
    private final List<Long> paced = new ArrayList<>();
    /** Each round's stream (the test beside which a probe runs), by round. */
    private final List<Test> streams = new ArrayList<>();
    private final List<LimitFigures> derived = new ArrayList<>();

    /**
     * @param confirm repeats of each limit found, 0 for none
     * @param latency whether to probe the latency at each limit found
     */
    public LimitSeries(RateSearch search, int confirm, boolean latency, Tests tests, TrialOutcomes outcomes, LimitRows rows) {
        this.search = search;
        this.confirm = confirm;
        this.latency = latency;
        this.tests = tests;
        this.outcomes = outcomes;
        this.rows = rows;
    }

    @Override
    public String name() {
        return "limit";
    }

    @Override
    public Round next(List<Trial> trials) {
        List<RateSearch.Step> steps = steps(trials);
        OptionalLong rate = search.next(steps);
        if (rate.isPresent()) {
            return ask(new Asked(Phase.SEARCH, rate.getAsLong(), 0), Map.of("trial", steps.size() + 1), trials);
        }
        List<Long> limits = limits(search.answers(steps));
        for (long limit : limits) {
            long done = asked.stream().filter(a -> a.phase() == Phase.CONFIRM && a.rateBps() == limit).count();
            if (done < confirm) {
                return ask(new Asked(Phase.CONFIRM, limit, 0), Map.of("confirm", (int) done + 1), trials);
            }
        }
        for (long limit : latency ? limits : List.<Long>of()) {
            for (int load : LOADS) {
                if (!asked.contains(new Asked(Phase.PROBE, limit, load))) {
                    return ask(new Asked(Phase.PROBE, limit, load), Map.of("load_pct", load), trials);
                }
            }
        }
        return null;
    }

    /** The round asked for: its stream paced to its rate (or a share of it), corrected for a sender that fell short. */
    private Round ask(Asked a, Map<String, Object> tags, List<Trial> trials) {
        long rate = a.phase() == Phase.PROBE ? Math.max(1, a.rateBps() * a.loadPct() / 100) : a.rateBps();
        long pace = Math.round(rate * correction(trials));
        Test stream = tests.stream(pace);
        asked.add(a);
        paced.add(pace);
        streams.add(stream);
        return a.phase() == Phase.PROBE ? new Round(List.of(stream, tests.probe()), tags) : Round.of(stream, tags);
    }

    /**
     * How much more than a rate to ask of the sender so that it offers that rate: what the last paced stream was asked
     * for over what it sent (a busy host's pacer falls behind), up to {@link #MAX_CORRECTION}; 1 within {@link #PACING_SLACK}.
     */
    private double correction(List<Trial> trials) {
        for (int i = trials.size() - 1; i >= 0; i--) {
            Trial t = trials.get(i);
            long pace = paced.get(t.round() - 1);
            if (pace > 0 && isStream(t)) {
                RateSearch.Outcome o = outcomes.of(t);
                double behind = o.ok() && o.sentBps() > 0 ? pace / o.sentBps() : 1;
                return behind > 1 + PACING_SLACK ? Math.min(MAX_CORRECTION, behind) : 1;
            }
        }
        return 1;
    }

    /**
     * The search's worst case (its first trial at max:, or unpaced; the rest at rates only trials tell, shown unpaced), then
     * the confirmations and probes of each loss target's limit.
     */
    @Override
    public List<Round> worstCase() {
        List<Round> rounds = new ArrayList<>();
        for (int n = 1; n <= search.maxTrials(); n++) {
            rounds.add(Round.of(tests.stream(n == 1 ? search.next(List.of()).orElse(0) : 0), Map.of("trial", n)));
        }
        for (int target = 0; target < search.targets().size(); target++) {
            for (int k = 1; k <= confirm; k++) {
                rounds.add(Round.of(tests.stream(0), Map.of("confirm", k)));
            }
            for (int load : latency ? LOADS : List.<Integer>of()) {
                rounds.add(new Round(List.of(tests.stream(0), tests.probe()), Map.of("load_pct", load)));
            }
        }
        return rounds;
    }

    @Override
    public List<Derived> derive(List<Trial> trials) {
        List<RateSearch.Step> steps = steps(trials);
        List<Trial> searched = of(trials, Phase.SEARCH);
        List<Derived> out = new ArrayList<>();
        for (RateSearch.Answer a : search.answers(steps)) {
            Trial atLimit = a.limit() == null ? null : searched.get(a.limit().number() - 1);
            List<Trial> confirms = of(trials, Phase.CONFIRM).stream().filter(t -> rate(t) == a.limitBps()).toList();
            Map<String, List<Trial>> probes = new LinkedHashMap<>();
            for (Trial t : trials) {
                Asked round = asked.get(t.round() - 1);
                if (round.phase() == Phase.PROBE && round.rateBps() == a.limitBps() && a.limitBps() > 0) {
                    probes.computeIfAbsent(Integer.toString(round.loadPct()), k -> new ArrayList<>()).add(t);
                }
            }
            out.add(rows.row(a, steps, searched.isEmpty() ? null : searched.get(0), confirms, probes, atLimit));
        }
        out.forEach(d -> derived.add((LimitFigures) d.figures()));
        return out;
    }

    /** The figures of the rows derived at the end (one per loss target), none before it (or in a plan). */
    public List<LimitFigures> figures() {
        return List.copyOf(derived);
    }

    /** The search's steps: its trials in order, each with the rate it offered and what it measured. */
    private List<RateSearch.Step> steps(List<Trial> trials) {
        List<RateSearch.Step> steps = new ArrayList<>();
        for (Trial t : of(trials, Phase.SEARCH)) {
            steps.add(new RateSearch.Step(steps.size() + 1, rate(t), outcomes.of(t)));
        }
        return steps;
    }

    /** The stream trials (not the probes beside them) of the rounds asked for {@code phase}. */
    private List<Trial> of(List<Trial> trials, Phase phase) {
        return trials.stream().filter(t -> asked.get(t.round() - 1).phase() == phase && isStream(t)).toList();
    }

    /** Whether a trial is its round's stream, not the probe beside it. */
    private boolean isStream(Trial t) {
        return t.test() == streams.get(t.round() - 1);
    }

    /** The rate a trial's round was asked for: the search's offer, or the limit it confirms or probes. */
    private long rate(Trial t) {
        return asked.get(t.round() - 1).rateBps();
    }

    /** The limits found, each once, in the order of the loss targets. */
    private static List<Long> limits(List<RateSearch.Answer> answers) {
        return answers.stream().filter(a -> a.verdict().found() && a.limitBps() > 0).map(RateSearch.Answer::limitBps).distinct().toList();
    }

    /** Whether a derived row is ok: its limit found and, when confirmed, every repeat met the target. */
    static Status status(RateSearch.Answer a, LimitFigures.Confirmed c) {
        return a.verdict().found() && (c == null || c.confirmPassed() == c.confirmRepeats()) ? Status.OK : Status.FAILED;
    }
}
