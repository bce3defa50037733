package benchsh.peer.workload;

import static benchsh.peer.workload.Sides.doubleOf;
import static benchsh.peer.workload.Sides.longOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

/** What every request/response test shows whatever its protocol, and the timing its specs share. */
final class RrChecks {
    static final Timing TIMING = new Timing(1_000_000_000L, 10_000_000_000L);
    /** A short timeout, for sides that are meant to give up. */
    static final Timing IMPATIENT = new Timing(1_000_000_000L, 300_000_000L);

    private RrChecks() {
    }

    /** Runs server and client on loopback; returns {server, client}. */
    static Outcome[] pair(Workload w, Record server, Record client) throws Exception {
        return Sides.pair(w, server, client, new RecordingContext(), new RecordingContext());
    }

    /**
     * Both sides ended ok, every request was answered once, the percentiles are ordered and (the client asked
     * for the histogram) the buckets hold every timed transaction.
     */
    static void everyTransactionCountedAndTimed(Outcome[] o) {
        assertNull(o[0].error(), o[0].error());
        assertNull(o[1].error(), o[1].error());
        long transactions = longOf(o[1], "transactions_total");
        assertTrue(transactions > 0);
        assertEquals(transactions, longOf(o[0], "transactions_total"), "every request answered once");
        assertTrue(longOf(o[1], "latency_count") <= transactions);
        double p50 = doubleOf(o[1], "latency_p50_us");
        assertTrue(p50 > 0 && p50 <= doubleOf(o[1], "latency_p90_us") && doubleOf(o[1], "latency_p90_us") <= doubleOf(o[1], "latency_p99_us")
                && doubleOf(o[1], "latency_p99_us") <= doubleOf(o[1], "latency_p99_9_us")
                && doubleOf(o[1], "latency_p99_9_us") <= doubleOf(o[1], "latency_max_us"), o[1].metrics().toString());
        List<?> buckets = (List<?>) o[1].metrics().get("latency_buckets_ns");
        long inBuckets = 0;
        for (int i = 2; i < buckets.size(); i += 3) {
            inBuckets += ((Number) buckets.get(i)).longValue();
        }
        assertEquals(longOf(o[1], "latency_count"), inBuckets);
    }
}
