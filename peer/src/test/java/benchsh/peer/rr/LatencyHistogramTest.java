package benchsh.peer.rr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class LatencyHistogramTest {
    @Test
    void smallValuesAreExact() {
        LatencyHistogram h = new LatencyHistogram();
        for (long v = 0; v < 200; v++) {
            h.record(v);
        }
        assertEquals(99, h.percentile(50));
        assertEquals(199, h.percentile(100));
        assertEquals(0, h.min());
    }

    @Test
    void percentilesAreWithinTheBucketPrecision() {
        LatencyHistogram h = new LatencyHistogram();
        for (long us = 1; us <= 10_000; us++) {
            h.record(us * 1000);
        }
        for (double p : new double[] {50, 90, 99, 99.9}) {
            double exact = Math.ceil(p / 100 * 10_000) * 1000;
            long got = h.percentile(p);
            assertTrue(got >= exact && got <= exact * (1 + 1.0 / 128), p + ": " + got + " vs " + exact);
        }
        assertEquals(10_000_000, h.max());
        assertEquals(10_000_000, h.percentile(100));
        assertEquals(5_000_500, h.mean(), 1e-6);
    }

    @Test
    void bucketsCoverEveryValueContiguously() {
        for (long v : new long[] {255, 256, 383, 384, 1L << 40, (1L << 40) + 12345, Long.MAX_VALUE}) {
            int i = LatencyHistogram.index(v);
            assertTrue(LatencyHistogram.lowest(i) <= v && v <= LatencyHistogram.highest(i), "value " + v);
            assertEquals(LatencyHistogram.highest(i) + 1, i + 1 < 7424 ? LatencyHistogram.lowest(i + 1) : LatencyHistogram.highest(i) + 1);
        }
    }

    @Test
    void bucketListAddsUpToTheCount() {
        LatencyHistogram h = new LatencyHistogram();
        for (int i = 0; i < 1000; i++) {
            h.record(1000 + i * 37L);
        }
        List<Object> b = h.buckets();
        long sum = 0;
        for (int i = 2; i < b.size(); i += 3) {
            sum += (Long) b.get(i);
        }
        assertEquals(1000, sum);
    }
}
