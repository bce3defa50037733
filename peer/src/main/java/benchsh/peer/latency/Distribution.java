package benchsh.peer.latency;

import java.util.Arrays;

/**
 * The order statistics of a set of durations in nanoseconds, as microseconds: nearest-rank percentiles (the smallest
 * value with at least {@code q} of the values at or below it), the maximum, and the single-sided trimmed mean of
 * draft-ietf-ippm-responsiveness (the mean of the values up to the 95th percentile; the slowest 5 % left out). Every
 * figure of an empty set is NaN. Immutable once made, so thread-safe.
 */
public final class Distribution {
    /** The share of the values a trimmed mean keeps: draft-ietf-ippm-responsiveness's TMP, 95 %. */
    static final double TRIMMED = 0.95;

    private final long[] sorted;

    /** Of the first {@code n} values of {@code nanos}. */
    public Distribution(long[] nanos, int n) {
        this.sorted = Arrays.copyOf(nanos, n);
        Arrays.sort(sorted);
    }

    public int size() {
        return sorted.length;
    }

    /** The {@code q} quantile (0 < q ≤ 1), by nearest rank, in µs. */
    public double percentileUs(double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)] / 1e3;
    }

    public double maxUs() {
        return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1] / 1e3;
    }

    /** The mean of the values up to the 95th percentile (by nearest rank), in µs. */
    public double trimmedMeanUs() {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int kept = Math.max(1, (int) Math.ceil(TRIMMED * sorted.length));
        double sum = 0;
        for (int i = 0; i < kept; i++) {
            sum += sorted[i];
        }
        return sum / kept / 1e3;
    }
}
