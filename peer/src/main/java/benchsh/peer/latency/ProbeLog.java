package benchsh.peer.latency;

import benchsh.peer.protocol.ClockExchange;
import java.util.Arrays;

/**
 * Every probe of a test as its timestamps, kept until the test ends, and the figures of any span of it: probe {@code
 * seq} (numbered as sent, so send times only grow) went out at {@code t1} on the prober's clock; its answer says the
 * reflector's clock read {@code t2} as it arrived and {@code t3} as it left, and it was back at {@code t4}. Kept are t1,
 * the way up as the clocks read it ({@code t2 − t1}) and the way down ({@code t4 − t3}); their sum is the round trip
 * less the reflector's hold, and with the clock offset θ out of them they are the one-way delays ({@code up − θ}, {@code
 * down + θ}). Thread-safe: the prober's sending thread logs sends, its receiving thread answers, and figures are read
 * from either or the sampler.
 */
final class ProbeLog {
    private static final long NONE = Long.MIN_VALUE;

    private final long[] sent;
    private final long[] up;
    private final long[] down;
    private int count;
    private int answered;
    private long firstSent;
    private long lastSent;

    /** Room for {@code capacity} probes. */
    ProbeLog(int capacity) {
        sent = new long[capacity];
        up = new long[capacity];
        down = new long[capacity];
        Arrays.fill(down, NONE);
    }

    /** Logs the next probe, sent at {@code t1}; returns its sequence number, or -1 when the log is full. */
    synchronized int sent(long t1) {
        if (count == sent.length) {
            return -1;
        }
        sent[count] = t1;
        if (count == 0) {
            firstSent = t1;
        }
        lastSent = t1;
        return count++;
    }

    /**
     * Logs the answer to probe {@code seq}; false (and nothing logged) for a probe never sent, one answered before, or an
     * answer whose echoed send time is not the probe's (a stray).
     */
    synchronized boolean answered(long seq, long t1, long t2, long t3, long t4) {
        if (seq < 0 || seq >= count || sent[(int) seq] != t1 || down[(int) seq] != NONE) {
            return false;
        }
        int i = (int) seq;
        up[i] = t2 - t1;
        down[i] = t4 - t3;
        answered++;
        return true;
    }

    synchronized int sentCount() {
        return count;
    }

    synchronized int answeredCount() {
        return answered;
    }

    /** The mean interval between the probes as they went out, in µs; NaN with fewer than two. */
    synchronized double achievedIntervalUs() {
        return count < 2 ? Double.NaN : (lastSent - firstSent) / 1e3 / (count - 1);
    }

    /** The answered probe sent in [from, to) (nanoseconds after {@code start}) with the shortest round trip, as an exchange; null for none. */
    synchronized ClockExchange fastest(long start, long from, long to) {
        int best = -1;
        for (int i = first(start + from), end = first(start + to); i < end; i++) {
            if (down[i] != NONE && (best < 0 || up[i] + down[i] < up[best] + down[best])) {
                best = i;
            }
        }
        if (best < 0) {
            return null;
        }
        long t2 = sent[best] + up[best];
        return new ClockExchange(sent[best], t2, t2, t2 + down[best]); // the hold is out of both ways already
    }

    /** The figures of the probes sent in [from, to), nanoseconds after {@code start}, the clock offset taken out of each way. */
    synchronized LatencyProbe.Probes probes(long start, long from, long to, ClockOffset clock) {
        Span s = span(start + from, start + to, clock);
        return new LatencyProbe.Probes(s.sent, s.sent - s.rtt.size(), s.rtt.percentileUs(0.5), s.rtt.percentileUs(0.9), s.rtt.percentileUs(0.99),
                s.rtt.maxUs(), s.rtt.trimmedMeanUs(), s.up.percentileUs(0.5), s.up.percentileUs(0.99), s.down.percentileUs(0.5),
                s.down.percentileUs(0.99));
    }

    /** The interval sample of the probes sent in [from, to), nanoseconds after {@code start}. */
    synchronized LatencyProbe.Sample sample(long start, long from, long to, ClockOffset clock) {
        Span s = span(start + from, start + to, clock);
        return new LatencyProbe.Sample(s.sent, s.sent - s.rtt.size(), s.rtt.percentileUs(0.5), s.rtt.maxUs(), s.up.percentileUs(0.5),
                s.down.percentileUs(0.5));
    }

    /** The probes sent in [from, to) on the prober's clock: how many, and the round trips and delays of those answered. */
    private record Span(int sent, Distribution rtt, Distribution up, Distribution down) {
    }

    private Span span(long from, long to, ClockOffset clock) {
        int lo = first(from);
        int hi = Math.max(lo, first(to));
        long[] rtt = new long[hi - lo];
        long[] ups = new long[hi - lo];
        long[] downs = new long[hi - lo];
        int n = 0;
        int oneWay = 0;
        for (int i = lo; i < hi; i++) {
            if (down[i] == NONE) {
                continue;
            }
            rtt[n++] = up[i] + down[i];
            double theta = clock.at(sent[i]);
            if (!Double.isNaN(theta)) {
                ups[oneWay] = Math.round(up[i] - theta);
                downs[oneWay++] = Math.round(down[i] + theta);
            }
        }
        return new Span(hi - lo, new Distribution(rtt, n), new Distribution(ups, oneWay), new Distribution(downs, oneWay));
    }

    /** The first probe sent at or after {@code nanos} (send times only grow), or the count when none was. */
    private int first(long nanos) {
        int lo = 0;
        int hi = count;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sent[mid] - nanos < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
