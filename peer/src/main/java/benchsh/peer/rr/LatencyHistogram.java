package benchsh.peer.rr;

import java.util.ArrayList;
import java.util.List;

/**
 * A log-linear histogram of latencies in ns, in the manner of HdrHistogram: values below 256 are
 * exact; above, each power of two is split into 128 equal buckets, so a value is known to within
 * 1/128 (0.8 %) of itself, from 1 ns to 2^63 ns, in a fixed 58 KiB. Percentiles report the highest
 * value of their bucket (never above the recorded maximum), as HdrHistogram's
 * {@code getValueAtPercentile} does. Written here rather than shading HdrHistogram because the peer
 * must stay JDK-only and needs nothing but record and percentile. Not thread-safe.
 */
public final class LatencyHistogram {
    private static final int SUB_BITS = 8;
    private static final int HALF = 1 << (SUB_BITS - 1);
    private static final int BUCKETS = (64 - SUB_BITS + 1) * HALF + HALF;

    private final long[] counts = new long[BUCKETS];
    private long total;
    private long min = Long.MAX_VALUE;
    private long max;
    private double sum;

    /** Records one value in ns (negative values count as 0). */
    public void record(long nanos) {
        long v = Math.max(0, nanos);
        counts[index(v)]++;
        total++;
        sum += v;
        min = Math.min(min, v);
        max = Math.max(max, v);
    }

    static int index(long v) {
        if (v < 2 * HALF) {
            return (int) v;
        }
        int shift = 63 - Long.numberOfLeadingZeros(v) - (SUB_BITS - 1);
        return shift * HALF + (int) (v >>> shift);
    }

    static long lowest(int index) {
        if (index < 2 * HALF) {
            return index;
        }
        int shift = index / HALF - 1;
        long top = index % HALF + HALF;
        return top << shift;
    }

    static long highest(int index) {
        if (index < 2 * HALF) {
            return index;
        }
        int shift = index / HALF - 1;
        return lowest(index) + (1L << shift) - 1;
    }

    public long count() {
        return total;
    }

    public long max() {
        return total == 0 ? 0 : max;
    }

    public long min() {
        return total == 0 ? 0 : min;
    }

    public double mean() {
        return total == 0 ? 0 : sum / total;
    }

    /** The value at percentile {@code p} (0 < p ≤ 100), in ns; 0 when empty. */
    public long percentile(double p) {
        if (total == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(p / 100.0 * total));
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return Math.min(highest(i), max);
            }
        }
        return max;
    }

    /** The non-empty buckets as a flat list of {@code lowest_ns, highest_ns, count} triples, ascending. */
    public List<Object> buckets() {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < BUCKETS; i++) {
            if (counts[i] > 0) {
                out.add(lowest(i));
                out.add(highest(i));
                out.add(counts[i]);
            }
        }
        return out;
    }
}
