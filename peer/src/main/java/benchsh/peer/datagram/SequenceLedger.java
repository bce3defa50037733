package benchsh.peer.datagram;

/**
 * A receiver's account of numbered messages (sequence numbers from 0): how many distinct ones arrived,
 * how many arrived after a higher-numbered one (out of order) and how many were duplicates. Duplicates
 * are recognized within the last {@link #WINDOW} sequence numbers; older stragglers count as received
 * and out of order. Once the sender's count is known, {@code lost = sent - received}, so the two sides
 * always reconcile: {@code sent = received + lost}. Not thread-safe.
 */
public final class SequenceLedger {
    /** How many recent sequence numbers are remembered for duplicate detection. */
    public static final int WINDOW = 1 << 16;

    private final long[] seen = new long[WINDOW / 64];
    private long highest = -1;
    private long received;
    private long outOfOrder;
    private long duplicates;

    /** Records message {@code seq}; returns false if it is a duplicate (and should not be counted). */
    public boolean add(long seq) {
        if (seq < 0) {
            throw new IllegalArgumentException("sequence numbers start at 0: " + seq);
        }
        if (seq > highest) {
            if (seq - highest >= WINDOW) {
                java.util.Arrays.fill(seen, 0);
            } else {
                for (long s = highest + 1; s < seq; s++) {
                    clear(s);
                }
            }
            highest = seq;
            set(seq);
        } else if (highest - seq >= WINDOW) {
            outOfOrder++;
        } else if (isSet(seq)) {
            duplicates++;
            return false;
        } else {
            set(seq);
            outOfOrder++;
        }
        received++;
        return true;
    }

    /** Distinct messages received. */
    public long received() {
        return received;
    }

    public long outOfOrder() {
        return outOfOrder;
    }

    public long duplicates() {
        return duplicates;
    }

    /** The highest sequence number seen, -1 before the first. */
    public long highest() {
        return highest;
    }

    /** Messages lost given how many were sent; without the count, {@code highest + 1} stands in for it. */
    public long lost(long sent) {
        return Math.max(0, sent - received);
    }

    private int slot(long seq) {
        return (int) (seq & (WINDOW - 1));
    }

    private void set(long seq) {
        int i = slot(seq);
        seen[i >>> 6] |= 1L << (i & 63);
    }

    private void clear(long seq) {
        int i = slot(seq);
        seen[i >>> 6] &= ~(1L << (i & 63));
    }

    private boolean isSet(long seq) {
        int i = slot(seq);
        return (seen[i >>> 6] & (1L << (i & 63))) != 0;
    }
}
