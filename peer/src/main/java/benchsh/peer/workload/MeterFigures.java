package benchsh.peer.workload;

/**
 * What a side's {@link Meter} measured, whatever it counts ({@link Streamed} bytes, {@link Transacted} transactions):
 * the span, the warm-up left out before it, the CPU over it, and how long the side had seen nothing when it stalled.
 */
public interface MeterFigures {
    /** The measured span, in seconds. */
    double seconds();

    /** The warm-up before it, left out of the figures: the interval samples' 0 s is this long after the data began. */
    double omittedSeconds();

    /** The CPU over the span; null where it is not known (figures added up from interval samples). */
    SideCpu cpu();

    /** How long the side had seen no data when it gave up, in whole seconds; null when it did not stall. */
    Long stalledSeconds();
}
