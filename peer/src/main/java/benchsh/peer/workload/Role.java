package benchsh.peer.workload;

import benchsh.peer.metric.Flat;
import benchsh.peer.protocol.SpecCodec;

/**
 * One role a workload plays (e.g. "listen", "connect"): the record of its spec, what the shell sends (checked against
 * its caps, {@link SpecCodec}), of its report, what the side's DONE carries, and of the figures of its interval samples
 * ({@link Interval}). The three records are the whole contract between the shell and the side. Immutable.
 */
public record Role(Class<? extends Record> spec, Class<? extends Record> report, Class<? extends Record> sample) {
    /**
     * @throws IllegalStateException when a record cannot be what it is for: a spec number without its cap, a report
     *                               figure without a unit its name carries
     */
    public Role {
        SpecCodec.checkSpec(spec);
        SpecCodec.checkFigures(report);
        SpecCodec.checkFigures(sample);
        Flat.declared(report);
        Flat.declared(sample);
    }

    /** A role whose side moves data: its samples are {@link Interval.Bytes}. */
    public static Role of(Class<? extends Record> spec, Class<? extends Record> report) {
        return new Role(spec, report, Interval.Bytes.class);
    }
}
