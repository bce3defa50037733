package benchsh.peer.workload;

/**
 * Figures a side adds to its meter's interval samples ({@link Meter#extend}), read at each interval's end: e.g. what
 * the kernel says about its connections ({@code benchsh.peer.io.TcpInfoSampler}). Its calls come from the meter's
 * sampler thread, while the side's data flows (without a warm-up, {@link #begin} comes a moment after the meter's
 * start). Neither may throw: the sampler thread also watches for stalls.
 */
public interface SampleExtension {
    /** The measured span begins (the warm-up is over, or there is none): what the intervals' differences start from. */
    void begin();

    /**
     * The figures of the interval that ends now, given what the meter counted in it ({@link Interval.Bytes} or {@link
     * Interval.Transactions}); of the type the side's role declares for its samples ({@link Role#sample}).
     */
    Record sample(Record counted);
}
