package benchsh.shell.run;

import benchsh.peer.workload.Interval;
import benchsh.peer.workload.MeterFigures;
import benchsh.peer.workload.Metered;
import benchsh.peer.workload.Streamed;
import benchsh.peer.workload.Transacted;
import benchsh.shell.host.SideEnd;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How the sides of one part ended, by role: each side's end (its typed report, samples and error; null if it never
 * reported), the interval samples the shell received from each (kept when a side's peer was lost before it reported),
 * and the roles whose peer was lost before they reported (the side cleaned nothing up). What a merge reads, typed: a
 * side's report as its record, its meter's figures whatever the workload, and for a side whose peer died what its
 * samples add up to. Immutable.
 */
public record Sides(Map<String, SideEnd> ended, Map<String, List<Interval<?>>> received, Set<String> lost) {
    public Sides {
        ended = Collections.unmodifiableMap(new LinkedHashMap<>(ended));
        received = Map.copyOf(received);
        lost = Set.copyOf(lost);
    }

    /** Whether the side in {@code role} ended because its peer was lost before it reported. */
    public boolean peerLost(String role) {
        return lost.contains(role);
    }

    /** The report of the side in {@code role} as a {@code type}, or null when it has none (it never reported, its peer died). */
    public <R extends Record> R report(String role, Class<R> type) {
        SideEnd e = ended.get(role);
        return e != null && type.isInstance(e.report()) ? type.cast(e.report()) : null;
    }

    /** The meter's figures of the side in {@code role}, or null when its report has none. */
    public MeterFigures meter(String role) {
        SideEnd e = ended.get(role);
        return e != null && e.report() instanceof Metered m ? m.meter() : null;
    }

    /**
     * What the side in {@code role} moved: its meter's figures, or, if its peer died before it could report them, what
     * its interval samples add up to ({@link Streamed#of}); null when neither is there.
     */
    public Streamed streamed(String role) {
        return meter(role) instanceof Streamed s ? s : Streamed.of(intervals(role));
    }

    /** The transactions of the side in {@code role}, as {@link #streamed}: its meter's, else what its samples add up to. */
    public Transacted transacted(String role) {
        return meter(role) instanceof Transacted t ? t : Transacted.of(samples(role, Interval.Transactions.class));
    }

    /** The interval samples the side in {@code role} reported (or the shell received before it was lost). */
    public List<Interval<?>> intervals(String role) {
        SideEnd e = ended.get(role);
        return e != null && !e.intervals().isEmpty() ? e.intervals() : received.getOrDefault(role, List.of());
    }

    /** The samples of the side in {@code role} whose figures are {@code figures}. */
    @SuppressWarnings("unchecked")
    private <F extends Record> List<Interval<F>> samples(String role, Class<F> figures) {
        List<Interval<F>> out = new ArrayList<>();
        for (Interval<?> i : intervals(role)) {
            if (figures.isInstance(i.figures())) {
                out.add((Interval<F>) i);
            }
        }
        return out;
    }
}
