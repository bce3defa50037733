package benchsh.shell.definition;

import benchsh.peer.latency.LatencyProbe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The phases of a latency-under-load test, one after the other: crusader's idle, download, upload, both, idle again,
 * or RRUL's idle, both directions at once, idle again. Each phase's figures leave out its first {@code omit} (the
 * streams' slow start, the queue the phase before left), so every phase must be longer than that. The first phase is
 * the idle reference the others' added latency is measured against; the first and the last are where the probes
 * measure the clock offset. Immutable.
 *
 * @param omit the warm-up at the start of every phase
 */
record Phases(List<Phase> all, Duration omit) {
    /** One phase: its name (a figure's prefix), when it starts after the test's, how long it lasts, which directions are loaded. */
    record Phase(String name, Duration start, Duration length, boolean down, boolean up) {
        Duration end() {
            return start.plus(length);
        }

        boolean loaded() {
            return down || up;
        }

        /** The span its figures cover: after its warm-up, to its end, in nanoseconds from the test's start. */
        LatencyProbe.Window measured(Duration omit) {
            return new LatencyProbe.Window(start.plus(omit).toNanos(), end().toNanos());
        }
    }

    /** The two ways to load the link, by the tool that made them known. */
    enum Mode {
        /** crusader: download, upload, then both, each alone between idle phases. */
        CRUSADER,
        /** flent's RRUL: both directions at once. */
        RRUL
    }

    Phases {
        all = List.copyOf(all);
    }

    /**
     * The phases of {@code mode}: each idle phase {@code idle} long, each loaded one {@code time}.
     *
     * @throws IllegalArgumentException when a phase is not longer than the warm-up
     */
    static Phases of(Mode mode, Duration idle, Duration time, Duration omit) {
        longerThanWarmUp("idle:", idle, omit);
        longerThanWarmUp("time:", time, omit);
        List<Phase> phases = new ArrayList<>();
        next(phases, "idle", idle, false, false);
        if (mode == Mode.CRUSADER) {
            next(phases, "download", time, true, false);
            next(phases, "upload", time, false, true);
        }
        next(phases, "both", time, true, true);
        next(phases, "idle_end", idle, false, false);
        return new Phases(phases, omit);
    }

    private static void longerThanWarmUp(String arg, Duration length, Duration omit) {
        if (length.compareTo(omit) <= 0) {
            throw new IllegalArgumentException("a phase of " + seconds(length) + " (" + arg + ") is not longer than its warm-up (omit: " + seconds(omit)
                    + "), which its figures leave out: make " + arg + " longer or omit: shorter");
        }
    }

    /** Adds a phase that begins where the last one ends. */
    private static void next(List<Phase> phases, String name, Duration length, boolean down, boolean up) {
        Duration start = phases.isEmpty() ? Duration.ZERO : phases.get(phases.size() - 1).end();
        phases.add(new Phase(name, start, length, down, up));
    }

    /** How long the whole test lasts. */
    Duration total() {
        return all.get(all.size() - 1).end();
    }

    /** The idle phase the others' added latency is against: the first. */
    Phase reference() {
        return all.get(0);
    }

    /** What the probes report on: each phase's measured span, in order (the first and last idle, for the clock). */
    List<LatencyProbe.Window> windows() {
        return all.stream().map(p -> p.measured(omit)).toList();
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() / 1000.0 + " s";
    }
}
