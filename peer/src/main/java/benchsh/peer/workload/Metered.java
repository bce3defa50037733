package benchsh.peer.workload;

/**
 * A report record whose side has a {@link Meter} (every side but an observer's): its meter's figures, which the shell
 * reads whatever the workload, e.g. to say how long a stalled side saw nothing, or to line its interval samples up with
 * another host's. A report record implements it with a component named {@code meter}.
 */
public interface Metered {
    /** The meter's figures; null when the side ended before any data flowed. */
    MeterFigures meter();
}
