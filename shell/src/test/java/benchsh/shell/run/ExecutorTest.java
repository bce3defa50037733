package benchsh.shell.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchsh.peer.metric.Metric;
import benchsh.peer.metric.Unit;
import benchsh.peer.protocol.OrNull;
import benchsh.peer.workload.Interval;
import benchsh.shell.host.Host;
import benchsh.shell.host.HostException;
import benchsh.shell.host.PeerConnection;
import benchsh.shell.result.Result;
import benchsh.shell.result.Status;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The executor's modes on tests whose parts run in the shell (no peers): RUN measures and records, PLAN notes the
 * step and runs, records and connects nothing, COLLECT keeps the test for its together block, which starts its
 * tests at once; a stop asked for before a test keeps it from starting; a failure is recorded with what it measured.
 */
@Timeout(60)
class ExecutorTest {
    /** What the executor handed to the session: the results with their columns, and the text printed after rows. */
    static final class Kept implements Recorder {
        final List<Result> results = new CopyOnWriteArrayList<>();
        final List<List<String>> columns = new CopyOnWriteArrayList<>();
        final StringBuffer printed = new StringBuffer();

        @Override
        public Result record(Result r, List<String> cols) {
            results.add(r);
            columns.add(cols);
            return r;
        }

        @Override
        public void print(String text) {
            printed.append(text);
        }
    }

    /** A host no test may reach: every connection attempt is counted and fails. */
    static final class Unreachable extends Host {
        final AtomicInteger connects = new AtomicInteger();

        Unreachable(String name) {
            super(name);
        }

        @Override
        public String dataAddress() {
            return "192.0.2.1";
        }

        @Override
        protected PeerConnection connect() throws HostException {
            connects.incrementAndGet();
            throw new HostException(name(), "connect", "no route to host; check the address");
        }
    }

    final Kept kept = new Kept();
    final Control control = new Control();
    final Executor executor = new Executor(kept, () -> ProgressListener.NONE, control);
    final Unreachable a = new Unreachable("a");
    final Unreachable b = new Unreachable("b");
    /** How many times an action of {@link #measuring} ran. */
    final AtomicInteger ran = new AtomicInteger();
    final Plan plan = new Plan();
    /** A dry run, in a sweep's step and a repeat's second run. */
    final RunContext planning = RunContext.ROOT.withTags(Map.of("dir", "rx")).withRepeat(2).planning(plan);
    final List<RunContext.Collected> collected = new ArrayList<>();
    /** A together block, in a sweep's step. */
    final RunContext block = RunContext.ROOT.withTags(Map.of("dir", "tx")).collecting(collected);

    /** What a fake part measures: a rate, a jitter, and counts; a figure not measured is NaN or null. */
    record Fake(@Metric(unit = Unit.BITS_PER_SECOND, means = "a rate") double throughputBps,
                @Metric(unit = Unit.MICROSECONDS, means = "a jitter") double jitterUs,
                @Metric(unit = Unit.BYTES, means = "bytes") @OrNull Long bytes,
                @Metric(unit = Unit.COUNT, means = "files") @OrNull Long files) {
        static Fake rate(double bps) {
            return new Fake(bps, Double.NaN, null, null);
        }
    }

    /** A part in the shell that measures {@code figures}, with the given status and error. */
    Part measuring(Status status, String error, Fake figures) {
        return new Part.InShell(() -> {
            ran.incrementAndGet();
            return new PartOutcome(status, error, Instant.EPOCH, Merged.of(figures, List.of(new Interval<>(0.0, 1.0, null))));
        });
    }

    benchsh.shell.run.Test.Builder test(Part part) {
        return benchsh.shell.run.Test.of("fake", a, b).params(Map.of("size", 1024L)).tags(Map.of("label", "new")).part(part)
                .columns(List.of("size", "throughput_bps")).runsFor(Duration.ofSeconds(3));
    }

    benchsh.shell.run.Test ok() {
        return test(measuring(Status.OK, null, Fake.rate(8e6))).build();
    }

    // RUN: measure and record

    @Test
    void recordsWhatThePartMeasuredWithTheTestsParamsTagsAndColumns() {
        Result r = executor.run(test(measuring(Status.OK, null, Fake.rate(8e6))).build(), RunContext.ROOT.withTags(Map.of("dir", "tx")));
        assertEquals(1, ran.get());
        assertEquals(List.of(r), kept.results, "recorded once, and the recorded result returned");
        assertEquals("fake", r.test());
        assertEquals(Status.OK, r.status());
        assertEquals("a", r.from());
        assertEquals("b", r.to());
        assertEquals(Map.of("size", 1024L), r.params());
        assertEquals(Map.of("throughput_bps", 8e6), r.metrics(), "a figure not measured (NaN) is left out");
        assertEquals(Map.of("dir", "tx", "label", "new"), r.tags(), "the context's tags and the test's");
        assertEquals(1, r.intervals().size());
        assertEquals(1, r.repeat(), "outside a repeat");
        assertEquals(List.of("size", "throughput_bps"), kept.columns.get(0));
    }

    @Test
    void theTestsOwnTagWinsOverTheContextsOfTheSameName() {
        Result r = executor.run(ok(), RunContext.ROOT.withTags(Map.of("label", "old")));
        assertEquals("new", r.tags().get("label"));
    }

    @Test
    void repeatsAreNumberedFromTheContext() {
        for (int i = 1; i <= 3; i++) {
            executor.run(ok(), RunContext.ROOT.withRepeat(i));
        }
        assertEquals(List.of(1, 2, 3), kept.results.stream().map(Result::repeat).toList());
    }

    @Test
    void theEpilogueIsPrintedAfterTheRow() {
        executor.run(test(measuring(Status.OK, null, Fake.rate(8e6))).epilogue((r, f) -> "after " + r.test() + " at " + ((Fake) f).throughputBps() + "\n")
                .build(), RunContext.ROOT);
        assertEquals("after fake at 8000000.0\n", kept.printed.toString(), "with the figures the row was made of");
    }

    @Test
    void whatATestMustHoldIsEnteredBeforeItsPartsAndLeftAfterInReverse() {
        List<String> events = new CopyOnWriteArrayList<>();
        Part part = new Part.InShell(() -> {
            events.add("part");
            return new PartOutcome(Status.FAILED, "a: write: disk full", Instant.EPOCH, Merged.NOTHING);
        });
        var t = test(part).around(e -> {
            events.add("enter mount");
            return () -> events.add("leave mount");
        }).around(e -> {
            events.add("enter lock");
            return () -> events.add("leave lock");
        }).build();
        executor.run(t, RunContext.ROOT);
        assertEquals(List.of("enter mount", "enter lock", "part", "leave lock", "leave mount"), events, "left after a failed test too");
    }

    @Test
    void twoPartsRunAtOnceAndTheirFiguresAreCombined() {
        CyclicBarrier both = new CyclicBarrier(2);
        Part.Action meet = () -> {
            try {
                both.await(30, TimeUnit.SECONDS);
            } catch (BrokenBarrierException | TimeoutException e) {
                throw new AssertionError("the parts did not run at once", e);
            }
            return new PartOutcome(Status.OK, null, Instant.EPOCH, Merged.of(Fake.rate(1e6), List.of()));
        };
        var t = test(new Part.InShell(meet)).part(new Part.InShell(meet))
                .combine(parts -> Merged.of(Fake.rate(parts.stream().mapToDouble(m -> m.figures(Fake.class).throughputBps()).sum()), List.of()))
                .build();
        Result r = executor.run(t, RunContext.ROOT);
        assertEquals(Status.OK, r.status());
        assertEquals(2e6, r.metrics().get("throughput_bps"));
    }

    // failures: recorded, with what was measured

    @Test
    void aFailedPartIsRecordedWithItsErrorAndWhatItMeasuredBefore() {
        Result r = executor.run(test(measuring(Status.FAILED, "b: receive: connection reset", new Fake(Double.NaN, Double.NaN, 4096L, null))).build(),
                RunContext.ROOT);
        assertEquals(Status.FAILED, r.status());
        assertEquals("b: receive: connection reset", r.error());
        assertEquals(Map.of("bytes", 4096L), r.metrics(), "the figures measured before the failure are kept");
        assertEquals(List.of(r), kept.results);
    }

    @Test
    void figuresThatFailTheTestMakeAnOkPartFailed() {
        Part part = new Part.InShell(() -> new PartOutcome(Status.OK, null, Instant.EPOCH,
                new Merged(new Fake(Double.NaN, Double.NaN, null, 10L), List.of(), "b: verify: 2 files differ")));
        Result r = executor.run(test(part).build(), RunContext.ROOT);
        assertEquals(Status.FAILED, r.status());
        assertEquals("b: verify: 2 files differ", r.error());
        assertEquals(Map.of("files", 10L), r.metrics());
    }

    @Test
    void aHostThatCannotBeReachedFailsTheTestNamingTheHostAndTheStep() {
        Result r = executor.run(test(new Part.InShell(() -> {
            throw new HostException("b", "login", "wrong password; check the user");
        })).build(), RunContext.ROOT);
        assertEquals(Status.FAILED, r.status());
        assertEquals("b: login: wrong password; check the user", r.error());
        assertEquals(1, kept.results.size());
    }

    @Test
    void aTestOfTwoPartsIsAsBadAsItsWorstPartAndSaysTheFirstError() {
        var t = test(measuring(Status.OK, null, Fake.rate(1e6)))
                .part(measuring(Status.FAILED, "a: send: broken pipe", Fake.rate(5e5)))
                .combine(parts -> parts.get(0)).build();
        Result r = executor.run(t, RunContext.ROOT);
        assertEquals(Status.FAILED, r.status());
        assertEquals("a: send: broken pipe", r.error());
        assertEquals(Map.of("throughput_bps", 1e6), r.metrics(), "the combined figures");
    }

    // PLAN: note the step, connect nowhere


    @Test
    void notesTheStepAndRunsRecordsAndConnectsNothing() {
        var t = test(measuring(Status.OK, null, Fake.rate(8e6)))
                .part(new Part.OnPeers(List.of(SideSpec.alone(a, "disk", "run", Map.of())), "run", sides -> Merged.NOTHING))
                .around(e -> {
                    throw new AssertionError("a plan enters nothing a test must hold (a mount connects)");
                }).build();
        Result r = executor.run(t, planning);
        assertEquals(0, ran.get(), "no part ran");
        assertEquals(0, a.connects.get() + b.connects.get(), "no host was connected");
        assertEquals(Host.State.NEW, a.state());
        assertTrue(kept.results.isEmpty(), "nothing recorded");
        assertEquals(List.of(new Plan.Step("fake", "a", "b", Map.of("size", 1024L), Map.of("label", "new", "dir", "rx"),
                Optional.of(Duration.ofSeconds(3)))), plan.steps());
        assertEquals(Status.OK, r.status());
        assertTrue(r.metrics().isEmpty(), "an unmeasured result");
        assertEquals(2, r.repeat());
    }

    @Test
    void aTestThatRunsUntilItsDataIsMovedHasNoEstimate() {
        executor.run(test(measuring(Status.OK, null, Fake.rate(Double.NaN))).finishesWithin(Duration.ofMinutes(5)).build(), planning);
        assertEquals(Optional.empty(), plan.steps().get(0).expected());
        assertEquals(1, plan.unknown());
    }

    @Test
    void theWatchedHostsAreNamedInTheStep() {
        executor.run(ok(), planning.observing(List.of(b, a), false));
        assertEquals("b, a", plan.steps().get(0).params().get("observe"));
        assertEquals(0, a.connects.get() + b.connects.get());
    }

    @Test
    void aTogetherBlockInAPlanNotesEachOfItsTests() {
        RunContext plannedBlock = planning.collecting(collected);
        executor.run(ok(), plannedBlock);
        executor.run(ok(), plannedBlock);
        Executor.Together t = executor.together(collected, planning);
        assertEquals(2, plan.steps().size());
        assertEquals(2, t.results().size());
        assertTrue(Double.isNaN(t.skewMillis()));
        assertEquals(0, ran.get());
        assertTrue(kept.results.isEmpty());
    }

    // COLLECT: keep the test for its together block


    @Test
    void keepsTheTestWithItsContextAndRunsNothingYet() {
        var t = ok();
        assertNull(executor.run(t, block));
        assertEquals(List.of(new RunContext.Collected(t, block)), collected);
        assertEquals(0, ran.get());
        assertTrue(kept.results.isEmpty());
    }

    @Test
    void theBlockStartsItsTestsTogetherAndRecordsThemInTheOrderAsked() {
        CyclicBarrier all = new CyclicBarrier(3);
        for (int i = 0; i < 3; i++) {
            double figure = i;
            executor.run(test(new Part.InShell(() -> {
                try {
                    all.await(30, TimeUnit.SECONDS);
                } catch (BrokenBarrierException | TimeoutException e) {
                    throw new AssertionError("the block's tests did not run at once", e);
                }
                return new PartOutcome(Status.OK, null, Instant.EPOCH, Merged.of(Fake.rate(figure), List.of()));
            })).build(), block);
        }
        Executor.Together t = executor.together(collected, RunContext.ROOT);
        assertEquals(List.of(0.0, 1.0, 2.0), t.results().stream().map(r -> r.metrics().get("throughput_bps")).toList());
        assertEquals(t.results(), kept.results);
        assertTrue(t.results().stream().allMatch(r -> r.tags().get("dir").equals("tx")), "each with the context it was asked in");
        assertFalse(Double.isNaN(t.skewMillis()), "every test passed the start gate");
    }

    @Test
    void aBlockHoldsAtMostSixtyFourTests() {
        for (int i = 0; i <= Executor.MAX_TOGETHER; i++) {
            executor.run(ok(), block);
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> executor.together(collected, RunContext.ROOT));
        assertTrue(e.getMessage().contains("at most 64 tests at once, not 65"), e.getMessage());
        assertEquals(0, ran.get());
    }

    // a series: rounds chosen from the trials before, then results derived from them

    /** A series of three rounds, the second two tests at once, each measuring its round's number in Mbit/s; it derives their sum. */
    class Doubling implements Series {
        final List<List<Double>> seen = new ArrayList<>();

        @Override
        public String name() {
            return "doubling";
        }

        @Override
        public Round next(List<Trial> trials) {
            seen.add(trials.stream().map(t -> t.figures(Fake.class).throughputBps()).toList());
            int round = trials.isEmpty() ? 1 : trials.get(trials.size() - 1).round() + 1;
            if (round > 3) {
                return null;
            }
            var t = test(measuring(Status.OK, null, Fake.rate(round * 1e6))).build();
            return new Round(round == 2 ? List.of(t, t) : List.of(t), Map.of("trial", round));
        }

        @Override
        public List<Round> worstCase() {
            return List.of(Round.of(ok(), Map.of("trial", 1)), Round.of(ok(), Map.of("trial", 2)));
        }

        @Override
        public List<Derived> derive(List<Trial> trials) {
            double sum = trials.stream().mapToDouble(t -> t.figures(Fake.class).throughputBps()).sum();
            return List.of(new Derived("sum", a, b, Map.of("rounds", 3L), Map.of("label", "all"), Status.OK, null, Fake.rate(sum),
                    List.of("throughput_bps"), trials.get(0)));
        }
    }

    @Test
    void aSeriesGetsEachRoundsTypedFiguresBackAndItsDerivedResultIsRecordedLast() {
        Doubling series = new Doubling();
        Series.Outcome o = executor.series(series, RunContext.ROOT.withTags(Map.of("dir", "tx")));
        assertEquals(List.of(List.of(), List.of(1e6), List.of(1e6, 2e6, 2e6), List.of(1e6, 2e6, 2e6, 3e6)), series.seen,
                "each round chosen from every trial before it");
        assertEquals(4, ran.get(), "the second round's two tests ran");
        assertEquals(List.of(1, 2, 2, 3), o.trials().stream().map(Series.Trial::round).toList());
        assertEquals(5, kept.results.size(), "every trial recorded, then the derived result");
        assertEquals(List.of(1, 2, 2, 3), kept.results.subList(0, 4).stream().map(r -> ((Number) r.tags().get("trial")).intValue()).toList(),
                "each trial tagged with its round's tags");
        Result sum = kept.results.get(4);
        assertEquals(o.derived(), List.of(sum));
        assertEquals("sum", sum.test());
        assertEquals(8e6, sum.metrics().get("throughput_bps"), "its figures flattened");
        assertEquals(Map.of("label", "all", "dir", "tx"), sum.tags(), "its own tags and the script's");
        assertEquals(List.of("throughput_bps"), kept.columns.get(4));
        assertEquals(1, o.trials().get(0).samples());
    }

    @Test
    void aSeriesInAPlanNotesItsWorstCaseAndRunsNothing() {
        Series.Outcome o = executor.series(new Doubling(), planning);
        assertEquals(0, ran.get());
        assertTrue(kept.results.isEmpty());
        assertEquals(List.of(1L, 2L), plan.steps().stream().map(s -> ((Number) s.tags().get("trial")).longValue()).toList());
        assertEquals(2, o.trials().size());
        assertTrue(o.derived().isEmpty());
    }

    @Test
    void aSeriesCannotStartWithTheTestsOfATogetherBlock() {
        benchsh.shell.args.UsageException e = assertThrows(benchsh.shell.args.UsageException.class, () -> executor.series(new Doubling(), block));
        assertTrue(e.getMessage().startsWith("doubling runs its tests one after another") && e.getMessage().contains("together"), e.getMessage());
        assertTrue(collected.isEmpty());
        assertEquals(0, ran.get());
    }

    @Test
    void aStopDuringASeriesStartsNoFurtherRound() {
        Series stopping = new Doubling() {
            @Override
            public Round next(List<Trial> trials) {
                if (trials.size() == 1) {
                    control.requestCancel("stopped by SIGINT");
                }
                return super.next(trials);
            }
        };
        assertThrows(TestCancelledException.class, () -> executor.series(stopping, RunContext.ROOT));
        assertEquals(1, ran.get());
        assertEquals(1, kept.results.size(), "what ran is recorded");
    }

    // a stop the user asked for

    @Test
    void aStopAskedForBeforeATestKeepsItFromStarting() {
        control.requestCancel("stopped by SIGTERM");
        TestCancelledException e = assertThrows(TestCancelledException.class, () -> executor.run(ok(), RunContext.ROOT));
        assertEquals("stopped by SIGTERM", e.getMessage());
        assertEquals(0, ran.get());
        assertTrue(kept.results.isEmpty());
    }

    @Test
    void aStopDuringATestLetsItBeRecordedAndStartsNoOther() {
        var stopping = test(new Part.InShell(() -> {
            ran.incrementAndGet();
            control.requestCancel("stopped by the user (Ctrl-C twice)");
            return new PartOutcome(Status.OK, null, Instant.EPOCH, Merged.of(Fake.rate(8e6), List.of()));
        })).build();
        executor.run(stopping, RunContext.ROOT.withRepeat(1));
        assertThrows(TestCancelledException.class, () -> executor.run(stopping, RunContext.ROOT.withRepeat(2)));
        assertEquals(1, ran.get());
        assertEquals(1, kept.results.size());
    }

    @Test
    void aStopKeepsPlansAndTogetherBlocksFromGoingOn() {
        executor.run(ok(), block);
        control.requestCancel("stopped by SIGINT");
        assertThrows(TestCancelledException.class, () -> executor.run(ok(), RunContext.ROOT.planning(plan)));
        assertThrows(TestCancelledException.class, () -> executor.together(collected, RunContext.ROOT));
        assertTrue(plan.steps().isEmpty());
        assertEquals(0, ran.get());
        control.clearCancel();
        executor.run(ok(), RunContext.ROOT);
        assertEquals(1, ran.get(), "a cleared stop lets the next line run");
    }
}
